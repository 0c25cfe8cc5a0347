import { Outlet } from "react-router";
import { SiteFooter } from "~/components/site/footer";
import { SiteHeader } from "~/components/site/header";
import { useRootData } from "~/root";

/** Header and footer around every public page (SPEC.md §2.1, §2.2). */
export default function SiteLayout() {
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader user={root?.user ?? null} />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}
