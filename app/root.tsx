import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { currentPrincipal } from "~/features/accounts/current-user.server";
import { can } from "~/features/accounts/permissions";
import { listFormationLinks } from "~/features/catalogue/catalogue.server";
import { DEMO_NOTICE, hasDemoContent } from "~/features/demo/demo.server";
import { publishedPageIds } from "~/features/pages/pages.server";
import { isPreviewRequest, PREVIEW_NOTICE } from "~/features/publishing/index.server";
import {
  getCentreSettings,
  headerLogoHtml,
  publicCentre,
  startingSettings,
} from "~/features/settings/centre.server";
import { OrganizationJsonLd } from "~/features/settings/components/organization-json-ld";
import { skipFilterChanges } from "~/platform/revalidate";
import { readOrNull } from "~/platform/safe-read.server";
import { readToast } from "~/platform/toast.server";
import { ToastArea } from "~/ui/toast/toast-area";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/root";
// The site's stylesheet goes inline in each page's <head> rather than as a <link>: a phone's first
// view then paints without a second round trip for the CSS, which on a mobile network (150 ms RTT) is
// most of the time to first paint. A public page's copy is cut down to the rules its HTML uses once the
// page is written (entry.server.tsx), and the browser links the whole file before hydrating
// (entry.client.tsx). Only the server build keeps the text (`import.meta.env.SSR` is false in the
// browser build, so the string is dropped from the JavaScript); in the browser React hydrates the
// <style> without comparing its content or its `data-subset` (suppressHydrationWarning) and never
// rewrites it, since its props never change.
import siteCss from "./app.css?inline";

const SITE_CSS = import.meta.env.SSR ? siteCss : "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  // The footer, the callback dialog and the JSON-LD list the active formations on every public
  // page; the console has its own screens and skips the read.
  const publicPage = !new URL(request.url).pathname.startsWith("/admin");
  // 'Aperçu': the page's own loader lets staff only in; here, the banner and `noindex`.
  const preview = publicPage && isPreviewRequest(request);
  const [principal, { toast, clear }, formations, settings, demo, pages] = await Promise.all([
    currentPrincipal({ request, context }),
    readToast(request, app.config.authSecret),
    publicPage ? readOrNull(app.logger, "formations", () => listFormationLinks(app.db)) : null,
    // The centre's identity (header, footer, contact details, legal pages, JSON-LD); the page
    // cache serves most public pages without running this at all.
    publicPage ? readOrNull(app.logger, "centre settings", () => getCentreSettings(app.db)) : null,
    // The 'Site de démonstration' notice, while any of the demonstration centre remains.
    publicPage ? readOrNull(app.logger, "demo data", () => hasDemoContent(app.db)) : null,
    // The header and the footer link only to the pages the centre has published.
    publicPage ? readOrNull(app.logger, "site pages", () => publishedPageIds(app.db)) : null,
  ]);
  // A failed read shows a blank centre (its blank fields left out) rather than an error page.
  const centre = publicPage ? publicCentre(settings ?? startingSettings()) : null;
  // `staff`: the header offers the console only to those it would let in (a signed-in visitor
  // without a role would only meet 'Accès refusé').
  const user = principal ? { ...principal.user, staff: can(principal.role, "console:access") } : null;
  return data(
    {
      user,
      toast,
      publicUrl: app.config.publicUrl,
      formations: formations ?? [],
      pages: pages ?? [],
      centre,
      /** The header's logo, as markup written here (none: the header shows an icon). */
      logo: settings?.logo ? headerLogoHtml(settings.logo) : null,
      // The notice over every public page: the preview's, or the demonstration centre's.
      notice: preview ? PREVIEW_NOTICE : demo === true ? DEMO_NOTICE : null,
      noindex: preview,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/** The catalogue's filters change the query string as the visitor types: nothing here depends on it. */
export const shouldRevalidate = skipFilterChanges;

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {root?.noindex ? <meta name="robots" content="noindex" /> : null}
        <Meta />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, from the build. */}
        <style id="site-css" dangerouslySetInnerHTML={{ __html: SITE_CSS }} suppressHydrationWarning />
        <Links />
        {root?.centre ? (
          <OrganizationJsonLd centre={root.centre} publicUrl={root.publicUrl} formations={root.formations} />
        ) : null}
      </head>
      <body className="min-h-screen">
        {children}
        <ToastArea />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useToast(loaderData.toast);
  // Lets end-to-end tests wait until the page is interactive before clicking.
  useEffect(() => {
    document.body.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/**
 * The 404 page. It lives here, in the module every page already loads, rather than
 * in a chunk of its own that every page would fetch for its error boundary.
 */
export function NotFound() {
  return (
    <main
      id="contenu"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-6xl font-bold text-primary">404</h1>
      <p className="text-xl text-muted-foreground">Page introuvable</p>
      <Link to="/" className="text-primary underline underline-offset-4">
        Retour à l'accueil
      </Link>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The centre's phone as Paramètres has it, when the root loader could read it before the error.
  const phone = useRouteLoaderData<typeof loader>("root")?.centre?.phone;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-primary">{status}</p>
      {status === 405 ? (
        // A form posted to a page that takes none (an old tab, a script): nothing was received.
        <>
          <h1 className="text-2xl font-semibold">Cette page ne reçoit pas de formulaire</h1>
          <p className="text-muted-foreground">Rien n'a été envoyé. Revenez à la page et réessayez.</p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold">Une erreur est survenue</h1>
          <p className="text-muted-foreground">
            Nous n'avons pas pu afficher cette page. Réessayez dans un instant
            {phone ? ` ; si le problème persiste, appelez-nous au ${phone}` : ""}.
          </p>
        </>
      )}
      <a className="text-primary underline" href="/">
        Retour à l'accueil
      </a>
    </main>
  );
}
