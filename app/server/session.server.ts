import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { SESSION_COOKIE_PREFIX } from "./auth.server";
import { type Role, userRoles } from "./db/schema.server";
import type { AppRuntime } from "./runtime.server";

export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  name: string;
}

const SESSION_COOKIE = `${SESSION_COOKIE_PREFIX}.session_token`;

/** The signed-in user, or null. Visitors without a session cookie cost no database round trip. */
export async function getSessionUser(request: Request, app: AppRuntime): Promise<SessionUser | null> {
  const cookie = request.headers.get("cookie") ?? "";
  if (!cookie.includes(SESSION_COOKIE)) return null;
  const session = await app.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const { id, email, firstName, lastName, name } = session.user;
  return { id, email, firstName: firstName ?? null, lastName: lastName ?? null, name };
}

/** SPEC.md §7: the role is one row of user_roles; a failed lookup counts as no role (§8). */
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

/** Anonymous visitors are sent to /auth, and brought back here after signing in. */
export async function requireUser(request: Request, app: AppRuntime): Promise<SessionUser> {
  const user = await getSessionUser(request, app);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

export const STAFF_ROLES: readonly Role[] = ["admin", "moderator"];

/**
 * The one permission check of the console, called first in every admin loader and action.
 * Throws a redirect for anonymous visitors and a 403 for everyone without one of `roles`.
 */
export async function requireRole(
  request: Request,
  app: AppRuntime,
  roles: readonly Role[] = STAFF_ROLES,
): Promise<{ user: SessionUser; role: Role }> {
  const user = await requireUser(request, app);
  const role = await getRole(app, user.id);
  if (!role || !roles.includes(role)) {
    throw new Response("Accès refusé", { status: 403 });
  }
  return { user, role };
}
