/**
 * The encours: what each payer still owes on its issued invoices (gross, less its credit notes and
 * payments), how much of it is overdue and since when; and the dashboard's two figures. Read from
 * the invoices' figures (invoice-state.server.ts) by grouped queries.
 */
import { asc, countDistinct, desc, eq, gt, sql } from "drizzle-orm";
import { type Page, readPage } from "~/platform/console/paging.server";
import { parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { invoiceFigures } from "./invoice-state.server";
import { payers } from "./schema.server";
import type { PayerKind } from "./vocabulary";

/** One payer's line of the encours. */
export interface PayerOutstanding {
  payerId: string;
  /** The payer's name and kind as the register has them now. */
  name: string;
  kind: PayerKind;
  /** Issued invoices with something left to pay. */
  invoices: number;
  leftCents: number;
  /** Of which on invoices past their due date. */
  overdueCents: number;
  /** The oldest due date among its unpaid invoices. */
  oldestDueOn: string;
}

/**
 * One page of the payers that owe something on `today`: those with something overdue first, then by
 * the amount owed (largest first), then by name.
 */
export async function outstandingByPayer(
  db: Db,
  page: number,
  today: string = parisToday(),
): Promise<Page<PayerOutstanding>> {
  const f = invoiceFigures(db, today);
  const owing = gt(f.leftCents, 0);
  const overdue = sql<number>`coalesce(sum(${f.leftCents}) filter (where ${f.state} = 'overdue'), 0)::bigint`;
  const left = sql<number>`sum(${f.leftCents})::bigint`;
  return readPage(
    page,
    async () =>
      Number(
        (
          await db
            .select({ n: countDistinct(f.payerId) })
            .from(f)
            .where(owing)
        )[0]?.n ?? 0,
      ),
    async (limit, offset) =>
      (
        await db
          .select({
            payerId: f.payerId,
            name: payers.name,
            kind: payers.kind,
            invoices: sql<number>`count(*)::int`,
            leftCents: left,
            overdueCents: overdue,
            oldestDueOn: sql<string>`min(${f.dueOn})::text`,
          })
          .from(f)
          .innerJoin(payers, eq(payers.id, f.payerId))
          .where(owing)
          .groupBy(f.payerId, payers.name, payers.kind)
          .orderBy(desc(sql`${overdue} > 0`), desc(left), asc(payers.name), asc(f.payerId))
          .limit(limit)
          .offset(offset)
      ).map((r) => ({
        ...r,
        invoices: Number(r.invoices),
        leftCents: Number(r.leftCents),
        overdueCents: Number(r.overdueCents),
      })),
  );
}

/** The dashboard's figures: everything owed on issued invoices, and the part of it overdue. */
export interface OutstandingTotals {
  leftCents: number;
  overdueCents: number;
}

export async function outstandingTotals(db: Db, today: string = parisToday()): Promise<OutstandingTotals> {
  const f = invoiceFigures(db, today);
  const [row] = await db
    .select({
      left: sql<number>`coalesce(sum(${f.leftCents}), 0)::bigint`,
      overdue: sql<number>`coalesce(sum(${f.leftCents}) filter (where ${f.state} = 'overdue'), 0)::bigint`,
    })
    .from(f);
  return { leftCents: Number(row?.left ?? 0), overdueCents: Number(row?.overdue ?? 0) };
}
