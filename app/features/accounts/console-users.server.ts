import { asc, eq } from "drizzle-orm";
import { userRoles, users } from "~/features/accounts/schema.server";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import {
  AdminInputError,
  attempt,
  consoleAction,
  intentOf,
  invalid,
  unknownIntent,
} from "~/platform/console/action.server";
import { countRows, readPage } from "~/platform/console/paging.server";
import type { Db } from "~/platform/db/client.server";
import { textFields } from "~/platform/form-data";
import type { AppRuntime } from "~/platform/runtime.server";
import { setRoleSchema } from "./user-schema";

/** One page of accounts, oldest first (the first administrators on top), with their role. */
export async function usersPage(db: Db, page: number) {
  return readPage(
    page,
    () => countRows(db, users),
    (limit, offset) =>
      db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          emailVerified: users.emailVerified,
          createdAt: users.createdAt,
          role: userRoles.role,
        })
        .from(users)
        .leftJoin(userRoles, eq(userRoles.userId, users.id))
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(limit)
        .offset(offset),
  );
}

export type AdminUser = Awaited<ReturnType<typeof usersPage>>["items"][number];

export const LAST_ADMIN =
  "Impossible de retirer le dernier administrateur : nommez d'abord un autre administrateur.";

async function setRole(app: AppRuntime, actor: Actor, userId: string, role: "admin" | "moderator" | null) {
  await app.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, role: userRoles.role })
      .from(users)
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.id, userId));
    if (!target) throw new AdminInputError("Cet utilisateur n'existe plus.");
    if (target.role === "admin" && role !== "admin") {
      // Lock the admins' rows so two demotions at once cannot both pass this check.
      const admins = await tx
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(eq(userRoles.role, "admin"))
        .for("update");
      if (admins.length <= 1) throw new AdminInputError(LAST_ADMIN);
    }
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (role) await tx.insert(userRoles).values({ userId, role });
    await writeAudit(tx, actor, {
      action: "role",
      entity: "user",
      entityId: userId,
      details: { from: target.role ?? null, to: role },
    });
  });
}

/** The users screen's action: granting and revoking roles is for administrators only. */
export const userAction = consoleAction({ role: "users:manage" }, async (app, actor, form) => {
  const intent = intentOf(form);
  if (intent !== "role") return unknownIntent(intent);
  const parsed = setRoleSchema.safeParse(textFields(form));
  if (!parsed.success) return invalid(intent, "Erreur lors de la mise à jour du rôle", parsed.error);
  const { userId, role } = parsed.data;
  return attempt(app, intent, "Erreur lors de la mise à jour du rôle", "Rôle mis à jour avec succès", () =>
    setRole(app, actor, userId, role === "none" ? null : role),
  );
});
