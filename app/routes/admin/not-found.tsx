import { requirePermission } from "~/features/accounts/index.server";
import type { Route } from "./+types/not-found";

/** An unknown console path: staff get a 404 inside the console, others the gate's answer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "console:access");
  throw new Response("Page introuvable", { status: 404 });
}

export default function AdminNotFound() {
  return null;
}

/** Rendered inside the console's shell, so the menu stays at hand. */
export function ErrorBoundary() {
  return (
    <div className="py-12 text-center">
      <p className="text-5xl font-bold text-primary">404</p>
      <h1 className="mt-2 text-2xl font-semibold">Page introuvable</h1>
      <p className="mt-2 text-muted-foreground">Cette page de la console n'existe pas.</p>
      <a className="mt-4 inline-block text-primary underline" href="/admin">
        Retour au tableau de bord
      </a>
    </div>
  );
}
