import { Outlet } from "react-router";
import { formationKindsOf, headerLinks, SiteFooter, SiteHeader } from "~/features/pages";
import { useLiveRevalidation } from "~/platform/use-live";
import { useCentre, useRootData } from "~/use-root-data";

/** Header and footer around every public page. */
export default function SiteLayout() {
  const root = useRootData();
  const centre = useCentre();
  // The footer's course list follows the console: a new or deactivated formation shows at once (and
  // the demo notice leaves once the demo data are removed).
  useLiveRevalidation(["formations", "centre_settings", "site_pages"]);
  const pages = root?.pages ?? [];
  const formations = root?.formations ?? [];
  return (
    <div className="flex min-h-screen flex-col">
      {root?.notice ? (
        // A landmark of its own, so that every piece of the page sits in one (screen readers list it).
        // Its words come from the server: the demonstration centre's, or a preview's.
        <aside
          aria-label={root.notice.label}
          className="bg-muted px-4 py-1 text-center text-xs text-muted-foreground"
        >
          {root.notice.text}
        </aside>
      ) : null}
      <SiteHeader
        user={root?.user ?? null}
        centreName={centre.name}
        logo={root?.logo ?? null}
        links={headerLinks(pages, formationKindsOf(formations))}
      />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter centre={centre} formations={formations} pages={pages} />
    </div>
  );
}
