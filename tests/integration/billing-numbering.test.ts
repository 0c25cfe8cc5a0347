// Invoice numbers under load: issuing from two instances at once (two connection pools on one
// PostgreSQL database), or from one (PGlite's single connection), gives one continuous sequence with
// no gap and no duplicate, in the order of the issue instants; a refused issue uses no number.
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/features/audit/index.server";
import { issueInvoice } from "~/features/billing/index.server";
import {
  billingSettings,
  invoiceCounters,
  invoiceLines,
  invoices,
  type Payer,
} from "~/features/billing/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import { parisToday } from "~/platform/dates";
import { type Database, type Db, openPostgres } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { buyerOf, describeCentre, makeActor, makePayer } from "../support/billing";
import { createTestDatabase, DRIVER, type TestDatabase } from "../support/db";

let database: TestDatabase;
let db: Db;
let actor: Actor;
let payer: Payer;
/** A company without SIREN: issuing its invoices is refused. */
let noSiren: Payer;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  actor = await makeActor(db);
  await describeCentre(db);
  payer = await makePayer(db);
  noSiren = await makePayer(db, { siren: null, siret: null });
  return () => database.close();
});

/** `count` drafts of one 10,00 € line for `to`, made in two statements. */
async function drafts(to: Payer, count: number): Promise<string[]> {
  const made = await db
    .insert(invoices)
    .values(
      Array.from({ length: count }, () => ({
        payerId: to.id,
        serviceStart: "2027-01-11",
        serviceEnd: "2027-01-12",
        buyer: buyerOf(to),
        netCents: 1000,
        grossCents: 1000,
      })),
    )
    .returning({ id: invoices.id });
  await db.insert(invoiceLines).values(
    made.map(({ id }) => ({
      invoiceId: id,
      position: 1,
      label: "Formation",
      quantityHundredths: 100,
      unitPriceCents: 1000,
      netCents: 1000,
    })),
  );
  return made.map(({ id }) => id);
}

/** Shuffled, so refused drafts fall among the others. */
const mixed = (ids: string[]) =>
  ids
    .map((id, i) => ({ id, key: (i * 7919) % ids.length }))
    .sort((a, b) => a.key - b.key)
    .map(({ id }) => id);

/**
 * Issues `ids` through `on` with `workers` issues in flight at once; each worker issues one after
 * the other, so its own issues are in issue order. Answers each worker's ranks in that order, and
 * the refusals.
 */
async function issueAll(on: Db, ids: string[], workers: number) {
  let next = 0;
  const refused: string[] = [];
  const byWorker = await Promise.all(
    Array.from({ length: workers }, async () => {
      const ranks: number[] = [];
      while (next < ids.length) {
        const id = ids[next++] as string;
        try {
          ranks.push((await issueInvoice(on, id, actor)).sequenceNumber ?? Number.NaN);
        } catch (error) {
          if (!(error instanceof AdminInputError)) throw error;
          refused.push(error.message);
        }
      }
      return ranks;
    }),
  );
  return { byWorker, refused };
}

const counter = async (key: string) =>
  (await db.select().from(invoiceCounters).where(eq(invoiceCounters.key, key)))[0]?.lastNumber ?? 0;

/**
 * The issued invoices of the sequence from rank `after` on, in rank order, and how many of them were
 * issued no later than the one before (microseconds compared by the database).
 */
async function sequenceFrom(key: string, after: number) {
  const ranks = await db
    .select({ rank: invoices.sequenceNumber, number: invoices.number })
    .from(invoices)
    .where(sql`${invoices.sequenceKey} = ${key} and ${invoices.sequenceNumber} > ${after}`)
    .orderBy(invoices.sequenceNumber);
  const [disorder] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select issued_at, lag(issued_at) over (order by sequence_number) as previous
            from invoices where sequence_key = ${key} and sequence_number > ${after}) t
         where previous >= issued_at`,
  );
  return { ranks, outOfOrder: Number(disorder?.n) };
}

const isIncreasing = (list: number[]) => list.every((n, i) => i === 0 || n > (list[i - 1] as number));

/** Checks the sequence after `before` holds exactly `count` ranks, in issue order. */
async function expectContinuous(key: string, before: number, count: number, byWorker: number[][]) {
  const { ranks, outOfOrder } = await sequenceFrom(key, before);
  expect(ranks.map((r) => r.rank)).toEqual(Array.from({ length: count }, (_, i) => before + i + 1));
  expect(new Set(ranks.map((r) => r.number)).size).toBe(count);
  expect(outOfOrder).toBe(0);
  expect(byWorker.flat().sort((a, b) => a - b)).toEqual(ranks.map((r) => r.rank));
  for (const ranksOfWorker of byWorker) expect(isIncreasing(ranksOfWorker)).toBe(true);
  expect(await counter(key)).toBe(before + count);
}

const year = () => parisToday().slice(0, 4);

describe("invoice numbers", () => {
  it.runIf(DRIVER === "pg")(
    "two instances issuing 200 drafts each at once give ranks 1 to 400, without gap or duplicate",
    async () => {
      if (!database.url) throw new Error("a second instance needs the database's URL");
      const other: Database = await openPostgres(database.url);
      try {
        const before = await counter(year());
        const [mine, theirs] = [await drafts(payer, 200), await drafts(payer, 200)];
        const refusedMine = await drafts(noSiren, 10);
        const refusedTheirs = await drafts(noSiren, 10);
        const [a, b] = await Promise.all([
          issueAll(db, mixed([...mine, ...refusedMine]), 8),
          issueAll(other.db, mixed([...theirs, ...refusedTheirs]), 8),
        ]);
        expect([a.refused.length, b.refused.length]).toEqual([10, 10]);
        await expectContinuous(year(), before, 400, [...a.byWorker, ...b.byWorker]);
        const refusedRows = await db
          .select({ number: invoices.number })
          .from(invoices)
          .where(inArray(invoices.id, [...refusedMine, ...refusedTheirs]));
        expect(refusedRows.every((r) => r.number === null)).toBe(true);
      } finally {
        await other.close();
      }
    },
    180_000,
  );

  it("one instance issuing 200 drafts at once gives the next 200 ranks, refused drafts using none", async () => {
    const before = await counter(year());
    const ids = await drafts(payer, 200);
    const refused = await drafts(noSiren, 10);
    const run = await issueAll(db, mixed([...ids, ...refused]), 8);
    expect(run.refused).toHaveLength(10);
    expect(new Set(run.refused).size).toBe(1);
    await expectContinuous(year(), before, 200, run.byWorker);
    const first = await db
      .select()
      .from(invoices)
      .where(eq(invoices.sequenceNumber, before + 1));
    expect(first[0]?.number).toBe(`F-${year()}-${String(before + 1).padStart(5, "0")}`);
  }, 180_000);

  it("a format without the year draws from one sequence of its own", async () => {
    await db.update(billingSettings).set({ numberFormat: "FA{NNNN}" }).where(eq(billingSettings.id, 1));
    try {
      const before = await counter("");
      const [id] = await drafts(payer, 1);
      const issued = await issueInvoice(db, id as string, actor);
      expect(issued).toMatchObject({
        sequenceKey: "",
        sequenceNumber: before + 1,
        number: `FA${String(before + 1).padStart(4, "0")}`,
      });
    } finally {
      await db
        .update(billingSettings)
        .set({ numberFormat: "F-{AAAA}-{NNNNN}" })
        .where(eq(billingSettings.id, 1));
    }
  });
});
