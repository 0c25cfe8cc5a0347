// How the Journal d'activité speaks of payments: registered by app/boot (features/audit/registry.ts).
// Apart from billing's audit-record.server.ts (invoices, payers…): payments are records of their own.
import { inArray } from "drizzle-orm";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { invoiceHref } from "./console-paths";
import { payments } from "./schema.server";

/**
 * A payment is recorded or removed, never edited: its entries carry no list of changes, only the
 * title written with them (amount, means, day, invoice number; never the payer, who may be a person).
 */
export const paymentAudit: AuditDeclaration = {
  entity: "payment",
  kind: "Règlements",
  label: "le règlement",
  // A payment still recorded links to its invoice's page (where its payments are listed); a removed one keeps its title, unlinked.
  find: async (db, ids) =>
    (
      await db
        .select({ id: payments.id, invoiceId: payments.invoiceId })
        .from(payments)
        .where(inArray(payments.id, ids))
    ).map((p) => ({ id: p.id, href: invoiceHref(p.invoiceId) })),
};
