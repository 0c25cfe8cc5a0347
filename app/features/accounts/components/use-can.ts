import { useRouteLoaderData } from "react-router";
import { can, type Permission, type Role } from "~/features/accounts/permissions";

/**
 * Whether the signed-in staff member may do `permission`: the same `can()` the server checks, fed the
 * role the admin layout loaded. Screens hide or disable a control with it; the server refuses anyway.
 */
export function useCan(permission: Permission): boolean {
  const layout = useRouteLoaderData<{ role: Role }>("routes/admin/layout");
  return can(layout?.role, permission);
}
