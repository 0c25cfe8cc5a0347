import { Outlet } from "react-router";
import { SiteFooter } from "~/features/pages/components/footer";
import { SiteHeader } from "~/features/pages/components/header";
import { useLiveRevalidation } from "~/platform/use-live";
import { useCentre, useRootData } from "~/use-root-data";

/** Header and footer around every public page. */
export default function SiteLayout() {
  const root = useRootData();
  const centre = useCentre();
  // The footer's course list follows the console: a new or deactivated formation shows at once.
  useLiveRevalidation(["formations", "centre_settings"]);
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader user={root?.user ?? null} centreName={centre.name} />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter centre={centre} formations={root?.formations ?? []} />
    </div>
  );
}
