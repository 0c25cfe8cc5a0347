// How the Journal d'activité speaks of staff accounts: registered by app/boot (features/audit/registry.ts).
import { inArray } from "drizzle-orm";
import { users } from "~/features/accounts/schema.server";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { ROLE_LABELS } from "./permissions";

export const userAudit: AuditDeclaration = {
  entity: "user",
  kind: "Utilisateurs",
  label: "l'utilisateur",
  fields: {
    role: ["Rôle", true],
  },
  values: { role: { ...ROLE_LABELS, vide: "aucun rôle" } },
  // Accounts' ids are text, not UUIDs.
  anyId: true,
  find: async (db, ids) =>
    (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids))).map(
      (u) => ({ id: u.id, href: "/admin/utilisateurs", name: u.email }),
    ),
  // A staff account is named as it is now, never by what the log kept: the log keeps no address.
  record: (_row, found) => ({ name: found?.name || "(compte supprimé)", href: found?.href ?? null }),
};
