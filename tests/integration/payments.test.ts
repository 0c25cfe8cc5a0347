// Payments against issued invoices: typed in euros and recorded in cents, refused in French with
// nothing written when they cannot be (a draft, a credit note, a cancelled invoice, too much, a date
// in the future or before the issue), removed when recorded by mistake; each change in the Journal.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
// The Journal's declarations, registered as app/boot registers them when the server starts.
import "~/boot/audit.server";
import type { Actor } from "~/features/audit/index.server";
import { listAuditLog } from "~/features/audit/index.server";
import { auditLog } from "~/features/audit/schema.server";
import { invoiceStanding } from "~/features/billing/invoice-state.server";
import { PAYMENT_MESSAGES, type PaymentInput, paymentSchema } from "~/features/billing/payment-schema";
import {
  exceedsLeftDue,
  PAYMENT_REFUSALS,
  recordPayment,
  removePayment,
} from "~/features/billing/payments.server";
import { payments } from "~/features/billing/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import { makeActor, makeDraftInvoice, makePayer, makePayment } from "../support/billing";
import { createTestDatabase, DRIVER, type TestDatabase } from "../support/db";
import { creditWith, issueWith, numbering } from "../support/follow-up";
import { frenchTypographyFaults } from "../support/french-text";

let database: TestDatabase;
let actor: Actor;
const next = numbering();
const issue = issueWith(next);
const credit = creditWith(next);
const TODAY = "2027-03-01";

beforeAll(async () => {
  database = await createTestDatabase();
  actor = await makeActor(database.db);
  return () => database.close();
});

/** An issued invoice of 350,00 € issued on 15 January 2027, due 14 February. */
async function invoiceOf350() {
  const payer = await makePayer(database.db);
  return issue(database.db, { payerId: payer.id, issuedOn: "2027-01-15", dueOn: "2027-02-14" }, 35_000);
}

/** The fields as the form posts them, checked by the schema as the action checks them. */
function posted(fields: Record<string, string>): PaymentInput {
  const parsed = paymentSchema.safeParse({ receivedOn: "2027-02-01", means: "transfer", ...fields });
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
  return parsed.data;
}

/** The French refusal `run` throws, or 'accepted'. */
async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof AdminInputError) return error.message;
    throw error;
  }
  return "accepted";
}

const paymentsOf = (invoiceId: string) =>
  database.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));

describe(`payments on ${DRIVER}`, () => {
  it("records a payment typed in euros, in cents, and the invoice is partly paid then paid", async () => {
    const { db } = database;
    const invoice = await invoiceOf350();
    const first = await recordPayment(
      db,
      actor,
      posted({ invoiceId: invoice.id, amount: "100,50", reference: " VIR 123 " }),
      TODAY,
    );
    expect(first).toMatchObject({ amountCents: 10_050, means: "transfer", reference: "VIR 123" });
    expect((await invoiceStanding(db, invoice.id, "2027-02-01"))?.invoice).toMatchObject({
      state: "partly_paid",
      paidCents: 10_050,
      leftCents: 24_950,
    });
    await recordPayment(
      db,
      actor,
      posted({ invoiceId: invoice.id, amount: "249,50", means: "cheque", receivedOn: "2027-02-20" }),
      TODAY,
    );
    const standing = await invoiceStanding(db, invoice.id, TODAY);
    expect(standing?.invoice).toMatchObject({ state: "paid", paidCents: 35_000, leftCents: 0 });
    expect(standing?.payments.map((p) => [p.receivedOn, p.amountCents, p.means])).toEqual([
      ["2027-02-01", 10_050, "transfer"],
      ["2027-02-20", 24_950, "cheque"],
    ]);
  });

  it("refuses what the schema can tell: no amount, not an amount, zero, a sign, a bad day or means", () => {
    const errors = (fields: Record<string, string>) => {
      const parsed = paymentSchema.safeParse({
        invoiceId: "6f1c1a52-8d3c-4a53-9a0e-2d7a3b1c0f11",
        receivedOn: "2027-02-01",
        means: "transfer",
        amount: "10",
        ...fields,
      });
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(errors({ amount: "" })).toEqual([PAYMENT_MESSAGES.amountMissing]);
    expect(errors({ amount: "dix euros" })).toEqual([PAYMENT_MESSAGES.amountInvalid]);
    expect(errors({ amount: "12,345" })).toEqual([PAYMENT_MESSAGES.amountInvalid]);
    expect(errors({ amount: "0,00" })).toEqual([PAYMENT_MESSAGES.amountNotPositive]);
    expect(errors({ amount: "-50" })).toEqual([PAYMENT_MESSAGES.amountNotPositive]);
    expect(errors({ receivedOn: "2027-02-30" })).toEqual([PAYMENT_MESSAGES.date]);
    expect(errors({ means: "bitcoin" })).toEqual([PAYMENT_MESSAGES.means]);
    expect(errors({ amount: "1 234,5 €" })).toEqual([]);
    for (const message of Object.values(PAYMENT_MESSAGES))
      expect(frenchTypographyFaults(message)).toEqual([]);
  });

  it("refuses in French, writing nothing: more than is left, a future day, a day before the issue", async () => {
    const { db } = database;
    const invoice = await invoiceOf350();
    expect(
      await refusal(recordPayment(db, actor, posted({ invoiceId: invoice.id, amount: "350,01" }), TODAY)),
    ).toBe(exceedsLeftDue(35_000));
    expect(exceedsLeftDue(35_000)).toMatch(/^Le règlement dépasse le reste à payer \(350,00\s€\)\.$/);
    await makePayment(db, {
      invoiceId: invoice.id,
      receivedOn: "2027-01-20",
      amountCents: 20_000,
      means: "card",
    });
    expect(
      await refusal(recordPayment(db, actor, posted({ invoiceId: invoice.id, amount: "150,01" }), TODAY)),
    ).toBe(exceedsLeftDue(15_000));
    expect(
      await refusal(
        recordPayment(
          db,
          actor,
          posted({ invoiceId: invoice.id, amount: "10", receivedOn: "2027-03-02" }),
          TODAY,
        ),
      ),
    ).toBe(PAYMENT_REFUSALS.future);
    expect(
      await refusal(
        recordPayment(
          db,
          actor,
          posted({ invoiceId: invoice.id, amount: "10", receivedOn: "2027-01-14" }),
          TODAY,
        ),
      ),
    ).toBe("Le règlement ne peut pas précéder l'émission de la facture (15 janvier 2027).");
    // Paid on the day of issue and today: both accepted.
    await recordPayment(
      db,
      actor,
      posted({ invoiceId: invoice.id, amount: "10", receivedOn: "2027-01-15" }),
      TODAY,
    );
    await recordPayment(
      db,
      actor,
      posted({ invoiceId: invoice.id, amount: "140", receivedOn: TODAY }),
      TODAY,
    );
    expect(
      await refusal(recordPayment(db, actor, posted({ invoiceId: invoice.id, amount: "1" }), TODAY)),
    ).toBe(PAYMENT_REFUSALS.alreadyPaid);
    expect((await paymentsOf(invoice.id)).map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([
      1_000, 14_000, 20_000,
    ]);
  });

  it("refuses a draft, a credit note, an unknown invoice and one its credit notes cancel", async () => {
    const { db } = database;
    const payer = await makePayer(db);
    const draft = await makeDraftInvoice(db, { payerId: payer.id });
    expect(
      await refusal(recordPayment(db, actor, posted({ invoiceId: draft.id, amount: "10" }), TODAY)),
    ).toBe(PAYMENT_REFUSALS.draft);
    const invoice = await invoiceOf350();
    const note = await credit(db, invoice, 35_000, "2027-01-20");
    expect(await refusal(recordPayment(db, actor, posted({ invoiceId: note.id, amount: "10" }), TODAY))).toBe(
      PAYMENT_REFUSALS.creditNote,
    );
    expect(
      await refusal(recordPayment(db, actor, posted({ invoiceId: invoice.id, amount: "10" }), TODAY)),
    ).toBe(PAYMENT_REFUSALS.cancelled);
    expect(
      await refusal(
        recordPayment(
          db,
          actor,
          posted({ invoiceId: "6f1c1a52-8d3c-4a53-9a0e-2d7a3b1c0f11", amount: "10" }),
          TODAY,
        ),
      ),
    ).toBe(PAYMENT_REFUSALS.unknownInvoice);
    // A partial credit note lowers what is left; a draft one changes nothing yet.
    const partly = await invoiceOf350();
    await credit(db, partly, 10_000, "2027-01-20");
    await credit(db, partly, 5_000, null);
    expect(
      await refusal(recordPayment(db, actor, posted({ invoiceId: partly.id, amount: "250,01" }), TODAY)),
    ).toBe(exceedsLeftDue(25_000));
    for (const id of [draft.id, note.id, invoice.id, partly.id]) expect(await paymentsOf(id)).toEqual([]);
    for (const message of Object.values(PAYMENT_REFUSALS))
      expect(frenchTypographyFaults(message)).toEqual([]);
  });

  it("removes a payment recorded by mistake, says what it removed, and the audit log names both", async () => {
    const { db } = database;
    const invoice = await invoiceOf350();
    const payment = await recordPayment(
      db,
      actor,
      posted({ invoiceId: invoice.id, amount: "350", means: "cheque", receivedOn: "2027-02-03" }),
      TODAY,
    );
    const removed = await removePayment(db, actor, payment.id);
    expect(removed).toMatchObject({ id: payment.id, amountCents: 35_000, invoiceNumber: invoice.number });
    expect(removed.title).toBe(
      `Règlement de 350,00\u00a0€ (chèque) du 3 février 2027, facture ${invoice.number}`,
    );
    expect(await paymentsOf(invoice.id)).toEqual([]);
    expect((await invoiceStanding(db, invoice.id, TODAY))?.invoice.state).toBe("overdue");
    expect(await refusal(removePayment(db, actor, payment.id))).toBe(PAYMENT_REFUSALS.unknownPayment);

    const entries = await db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "payment"), eq(auditLog.entityId, payment.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(["create", "delete"]);
    expect(entries.every((e) => e.actorId === actor.id)).toBe(true);
    const log = await listAuditLog(db, {
      actor: actor.email,
      entity: "payment",
      from: null,
      to: null,
      page: 1,
    });
    const shown = log.entries.filter((e) => e.entityId === payment.id);
    expect(shown.map((e) => e.record)).toEqual([
      { name: removed.title, href: null },
      { name: removed.title, href: null },
    ]);
  });

  it("links a payment still recorded to its invoice's page in the audit log", async () => {
    const { db } = database;
    const invoice = await invoiceOf350();
    const payment = await recordPayment(db, actor, posted({ invoiceId: invoice.id, amount: "20" }), TODAY);
    const log = await listAuditLog(db, {
      actor: actor.email,
      entity: "payment",
      from: null,
      to: null,
      page: 1,
    });
    expect(log.entries.find((e) => e.entityId === payment.id)?.record).toEqual({
      name: `Règlement de 20,00\u00a0€ (virement) du 1er février 2027, facture ${invoice.number}`,
      href: `/admin/factures/${invoice.id}`,
    });
  });

  it("lets only one of two payments recorded at once pass when together they exceed what is left", async () => {
    const { db } = database;
    const invoice = await invoiceOf350();
    const outcomes = await Promise.allSettled(
      [0, 1].map(() => recordPayment(db, actor, posted({ invoiceId: invoice.id, amount: "200" }), TODAY)),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(refused.map((o) => (o.reason as Error).message)).toEqual([exceedsLeftDue(15_000)]);
    expect((await paymentsOf(invoice.id)).map((p) => p.amountCents)).toEqual([20_000]);
  });
});
