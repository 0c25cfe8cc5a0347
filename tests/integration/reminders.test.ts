// Reminders of unpaid invoices: level k once today (Paris) reaches the due date plus Paramètres'
// delay k, each level once however many rounds or instances run, none for a paid, cancelled or not
// yet due invoice; the e-mail in French, quoting only the invoice as issued.
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/features/audit/schema.server";
import { ReminderScheduler, sendDueReminders } from "~/features/billing/reminders.server";
import { billingSettings, invoiceReminders } from "~/features/billing/schema.server";
import { openPostgres } from "~/platform/db/client.server";
import { createLogger } from "~/platform/logger.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import { makePayer, makePayment, TEST_SELLER } from "../support/billing";
import { createTestDatabase, DRIVER, type TestDatabase } from "../support/db";
import { creditWith, issueWith, numbering } from "../support/follow-up";
import { frenchTypographyFaults, htmlText } from "../support/french-text";

let database: TestDatabase;
const next = numbering();
const issue = issueWith(next);
const credit = creditWith(next);
const IBAN = "FR76 3000 6000 0112 3456 7890 189";
const SELLER = { ...TEST_SELLER, iban: IBAN, bic: "AGRIFRPPXXX" };
/** Paris noon of a day: the round's `now`. */
const at = (day: string) => new Date(`${day}T11:00:00Z`);

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.update(billingSettings).set({ reminderDays: [7, 30] });
  return () => database.close();
});

/** An invoice of 350 € issued 15 January 2027, due 14 February (or `dueOn`), to a payer of `kind`. */
async function overdueInvoice(
  kind: "company" | "individual" = "company",
  seller = SELLER,
  dueOn = "2027-02-14",
) {
  const payer = await makePayer(
    database.db,
    kind === "individual" ? { kind, siren: null, name: "Camille Martin" } : {},
  );
  const invoice = await issue(
    database.db,
    { payerId: payer.id, issuedOn: "2027-01-15", dueOn, seller },
    35_000,
  );
  return { invoice, email: payer.invoicingEmail };
}

const remindersOf = async (invoiceId: string) =>
  (await database.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoiceId))).map(
    (r) => r.level,
  );
const mailsTo = (email: string) =>
  database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "invoice-reminder")))
    .orderBy(mailOutbox.createdAt);
const round = async (day: string, ids: string[]) =>
  (await sendDueReminders(database.db, at(day))).filter((r) => ids.includes(r.invoiceId));

describe(`reminders of unpaid invoices on ${DRIVER}`, () => {
  it("sends reminder 1 once after two runs, reminder 2 after 30 days, each once", async () => {
    const { invoice, email } = await overdueInvoice();
    expect(await round("2027-02-20", [invoice.id])).toEqual([]);
    expect(await round("2027-02-21", [invoice.id])).toEqual([{ invoiceId: invoice.id, level: 1 }]);
    expect(await round("2027-02-21", [invoice.id])).toEqual([]);
    expect(await round("2027-03-15", [invoice.id])).toEqual([]);
    expect(await remindersOf(invoice.id)).toEqual([1]);
    expect(await round("2027-03-16", [invoice.id])).toEqual([{ invoiceId: invoice.id, level: 2 }]);
    expect(await round("2027-04-30", [invoice.id])).toEqual([]);
    expect((await remindersOf(invoice.id)).sort()).toEqual([1, 2]);

    const [first, second] = await mailsTo(email);
    expect(first?.subject).toBe(`Rappel\u00a0: facture ${invoice.number} en attente de règlement`);
    expect(first?.text).toContain(
      `Sauf erreur de notre part, la facture ${invoice.number} que Forma Rhône vous a adressée le 15 janvier 2027, payable au plus tard le 14 février 2027, n'est pas encore entièrement réglée\u00a0: il reste 350,00\u00a0€ à payer.`,
    );
    for (const line of [
      `IBAN\u00a0: ${IBAN}`,
      "BIC\u00a0: AGRIFRPPXXX",
      `Référence à indiquer\u00a0: ${invoice.number}`,
    ]) {
      expect(first?.text).toContain(line);
    }
    expect(first?.text).not.toContain("pénalités");
    expect(first?.replyTo).toBeTruthy();
    expect(second?.subject).toBe(`Nouveau rappel\u00a0: facture ${invoice.number} en attente de règlement`);
    expect(second?.text).toContain("Malgré notre précédent rappel");
    expect(second?.text).toContain("indemnité forfaitaire de 40\u00a0€ pour frais de recouvrement");
    for (const mail of [first, second]) {
      for (const text of [mail?.subject ?? "", mail?.text ?? "", htmlText(mail?.html ?? "")]) {
        expect(frenchTypographyFaults(text)).toEqual([]);
      }
    }
    const entries = await database.db
      .select({ details: auditLog.details, actorId: auditLog.actorId })
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, "invoice"), eq(auditLog.entityId, invoice.id), eq(auditLog.action, "send")),
      );
    expect(entries.map((e) => [e.details?.title, e.actorId]).sort()).toEqual([
      [`Relance 1 de la facture ${invoice.number}`, null],
      [`Relance 2 de la facture ${invoice.number}`, null],
    ]);
  });

  it("sends none once paid, for a cancelled invoice, or before the due date's delay", async () => {
    const { db } = database;
    const paidLater = await overdueInvoice();
    expect(await round("2027-02-21", [paidLater.invoice.id])).toHaveLength(1);
    await makePayment(db, {
      invoiceId: paidLater.invoice.id,
      amountCents: 35_000,
      receivedOn: "2027-02-25",
      means: "cheque",
    });
    const paidEarly = await overdueInvoice();
    await makePayment(db, {
      invoiceId: paidEarly.invoice.id,
      amountCents: 35_000,
      receivedOn: "2027-02-01",
      means: "card",
    });
    const cancelled = await overdueInvoice();
    await credit(db, cancelled.invoice, 35_000, "2027-02-01");
    const notDue = await overdueInvoice("company", SELLER, "2027-03-10");
    const ids = [paidLater, paidEarly, cancelled, notDue].map((x) => x.invoice.id);
    // Paid after the first reminder: no second one; paid or cancelled before: never; due on 10 March:
    // not before the 17th.
    expect(await round("2027-03-16", ids)).toEqual([]);
    expect(await remindersOf(paidLater.invoice.id)).toEqual([1]);
    for (const x of [paidEarly, cancelled]) expect(await mailsTo(x.email)).toEqual([]);
    expect(await round("2027-03-17", ids)).toEqual([{ invoiceId: notDue.invoice.id, level: 1 }]);
  });

  it("reminds a person too, politely, and without bank details the invoice did not print", async () => {
    const { invoice, email } = await overdueInvoice("individual", TEST_SELLER);
    await makePayment(database.db, {
      invoiceId: invoice.id,
      amountCents: 10_000,
      receivedOn: "2027-02-01",
      means: "cheque",
    });
    await round("2027-02-21", [invoice.id]);
    await round("2027-03-16", [invoice.id]);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Rappel\u00a0: facture ${invoice.number} en attente de règlement`,
      `Nouveau rappel\u00a0: facture ${invoice.number} en attente de règlement`,
    ]);
    const last = mails[1]?.text ?? "";
    expect(last).toContain("il reste 250,00\u00a0€ à payer");
    expect(last).toContain("Déjà réglé\u00a0: 100,00\u00a0€");
    expect(last).not.toContain("pénalités");
    expect(last).not.toContain("IBAN");
    expect(last).toContain("Merci de nous faire parvenir ce règlement");
  });

  it("sends only the highest level due after a long stop, without speaking of an earlier reminder", async () => {
    const { invoice, email } = await overdueInvoice();
    expect(await round("2027-04-01", [invoice.id])).toEqual([{ invoiceId: invoice.id, level: 2 }]);
    expect(await round("2027-04-02", [invoice.id])).toEqual([]);
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Rappel\u00a0: facture ${invoice.number} en attente de règlement`);
    expect(mail?.text).not.toContain("précédent rappel");
  });

  it("sends each level once when two instances run their rounds at the same time", async () => {
    const { invoice, email } = await overdueInvoice();
    const logger = createLogger({ production: true, level: "silent" });
    const wake = { wake() {} };
    // On PostgreSQL a second instance has its own connection pool; PGlite serves one process.
    const other = database.url ? await openPostgres(database.url) : null;
    try {
      const schedulers = [database.db, other?.db ?? database.db].map(
        (db) => new ReminderScheduler(db, wake, logger),
      );
      const rounds = await Promise.all(
        Array.from({ length: 3 }).flatMap(() => schedulers.map((s) => s.runOnce(at("2027-02-22")))),
      );
      expect(rounds.flat().filter((r) => r.invoiceId === invoice.id)).toEqual([
        { invoiceId: invoice.id, level: 1 },
      ]);
    } finally {
      await other?.close();
    }
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await remindersOf(invoice.id)).toEqual([1]);
  });

  it("sends nothing when Paramètres have no delays", async () => {
    const { db } = database;
    const { invoice } = await overdueInvoice();
    await db.update(billingSettings).set({ reminderDays: [] });
    try {
      expect(await round("2027-06-01", [invoice.id])).toEqual([]);
    } finally {
      await db.update(billingSettings).set({ reminderDays: [7, 30] });
    }
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.subject, `%${invoice.number}%`)),
    ).toEqual([]);
  });
});
