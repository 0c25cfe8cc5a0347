import { eq } from "drizzle-orm";
import { createContext, redirect } from "react-router";
import { userRoles } from "~/features/accounts/schema.server";
import type { RequestArgs } from "~/platform/console/access.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { SESSION_COOKIE_PREFIX } from "./auth.server";
import { can, type Permission, type Role } from "./permissions";

export interface SignedInUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  name: string;
}

const AUTH_SESSION_COOKIE = `${SESSION_COOKIE_PREFIX}.session_token`;

/** The signed-in user, or null. Visitors without an auth session cookie cost no database round trip. */
export async function getSignedInUser(request: Request, app: AppRuntime): Promise<SignedInUser | null> {
  const cookie = request.headers.get("cookie") ?? "";
  if (!cookie.includes(AUTH_SESSION_COOKIE)) return null;
  const authSession = await app.auth.api.getSession({ headers: request.headers });
  if (!authSession) return null;
  const { id, email, firstName, lastName, name } = authSession.user;
  return { id, email, firstName: firstName ?? null, lastName: lastName ?? null, name };
}

/** The role is one row of user_roles; a failed lookup counts as no role. */
export async function getRole(app: AppRuntime, userId: string): Promise<Role | null> {
  try {
    const row = await app.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    return row[0]?.role ?? null;
  } catch (error) {
    app.logger.error({ err: error, userId }, "role lookup failed");
    return null;
  }
}

export type { RequestArgs };

// The console kit (platform/console) asks this feature's check, registered by app/boot; these are
// the names it then understands.
declare module "~/platform/console/access.server" {
  interface ConsoleAccessTypes {
    permission: Permission;
    role: Role;
    user: SignedInUser;
  }
}

/** The signed-in user and their role (null: signed in without a staff role). */
export interface Principal {
  user: SignedInUser;
  role: Role | null;
}

// One read of the session and one of the role per request, shared by the admin layout's middleware,
// the root loader and every console loader/action of that request (a promise, so parallel loaders
// wait for the same read instead of starting their own).
const signedInUserContext = createContext<Promise<SignedInUser | null> | null>(null);
const roleContext = createContext<Promise<Role | null> | null>(null);

/** The signed-in user of this request, read from the session once and then shared. */
export function currentUser({ request, context }: RequestArgs): Promise<SignedInUser | null> {
  let user = context.get(signedInUserContext);
  if (!user) {
    user = getSignedInUser(request, context.app);
    context.set(signedInUserContext, user);
  }
  return user;
}

/** The signed-in user and role of this request (null when signed out), each read once per request. */
export async function currentPrincipal(args: RequestArgs): Promise<Principal | null> {
  const user = await currentUser(args);
  if (!user) return null;
  let role = args.context.get(roleContext);
  if (!role) {
    role = getRole(args.context.app, user.id);
    args.context.set(roleContext, role);
  }
  return { user, role: await role };
}

export const ACCESS_DENIED = "Accès refusé";

/**
 * The permission check of the console, called first in every admin loader and action (actions go
 * through consoleAction, which calls it per intent). Anonymous visitors are redirected to /auth and
 * brought back after signing in; a signed-in user whose role lacks `permission` gets a 403.
 * The admin layout's middleware has usually loaded the user already; a loader called on its own
 * loads it itself, so no console code path skips the check.
 */
export async function requirePermission(
  args: RequestArgs,
  permission: Permission,
): Promise<{ user: SignedInUser; role: Role }> {
  const principal = await currentPrincipal(args);
  if (!principal) {
    const url = new URL(args.request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  const { user, role } = principal;
  if (!role || !can(role, permission)) throw new Response(ACCESS_DENIED, { status: 403 });
  return { user, role };
}
