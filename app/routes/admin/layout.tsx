import { ShieldAlert } from "lucide-react";
import { isRouteErrorResponse, Outlet, useNavigate } from "react-router";
import { ROLE_LABELS } from "~/features/accounts";
import { currentPrincipal, requirePermission } from "~/features/accounts/index.server";
import { AdminSidebar } from "~/features/console";
import { getCentreName } from "~/features/settings/index.server";
import { LIVE_TABLES } from "~/platform/live-tables";
import { readOrNull } from "~/platform/safe-read.server";
import { pageTitle } from "~/platform/seo";
import { useLiveRevalidation } from "~/platform/use-live";
import { SidebarProvider, SidebarTrigger, sidebarOpenFromCookie } from "~/ui/sidebar";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Console d'administration"),
  { name: "robots", content: "noindex" },
];

/**
 * Reads the signed-in user and role once for the whole request, before any loader or action runs;
 * the root loader and every console loader and action then share that read. It refuses nobody itself:
 * an error thrown here would be shown by the root's boundary, not by this layout's 'Accès refusé'
 * page, so each loader and action checks its own permission with requirePermission.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    await currentPrincipal(args);
    return next();
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, role } = await requirePermission({ request, context }, "console:access");
  const { app } = context;
  return {
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    role,
    // The sidebar's title; a failed read leaves the neutral title rather than an error page.
    centreName: (await readOrNull(app.logger, "centre name", () => getCentreName(app.db))) ?? "",
    sidebarOpen: sidebarOpenFromCookie(request.headers.get("cookie")),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, role, sidebarOpen, centreName } = loaderData;
  // Every table the console shows: a new lead or a colleague's edit appears without a reload.
  useLiveRevalidation(LIVE_TABLES);
  return (
    <SidebarProvider defaultOpen={sidebarOpen}>
      <div className="flex min-h-screen">
        <AdminSidebar user={user} centreName={centreName} />
        <div className="flex min-w-0 flex-1 flex-col">
          <header
            data-console-header
            className="sticky top-0 z-40 flex min-h-14 items-center gap-3 border-b border-border bg-background px-4 py-2"
          >
            <SidebarTrigger />
            {/* Wraps rather than being cut to 'Console d'ad…' on a phone. */}
            <p className="min-w-0 flex-1 font-semibold leading-tight">Console d'administration</p>
            <span
              className="shrink-0 rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground"
              data-testid="admin-role"
            >
              {ROLE_LABELS[role]}
            </span>
          </header>
          <main id="contenu" className="min-w-0 flex-1 p-4 sm:p-6">
            <Outlet />
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}

/** Anyone without a staff role sees this, and nothing of the console. */
function AccessDenied() {
  const navigate = useNavigate();
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <ShieldAlert aria-hidden="true" className="h-12 w-12 text-destructive" />
      <h1 className="text-2xl font-semibold">Accès refusé</h1>
      <p className="text-muted-foreground">
        Vous n'avez pas les permissions nécessaires pour accéder à cette page. Contactez un administrateur
        pour obtenir les droits d'accès.
      </p>
      <a
        href="/"
        className="text-primary underline"
        onClick={(event) => {
          // Back where the visitor came from when there is such a page; home otherwise.
          if (window.history.length > 1) {
            event.preventDefault();
            navigate(-1);
          }
        }}
      >
        Retour à la page précédente
      </a>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-primary">{status}</p>
      <h1 className="text-2xl font-semibold">
        {status === 404 ? "Page introuvable" : "Une erreur est survenue"}
      </h1>
      <p className="text-muted-foreground">
        {status === 404
          ? "Cette page de la console n'existe pas."
          : "Nous n'avons pas pu afficher cette page. Réessayez dans un instant."}
      </p>
      <a className="text-primary underline" href="/admin">
        Retour au tableau de bord
      </a>
    </main>
  );
}
