// The sales journal for the accountant: the invoices and credit notes issued in a period (drafts and
// other periods left out), in the order of issue across keyset batches, credit notes negative, the
// account codes of Paramètres on each row, as French Excel reads a CSV; the export in the audit log.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/features/audit/schema.server";
import { periodSchema } from "~/features/billing/period-schema";
import {
  exportSalesJournal,
  SALES_JOURNAL_HEADER,
  salesJournalFileName,
} from "~/features/billing/sales-journal.server";
import { billingSettings } from "~/features/billing/schema.server";
import { makeActor, makeDraftInvoice, makePayer } from "../support/billing";
import { createTestDatabase, DRIVER, type TestDatabase } from "../support/db";
import { creditWith, issueWith, numbering } from "../support/follow-up";

let database: TestDatabase;
const next = numbering();
const issue = issueWith(next);
const credit = creditWith(next);
const numbers: string[] = [];
let siren = "";

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db
    .update(billingSettings)
    .set({ salesAccount: "706100", vatAccount: "445711", customerAccount: "411100" });
  const company = await makePayer(db, { name: "Atelier Dupré; fils" });
  siren = company.siren ?? "";
  const person = await makePayer(db, { kind: "individual", name: "=SOMME(A1)", siren: null });
  const due = "2027-04-30";
  const record = async (made: Promise<{ number: string | null }>) => numbers.push((await made).number ?? "");
  await record(issue(db, { payerId: company.id, issuedOn: "2026-12-31", dueOn: due }, 1_000)); // before
  await record(issue(db, { payerId: company.id, issuedOn: "2027-01-04", dueOn: due }, 100_000)); // 1
  await record(
    issue(db, { payerId: company.id, issuedOn: "2027-01-04", dueOn: due, vatRateBasisPoints: 2000 }, 0, [
      { unitPriceCents: 100_000 },
    ]),
  ); // 2: 1 000 € + 20 %
  const toCredit = await issue(db, { payerId: person.id, issuedOn: "2027-02-10", dueOn: due }, 45_050); // 3
  numbers.push(toCredit.number ?? "");
  await record(credit(db, toCredit, 15_050, "2027-03-31")); // 4
  await record(issue(db, { payerId: person.id, issuedOn: "2027-04-01", dueOn: due }, 1_000)); // after
  await makeDraftInvoice(db, { payerId: company.id });
  return () => database.close();
});

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe(`the sales journal on ${DRIVER}`, () => {
  it("lists the period's invoices and credit notes in order of issue, credit notes negative", async () => {
    const actor = await makeActor(database.db);
    const period = { from: "2027-01-01", to: "2027-03-31" };
    // Two rows a batch: the five rows come in three reads, none lost or repeated at their seams.
    const csv = await text(await exportSalesJournal(database.db, actor, period, 2));
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(0, -1)).toEqual([
      SALES_JOURNAL_HEADER.join(";"),
      `04/01/2027;${numbers[1]};Facture;"Atelier Dupré; fils";${siren};1000,00;0,00;1000,00;706100;445711;411100`,
      `04/01/2027;${numbers[2]};Facture;"Atelier Dupré; fils";${siren};1000,00;200,00;1200,00;706100;445711;411100`,
      `10/02/2027;${numbers[3]};Facture;'=SOMME(A1);;450,50;0,00;450,50;706100;445711;411100`,
      `31/03/2027;${numbers[4]};Avoir;'=SOMME(A1);;-150,50;0,00;-150,50;706100;445711;411100`,
    ]);
    expect(siren).toMatch(/^\d{9}$/);

    const [entry] = await database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, actor.id), eq(auditLog.action, "export")));
    expect(entry?.details).toMatchObject({
      title: "Journal des ventes du 1er janvier 2027 au 31 mars 2027",
      count: 4,
    });
  });

  it("gives the header alone for a period without invoices, and a file name of the period", async () => {
    const actor = await makeActor(database.db);
    const period = { from: "2030-01-01", to: "2030-01-31" };
    expect(await text(await exportSalesJournal(database.db, actor, period))).toBe(
      `\uFEFF${SALES_JOURNAL_HEADER.join(";")}\r\n`,
    );
    expect(salesJournalFileName(period)).toBe("journal-des-ventes-2030-01-01-au-2030-01-31.csv");
  });

  it("reads its period from ?du=&au=, refusing in French a wrong day or a reversed period", () => {
    expect(periodSchema.safeParse({ du: "2027-01-01", au: "2027-03-31" }).data).toEqual({
      from: "2027-01-01",
      to: "2027-03-31",
    });
    expect(periodSchema.safeParse({ du: "2027-02-30", au: "2027-03-31" }).error?.issues[0]?.message).toBe(
      "Date de début invalide",
    );
    expect(periodSchema.safeParse({ du: "2027-04-01", au: "2027-03-31" }).error?.issues[0]?.message).toBe(
      "La date de fin précède la date de début",
    );
  });
});
