// Invoices listed with their state, amounts paid, credited and left, as the database reads them:
// the same state as invoiceStateOf for every row, the filters (state, payer, period, kind, search),
// the paging and the counters; the encours per payer and the dashboard's two figures.
import { beforeAll, describe, expect, it } from "vitest";
import { createCreditNote, createDraft, issueInvoice } from "~/features/billing/index.server";
import { invoiceStateOf } from "~/features/billing/invoice-state";
import {
  figuresOfRow,
  invoiceFiltersFrom,
  invoiceStanding,
  listInvoices,
  NO_INVOICE_FILTERS,
} from "~/features/billing/invoice-state.server";
import { outstandingByPayer, outstandingTotals } from "~/features/billing/outstanding.server";
import { paymentSchema } from "~/features/billing/payment-schema";
import { PAYMENT_REFUSALS, recordPayment } from "~/features/billing/payments.server";
import { PAGE_SIZE } from "~/platform/console/paging.server";
import { parisToday } from "~/platform/dates";
import { describeCentre, makeActor, makeDraftInvoice, makePayer, makePayment } from "../support/billing";
import { createTestDatabase, DRIVER, type TestDatabase } from "../support/db";
import { creditWith, issueWith, numbering } from "../support/follow-up";

let database: TestDatabase;
const next = numbering();
const issue = issueWith(next);
const credit = creditWith(next);
const TODAY = "2027-03-01";
let before: Awaited<ReturnType<typeof outstandingTotals>>;
const ids: Record<string, string> = {};
const payerIds: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  before = await outstandingTotals(db, TODAY);
  const a = await makePayer(db, { name: "Atelier Dupré" });
  const b = await makePayer(db, { name: "OPCO Atlas", kind: "opco" });
  const d = await makePayer(db, { name: "Région Sud", kind: "region", siren: null });
  Object.assign(payerIds, { a: a.id, b: b.id, d: d.id });
  const pay = (invoiceId: string, amountCents: number) =>
    makePayment(db, { invoiceId, amountCents, receivedOn: "2027-02-10", means: "transfer" });
  // Payer A: 350 € overdue, 200 € with 50 € paid not yet due, 100 € paid.
  ids.overdue = (await issue(db, { payerId: a.id, issuedOn: "2027-01-15", dueOn: "2027-02-14" }, 35_000)).id;
  ids.partly = (await issue(db, { payerId: a.id, issuedOn: "2027-02-01", dueOn: "2027-03-31" }, 20_000)).id;
  await pay(ids.partly, 5_000);
  ids.paid = (await issue(db, { payerId: a.id, issuedOn: "2027-02-02", dueOn: "2027-03-04" }, 10_000)).id;
  await pay(ids.paid, 10_000);
  // Payer B: 500 € cancelled by a credit note; 300 € credited 100 €, paid 150 €, due 1 Feb (50 € late);
  // 1 000 € not yet due with a draft credit note (which changes nothing); a draft invoice.
  const cancelled = await issue(db, { payerId: b.id, issuedOn: "2027-01-10", dueOn: "2027-02-09" }, 50_000);
  ids.cancelled = cancelled.id;
  ids.fullCredit = (await credit(db, cancelled, 50_000, "2027-01-20")).id;
  const credited = await issue(db, { payerId: b.id, issuedOn: "2027-01-02", dueOn: "2027-02-01" }, 30_000);
  ids.credited = credited.id;
  ids.partCredit = (await credit(db, credited, 10_000, "2027-01-05")).id;
  await pay(credited.id, 15_000);
  const open = await issue(db, { payerId: b.id, issuedOn: "2027-02-20", dueOn: "2027-04-01" }, 100_000);
  ids.open = open.id;
  ids.draftCredit = (await credit(db, open, 20_000, null)).id;
  ids.draft = (await makeDraftInvoice(db, { payerId: b.id })).id;
  // Payer D: 2 000 € not yet due, the largest amount owed but nothing late.
  ids.notDue = (await issue(db, { payerId: d.id, issuedOn: "2027-02-25", dueOn: "2027-03-27" }, 200_000)).id;
  return () => database.close();
});

const all = async (filters: Partial<typeof NO_INVOICE_FILTERS> = {}, page = 1) =>
  listInvoices(database.db, { ...NO_INVOICE_FILTERS, ...filters }, page, TODAY);

describe(`invoices' states and figures on ${DRIVER}`, () => {
  it("reads each state, paid, credited and left in SQL, as invoiceStateOf does", async () => {
    const { list } = await all({ payerId: null });
    const byId = new Map(list.items.map((r) => [r.id, r]));
    const expected: [string, string, number, number, number][] = [
      ["overdue", "overdue", 0, 0, 35_000],
      ["partly", "partly_paid", 5_000, 0, 15_000],
      ["paid", "paid", 10_000, 0, 0],
      ["cancelled", "cancelled", 0, 50_000, 0],
      ["credited", "overdue", 15_000, 10_000, 5_000],
      ["open", "issued", 0, 0, 100_000],
      ["fullCredit", "issued", 0, 0, 0],
      ["partCredit", "issued", 0, 0, 0],
      ["draftCredit", "draft", 0, 0, 0],
      ["draft", "draft", 0, 0, 0],
      ["notDue", "issued", 0, 0, 200_000],
    ];
    for (const [key, state, paid, creditedCents, left] of expected) {
      expect([key, byId.get(ids[key] as string)]).toEqual([
        key,
        expect.objectContaining({ state, paidCents: paid, creditedCents, leftCents: left }),
      ]);
    }
    for (const row of list.items) expect(invoiceStateOf(figuresOfRow(row), TODAY)).toBe(row.state);
    // The same invoice a month earlier: not yet late.
    expect((await invoiceStanding(database.db, ids.overdue as string, "2027-02-14"))?.invoice.state).toBe(
      "issued",
    );
  });

  it("filters by state, payer, period, kind and search, drafts first then the newest issued", async () => {
    const mine = (rows: { id: string }[]) => rows.map((r) => Object.keys(ids).find((k) => ids[k] === r.id));
    expect(mine((await all({ state: "overdue" })).list.items)).toEqual(["overdue", "credited"]);
    expect(mine((await all({ payerId: payerIds.b as string })).list.items)).toEqual([
      "draft",
      "draftCredit",
      "open",
      "fullCredit",
      "cancelled",
      "partCredit",
      "credited",
    ]);
    expect(mine((await all({ from: "2027-02-01", to: "2027-02-20" })).list.items)).toEqual([
      "open",
      "paid",
      "partly",
    ]);
    expect(mine((await all({ kind: "credit_note" })).list.items)).toEqual([
      "draftCredit",
      "fullCredit",
      "partCredit",
    ]);
    expect(mine((await all({ q: "dupre" })).list.items)).toEqual(["paid", "partly", "overdue"]);
    const { counts } = await all({ payerId: payerIds.b as string, state: "overdue" });
    expect(counts).toEqual({ draft: 2, issued: 3, partly_paid: 0, paid: 0, overdue: 1, cancelled: 1 });
  });

  it("reads its filters from the URL, ignoring what is not one", () => {
    const params = new URLSearchParams(
      `q=+F-2027&type=credit_note&etat=overdue&financeur=${payerIds.a}&du=2027-01-01&au=2027-02-30`,
    );
    expect(invoiceFiltersFrom(params)).toEqual({
      q: "F-2027",
      kind: "credit_note",
      state: "overdue",
      payerId: payerIds.a,
      from: "2027-01-01",
      to: null,
    });
    expect(invoiceFiltersFrom(new URLSearchParams("type=devis&etat=perdue&financeur=12"))).toEqual(
      NO_INVOICE_FILTERS,
    );
  });

  it("pages like the other console lists", async () => {
    const { db } = database;
    const payer = await makePayer(db);
    for (let i = 0; i < PAGE_SIZE + 2; i++) {
      await issue(db, { payerId: payer.id, issuedOn: "2026-06-01", dueOn: "2026-07-01" }, 1_000);
    }
    const first = await all({ payerId: payer.id });
    expect(first.list).toMatchObject({ page: 1, pageCount: 2, total: PAGE_SIZE + 2, pageSize: PAGE_SIZE });
    expect(first.list.items).toHaveLength(PAGE_SIZE);
    const last = await all({ payerId: payer.id }, 9);
    expect(last.list).toMatchObject({ page: 2 });
    expect(last.list.items).toHaveLength(2);
    expect(new Set([...first.list.items, ...last.list.items].map((r) => r.id)).size).toBe(PAGE_SIZE + 2);
    // Its 52 invoices of 10 € count in the encours below, all late.
    ids.pagedPayer = payer.id;
  });

  it("sums the encours per payer: anything late first, then by amount, with the oldest due date", async () => {
    const { items } = await outstandingByPayer(database.db, 1, TODAY);
    const mine = items.filter(
      (r) => Object.values(payerIds).includes(r.payerId) || r.payerId === ids.pagedPayer,
    );
    expect(
      mine.map((r) => [
        r.name.startsWith("Entreprise") ? "paged" : r.name,
        r.invoices,
        r.leftCents,
        r.overdueCents,
        r.oldestDueOn,
      ]),
    ).toEqual([
      ["OPCO Atlas", 2, 105_000, 5_000, "2027-02-01"],
      ["paged", PAGE_SIZE + 2, (PAGE_SIZE + 2) * 1_000, (PAGE_SIZE + 2) * 1_000, "2026-07-01"],
      ["Atelier Dupré", 2, 50_000, 35_000, "2027-02-14"],
      ["Région Sud", 1, 200_000, 0, "2027-03-27"],
    ]);
  });

  it("gives the dashboard what is owed and what of it is late", async () => {
    const after = await outstandingTotals(database.db, TODAY);
    const paged = (PAGE_SIZE + 2) * 1_000;
    expect(after.leftCents - before.leftCents).toBe(105_000 + 50_000 + 200_000 + paged);
    expect(after.overdueCents - before.overdueCents).toBe(5_000 + 35_000 + paged);
  });

  it("reads the invoices and credit notes the ledger issues as the ledger counts them", async () => {
    const { db } = database;
    const actor = await makeActor(db);
    await describeCentre(db);
    const payer = await makePayer(db);
    const today = parisToday();
    const draft = await createDraft(
      db,
      {
        purpose: "custom",
        payerId: payer.id,
        lines: [{ label: "Formation", quantityHundredths: 100, unitPriceCents: 60_000 }],
        serviceStart: "2026-09-01",
        serviceEnd: "2026-10-30",
      },
      actor,
    );
    const invoice = await issueInvoice(db, draft.id, actor);
    const pay = (amount: string) => {
      const input = paymentSchema.parse({
        invoiceId: invoice.id,
        amount,
        receivedOn: today,
        means: "transfer",
      });
      return recordPayment(db, actor, input, today);
    };
    await pay("100");
    await issueInvoice(
      db,
      (await createCreditNote(db, invoice.id, { amountCents: 20_000 }, actor)).id,
      actor,
    );
    expect((await invoiceStanding(db, invoice.id, today))?.invoice).toMatchObject({
      state: "partly_paid",
      paidCents: 10_000,
      creditedCents: 20_000,
      leftCents: 30_000,
    });
    // What is left to credit, credited: the invoice is cancelled, nothing left to pay or to record.
    await issueInvoice(
      db,
      (await createCreditNote(db, invoice.id, { amountCents: 40_000 }, actor)).id,
      actor,
    );
    const standing = await invoiceStanding(db, invoice.id, today);
    expect(standing?.invoice).toMatchObject({ state: "cancelled", leftCents: 0 });
    expect(standing?.creditNotes.map((c) => [c.state, c.netCents])).toEqual([
      ["issued", 20_000],
      ["issued", 40_000],
    ]);
    await expect(pay("1")).rejects.toThrow(PAYMENT_REFUSALS.cancelled);
  });
});
