import { and, asc, eq, type SQL } from "drizzle-orm";
import { crudAction } from "~/features/audit/index.server";
import { companyDigits } from "~/platform/company-numbers";
import type { AlsoPosted } from "~/platform/console/action.server";
import { countRows, NO_PAGE, type Page, readPage, searchMatch } from "~/platform/console/paging.server";
import type { Db } from "~/platform/db/client.server";
import { payerTitle } from "./payer-audit.server";
import { type PayerFilters, type PayerInput, payerSchema } from "./payer-schema";
import { type Payer, payers } from "./schema.server";

/**
 * What the search box looks for: a SIREN typed as printed ('123 456 789') is searched as its digits,
 * as they are stored; anything else as typed, in the name, SIREN and city (the trigram index
 * `payers_search_idx` covers that very expression).
 */
function searchClause(q: string): SQL | undefined {
  if (!q) return undefined;
  const digits = /^[\d\s.\u00a0\u202f]+$/.test(q) ? companyDigits(q) : q;
  return searchMatch(digits, payers.name, payers.siren, payers.city);
}

/** One page of the payers register, by name, filtered on the search and the kind. */
export async function payersPage(db: Db, filters: PayerFilters, page: number): Promise<Page<Payer>> {
  const where = and(searchClause(filters.q), filters.kind ? eq(payers.kind, filters.kind) : undefined);
  return readPage(
    page,
    () => countRows(db, payers, where),
    (limit, offset) =>
      db
        .select()
        .from(payers)
        .where(where)
        .orderBy(asc(payers.name), asc(payers.id))
        .limit(limit)
        .offset(offset),
  );
}

export type AdminPayer = Payer;
export const NO_PAYERS: Page<Payer> = NO_PAGE;

/** The fields the dialog edits, as the row has them: the Journal compares the two. */
function editable(row: Payer): Record<keyof PayerInput, unknown> {
  const { id: _id, countryCode: _country, createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}

/**
 * The Financeurs screen's action: intent = create | update | delete, for whoever keeps the register
 * (invoices:write). A payer that invoices or funding plans name cannot be deleted: the foreign keys
 * refuse it (ON DELETE RESTRICT), and the refusal is said in French.
 */
const payerTable: Parameters<typeof crudAction<PayerInput>>[0] = {
  permission: "invoices:write",
  schema: payerSchema,
  entity: "payer",
  table: "payers",
  messages: {
    unknown: "Financeur inconnu.",
    gone: "Ce financeur n'existe plus.",
    created: "Financeur créé",
    updated: "Financeur mis à jour",
    deleted: "Financeur supprimé",
    inUse: "Ce financeur a des factures ou des plans de financement : il ne peut pas être supprimé.",
  },
  async save(tx, input, id) {
    const [saved] = id
      ? await tx
          .update(payers)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(payers.id, id))
          .returning({ id: payers.id })
      : await tx.insert(payers).values(input).returning({ id: payers.id });
    return saved?.id;
  },
  async current(tx, id) {
    const [row] = await tx.select().from(payers).where(eq(payers.id, id));
    return row && editable(row);
  },
  title: (_tx, input, id) => payerTitle({ id, ...input }),
  async remove(tx, id) {
    const [deleted] = await tx
      .delete(payers)
      .where(eq(payers.id, id))
      .returning({ id: payers.id, kind: payers.kind, name: payers.name });
    return deleted && { title: payerTitle(deleted) };
  },
};

/** The Financeurs screen's action, with what the route adds (a payer's contact invited into their space). */
export const payerActionWith = <Also>(also: AlsoPosted<Also>) =>
  crudAction<PayerInput, Also>(payerTable, also);
