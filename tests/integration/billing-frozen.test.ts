// An issued invoice is a legal record: the database itself refuses to change or delete it or its
// lines, whoever asks (a raw UPDATE included), while a draft stays free to change and to delete.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invoiceLines, invoices } from "~/features/billing/schema.server";
import { makeDraftInvoice, makeIssuedInvoice, makePayer } from "../support/billing";
import { createTestDatabase, type TestDatabase } from "../support/db";

let database: TestDatabase;

/** The database's own refusal, under Drizzle's 'Failed query' wrapper. */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : String(error);
  }
  return "accepted";
}

beforeAll(async () => {
  database = await createTestDatabase();
  return () => database.close();
});

describe("an issued invoice is frozen by the database", () => {
  it("refuses a raw UPDATE and DELETE of the invoice and of its lines", async () => {
    const { db } = database;
    const payer = await makePayer(db);
    const invoice = await makeIssuedInvoice(db, {
      payerId: payer.id,
      number: "F-2027-00001",
      sequenceNumber: 1,
      issuedOn: "2027-01-15",
      dueOn: "2027-02-14",
    });
    const refused = /is issued/;
    const attempts = [
      () => db.execute(sql`update invoices set net_cents = 1 where id = ${invoice.id}`),
      () => db.execute(sql`delete from invoices where id = ${invoice.id}`),
      () => db.execute(sql`update invoice_lines set label = 'Autre chose' where invoice_id = ${invoice.id}`),
      () => db.execute(sql`delete from invoice_lines where invoice_id = ${invoice.id}`),
      () =>
        db.insert(invoiceLines).values({
          invoiceId: invoice.id,
          position: 9,
          label: "Ajout",
          quantityHundredths: 100,
          unitPriceCents: 1,
          netCents: 1,
        }),
    ];
    // One at a time: each is refused on its own.
    for (const attempt of attempts) expect(await refusal(attempt())).toMatch(refused);
    const [still] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(still?.netCents).toBe(100_000);
    const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
    expect(lines.map((line) => line.label)).toEqual(["Formation, ligne 1"]);
  });

  it("lets a draft change and go, with its lines", async () => {
    const { db } = database;
    const payer = await makePayer(db);
    const draft = await makeDraftInvoice(db, { payerId: payer.id });
    await db.update(invoices).set({ note: "Relu" }).where(eq(invoices.id, draft.id));
    await db.update(invoiceLines).set({ label: "Formation" }).where(eq(invoiceLines.invoiceId, draft.id));
    await db.delete(invoices).where(eq(invoices.id, draft.id));
    expect(await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, draft.id))).toEqual([]);
  });

  it("refuses an issued invoice that lacks its seller, due date or rank", async () => {
    const { db } = database;
    const payer = await makePayer(db);
    const draft = await makeDraftInvoice(db, { payerId: payer.id });
    expect(
      await refusal(db.update(invoices).set({ number: "F-2027-00002" }).where(eq(invoices.id, draft.id))),
    ).toMatch(/invoices_issue_complete/);
  });
});
