// Section C of the BPF from the year's invoices: amounts excluding VAT, net of the credit notes
// issued that year, on the line of each payer's kind (an apprentice's OPCO on 2-a, the CPF on 2-e);
// another year's invoice and the drafts count nowhere. The expected figures are computed by hand.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/features/audit/schema.server";
import { bpfProductLineOf } from "~/features/billing/bpf-products";
import { bpfProducts, bpfProductsCsv } from "~/features/billing/bpf-products.server";
import { makeActor, makeDraftInvoice, makePayer } from "../support/billing";
import { createTestDatabase, DRIVER, type TestDatabase } from "../support/db";
import { makeFormation, makeLearner, makeSession } from "../support/factories";
import { creditWith, issueWith, numbering } from "../support/follow-up";

let database: TestDatabase;
const next = numbering();
const issue = issueWith(next);
const credit = creditWith(next);
const numbers: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const formation = await makeFormation(db);
  const session = await makeSession(db, { formationId: formation.id });
  const apprentice = await makeLearner(db, { sessionId: session.id, traineeCategory: "apprentice" });
  const cpf = await makeLearner(db, { sessionId: session.id, fundingSource: "cpf" });
  const payer = (fields: Parameters<typeof makePayer>[1]) => makePayer(db, fields);
  const company = await payer({ kind: "company" });
  const opco = await payer({ kind: "opco", name: "OPCO EP" });
  const franceTravail = await payer({ kind: "france_travail", name: "France Travail" });
  const region = await payer({ kind: "region", name: "Région Auvergne-Rhône-Alpes" });
  const deposits = await payer({ kind: "other_public", name: "Caisse des dépôts" });
  const department = await payer({ kind: "other_public", name: "Département du Rhône" });
  const person = await payer({ kind: "individual", name: "Camille Martin", siren: null });
  const subcontractor = await payer({ kind: "training_body", name: "Organisme Formalis" });
  const on = (issuedOn: string) => ({ issuedOn, dueOn: "2028-01-31" });

  // 1 000,00 € excluding VAT, 1 200,00 € with it: line 1 counts 1 000,00.
  await issue(db, { payerId: company.id, ...on("2027-02-01"), vatRateBasisPoints: 2000 }, 0, [
    { unitPriceCents: 100_000 },
  ]);
  // The previous year's invoice counts nowhere; its credit note of 300,00 issued this year comes off line 1.
  const lastYear = await issue(db, { payerId: company.id, ...on("2026-12-31") }, 999_900);
  await credit(db, lastYear, 30_000, "2027-01-10");
  await issue(db, { payerId: opco.id, learnerId: apprentice.id, ...on("2027-03-01") }, 600_000);
  const plan = await issue(db, { payerId: opco.id, ...on("2027-03-15") }, 250_000);
  numbers.plan = plan.number ?? "";
  numbers.planCredit = (await credit(db, plan, 50_000, "2027-04-01")).number ?? "";
  const ft = await issue(db, { payerId: franceTravail.id, ...on("2027-05-02") }, 320_000);
  const regional = await issue(db, { payerId: region.id, ...on("2027-06-01") }, 400_000);
  await credit(db, regional, 400_000, "2027-06-15");
  await issue(db, { payerId: deposits.id, learnerId: cpf.id, ...on("2027-07-01") }, 150_000);
  await issue(db, { payerId: department.id, ...on("2027-08-01") }, 75_000);
  await issue(db, { payerId: person.id, ...on("2027-09-01") }, 89_050);
  await issue(db, { payerId: subcontractor.id, ...on("2027-10-01") }, 120_000);
  // Nowhere: a draft, a draft credit note, next year's invoice.
  await makeDraftInvoice(db, { payerId: company.id }, [{ unitPriceCents: 500_000 }]);
  await credit(db, ft, 10_000, null);
  await issue(db, { payerId: company.id, ...on("2028-01-01") }, 11_100);
  return () => database.close();
});

describe(`BPF section C from invoices on ${DRIVER}`, () => {
  it("gives each line the figure computed by hand", async () => {
    const c = await bpfProducts(database.db, 2027);
    const byLine = Object.fromEntries(c.lines.map((l) => [l.code, [l.cents, l.documents]]));
    expect(byLine).toEqual({
      "1": [70_000, 2], // 1 000,00 − 300,00 = 700,00 €
      "2-a": [600_000, 1], // 6 000,00 € (the apprentice's OPCO)
      "2-b": [0, 0],
      "2-c": [0, 0],
      "2-d": [0, 0],
      "2-e": [150_000, 1], // 1 500,00 € (the CPF, paid by the Caisse des dépôts)
      "2-f": [0, 0],
      "2-g": [0, 0],
      "2-h": [200_000, 2], // 2 500,00 − 500,00 = 2 000,00 €
      "3": [0, 0],
      "4": [0, 0],
      "5": [0, 0],
      "6": [0, 2], // 4 000,00 − 4 000,00 = 0 €
      "7": [320_000, 1], // 3 200,00 €
      "8": [75_000, 1], // 750,00 €
      "9": [89_050, 1], // 890,50 €
      "10": [120_000, 1], // 1 200,00 €
      "11": [0, 0],
    });
    expect(c.fundManagersCents).toBe(950_000); // 6 000 + 1 500 + 2 000 = 9 500,00 €
    expect(c.totalCents).toBe(1_624_050); // 700 + 9 500 + 0 + 3 200 + 750 + 890,50 + 1 200 = 16 240,50 €
    expect(c.lines.filter((l) => !l.fromInvoices).map((l) => l.code)).toEqual([
      "2-b",
      "2-c",
      "2-d",
      "2-f",
      "2-g",
      "3",
      "4",
      "5",
      "11",
    ]);
    // The cerfa's order (n° 10443*17): 1, 2-a to 2-h, 3 to 11.
    expect(c.lines.map((l) => l.code).join(" ")).toBe(
      "1 2-a 2-b 2-c 2-d 2-e 2-f 2-g 2-h 3 4 5 6 7 8 9 10 11",
    );
  });

  it("lists a line's invoices and credit notes as CSV, audited as an export", async () => {
    const actor = await makeActor(database.db);
    const csv = await bpfProductsCsv(database.db, actor, 2027, "c2h");
    expect(csv).toBe(
      "\uFEFFDate;Numéro;Type;Facture corrigée;Financeur;Type de financeur;Stagiaire;Montant HT;Ligne du BPF\r\n" +
        `15/03/2027;${numbers.plan};Facture;;OPCO EP;OPCO;;2500,00;2-h\r\n` +
        `01/04/2027;${numbers.planCredit};Avoir;${numbers.plan};OPCO EP;OPCO;;-500,00;2-h\r\n`,
    );
    expect(await bpfProductsCsv(database.db, actor, 2027, "c99")).toBeNull();
    const entries = await database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, actor.id), eq(auditLog.action, "export")));
    expect(entries.map((e) => e.details)).toEqual([
      { title: "BPF 2027, origine des produits, ligne 2-h", count: 2, bpf: { year: 2027, line: "c2h" } },
    ]);
    const all = (await bpfProductsCsv(database.db, actor, 2027, "all")) ?? "";
    // The header and the twelve invoices and credit notes of 2027 counted above.
    expect(all.split("\r\n").filter(Boolean)).toHaveLength(1 + 12);
  });

  it("classes by payer kind, an OPCO's apprentice and a public payer's CPF apart", () => {
    const facts = { learnerCategory: null, learnerFunding: null };
    expect(bpfProductLineOf({ ...facts, payerKind: "opco", learnerCategory: "apprentice" })).toBe("c2a");
    expect(bpfProductLineOf({ ...facts, payerKind: "opco", learnerCategory: "private_employee" })).toBe(
      "c2h",
    );
    expect(bpfProductLineOf({ ...facts, payerKind: "other_public", learnerFunding: "cpf" })).toBe("c2e");
    expect(bpfProductLineOf({ ...facts, payerKind: "company", learnerFunding: "cpf" })).toBe("c1");
  });
});
