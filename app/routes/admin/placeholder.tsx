import { Construction } from "lucide-react";
import { useMatches } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Card, CardContent } from "~/components/ui/card";
import { requirePermission } from "~/server/session.server";
import type { Route } from "./+types/placeholder";

const TITLES: Record<string, string> = {
  "admin-settings": "Paramètres",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "console:access");
  return null;
}

/** Paramètres is announced, not built yet. */
export default function Placeholder() {
  const matches = useMatches();
  const id = matches[matches.length - 1]?.id ?? "";
  const title = TITLES[id] ?? "Page";
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center sm:py-12">
          <Construction aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
          <p className="text-lg font-medium">Cette section est en cours de développement.</p>
          <p className="text-muted-foreground">
            Elle sera disponible dans une prochaine version de la console.
          </p>
        </CardContent>
      </Card>
    </>
  );
}
