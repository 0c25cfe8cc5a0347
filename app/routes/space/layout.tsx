import { Home, KeyRound, LogOut } from "lucide-react";
import { Form, isRouteErrorResponse, Link, NavLink, Outlet } from "react-router";
import { SPACE_HOME, SPACE_PASSWORD, SPACE_ROLE_LABELS, type SpaceRole } from "~/features/spaces";
import { requireSpaceMember } from "~/features/spaces/index.server";
import { cn } from "~/ui/cn";
import type { Route } from "./+types/layout";

/**
 * The walls of /espace: a signed-out visitor goes to the sign-in page, an account without any
 * membership gets a 403. Each page under it asks again for the records it shows (learnerOf…).
 */
export async function loader(args: Route.LoaderArgs) {
  const { user, memberships } = await requireSpaceMember(args);
  const roles = [...new Set(memberships.map((m) => m.role))] as SpaceRole[];
  return { name: user.name, roles };
}

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm hover:bg-muted",
    isActive && "bg-muted font-medium",
  );

export default function SpaceLayout({ loaderData }: Route.ComponentProps) {
  const { name, roles } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 border-b border-border pb-4">
        <div className="min-w-0">
          <p className="text-xs uppercase tracking-wide text-muted-foreground">Mon espace</p>
          <p className="text-lg font-semibold [overflow-wrap:anywhere]" data-testid="space-person">
            {name}
          </p>
          <p className="text-xs text-muted-foreground">
            {roles.map((r) => SPACE_ROLE_LABELS[r]).join(" · ")}
          </p>
        </div>
        <nav aria-label="Mon espace" className="flex flex-wrap items-center gap-1">
          <NavLink to={SPACE_HOME} end className={navLink}>
            <Home aria-hidden="true" className="h-4 w-4" /> Accueil
          </NavLink>
          <NavLink to={SPACE_PASSWORD} className={navLink}>
            <KeyRound aria-hidden="true" className="h-4 w-4" /> Mot de passe
          </NavLink>
          <Form method="post" action="/auth/deconnexion">
            <button type="submit" className={navLink({ isActive: false })}>
              <LogOut aria-hidden="true" className="h-4 w-4" /> Se déconnecter
            </button>
          </Form>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}

/** A record that is not the person's (or does not exist), or no space at all: said in French. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 404
      ? "Page introuvable"
      : status === 403
        ? "Aucun espace personnel n'est ouvert pour ce compte"
        : "Une erreur est survenue";
  const text =
    status === 404
      ? "Cette page n'existe pas ou ne fait pas partie de votre espace."
      : status === 403
        ? "Votre espace s'ouvre quand le centre vous y invite. Si vous pensez que c'est une erreur, contactez le centre."
        : "Nous n'avons pas pu afficher cette page. Réessayez dans un instant.";
  return (
    <main id="contenu" className="mx-auto max-w-md px-4 py-10 text-center">
      <p className="text-4xl font-bold text-primary">{status}</p>
      <h1 className="mt-2 text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{text}</p>
      <Link to={status === 403 ? "/" : SPACE_HOME} className="mt-4 inline-block text-primary underline">
        {status === 403 ? "Retour à l'accueil du site" : "Retour à mon espace"}
      </Link>
    </main>
  );
}
