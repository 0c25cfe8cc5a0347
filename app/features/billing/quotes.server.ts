// Quotes (devis): drafted by staff, numbered and e-mailed when sent, accepted by the payer through
// the e-mail's link or recorded by staff; an accepted quote for a learner fills the learner's funding
// plan and names the payer as the convention's party.
import { asc, eq, sql } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import { formatDate, parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { sanitizeFileName } from "~/platform/file-name";
import { enqueueMail } from "~/platform/mail/queue.server";
import { renderMail } from "~/platform/mail/templates.server";
import { formatCents } from "~/platform/money";
import { readBillingSettings } from "./billing-settings.server";
import { invoiceTotals, lineNetCents, vatRateOf } from "./invoice-totals";
import { buyerOfPayer, currentSeller } from "./parties.server";
import { type QuoteDocument, quotePdf } from "./quote-pdf.server";
import { hashQuoteToken, quoteToken, quoteUrl } from "./quote-tokens.server";
import { invoiceCounters, type Payer, payers, type Quote, quoteLines, quotes } from "./schema.server";

export interface QuoteLineInput {
  label: string;
  quantityHundredths: number;
  unitCode: "HUR" | "C62" | "DAY";
  unitPriceCents: number;
}

export interface QuoteInput {
  payerId: string;
  learnerId: string | null;
  sessionId: string | null;
  title: string;
  /** YYYY-MM-DD, today or later. */
  validUntil: string;
  note: string;
  lines: QuoteLineInput[];
}

/**
 * The lines with their amounts and the quote's totals, by the same arithmetic as an invoice's
 * (invoice-totals.ts): an accepted quote becomes invoices that must print the same figures.
 */
export function quoteTotals(lines: readonly QuoteLineInput[], rate: number) {
  const priced = lines.map((line, i) => ({
    ...line,
    position: i + 1,
    netCents: lineNetCents(line.unitPriceCents, line.quantityHundredths),
  }));
  return { lines: priced, ...invoiceTotals(priced, rate) };
}

async function vatRateFromSettings(db: Db): Promise<number> {
  return vatRateOf((await getCentreSettings(db)).vatStatus);
}

async function draftOf(db: Db, id: string) {
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, id)).for("update");
  if (!quote) throw new AdminInputError("Ce devis n'existe plus.");
  if (quote.state !== "draft") {
    throw new AdminInputError(`Le devis ${quote.number} est envoyé : il ne peut plus être modifié.`);
  }
  return quote;
}

/** The checks a quote's content must pass wherever it comes from (the console's form validated it too). */
async function checkInput(db: Db, input: QuoteInput, today: string) {
  if (input.lines.length === 0) throw new AdminInputError("Ajoutez au moins une ligne au devis.");
  if (input.validUntil < today) {
    throw new AdminInputError("La date de validité est passée : choisissez une date à venir.", "validUntil");
  }
  const [payer] = await db.select({ id: payers.id }).from(payers).where(eq(payers.id, input.payerId));
  if (!payer) throw new AdminInputError("Choisissez un financeur du registre.", "payerId");
  if (input.learnerId) {
    const [learner] = await db
      .select({ sessionId: learners.sessionId })
      .from(learners)
      .where(eq(learners.id, input.learnerId));
    if (!learner) throw new AdminInputError("Ce ou cette stagiaire n'existe plus.", "learnerId");
    if (input.sessionId && input.sessionId !== learner.sessionId) {
      throw new AdminInputError("Ce ou cette stagiaire n'est pas inscrit·e à cette session.", "learnerId");
    }
  }
}

/** Creates a draft (`id` null) or rewrites one; answers its id. */
export async function saveQuoteDraft(
  db: Db,
  actor: Actor,
  id: string | null,
  input: QuoteInput,
  today = parisToday(),
): Promise<string> {
  await checkInput(db, input, today);
  const rate = await vatRateFromSettings(db);
  const totals = quoteTotals(input.lines, rate);
  return db.transaction(async (tx) => {
    const values = {
      payerId: input.payerId,
      learnerId: input.learnerId,
      sessionId: input.sessionId,
      title: input.title,
      validUntil: input.validUntil,
      note: input.note,
      vatRateBasisPoints: rate,
      netCents: totals.netCents,
      vatCents: totals.vatCents,
      grossCents: totals.grossCents,
    };
    let quoteId: string;
    if (id) {
      await draftOf(tx, id);
      await tx
        .update(quotes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(quotes.id, id));
      await tx.delete(quoteLines).where(eq(quoteLines.quoteId, id));
      quoteId = id;
    } else {
      const [created] = await tx
        .insert(quotes)
        .values({ ...values, createdById: actor.id })
        .returning({ id: quotes.id });
      if (!created) throw new Error("quote not inserted");
      quoteId = created.id;
    }
    await tx.insert(quoteLines).values(totals.lines.map((line) => ({ ...line, quoteId })));
    await writeAudit(tx, actor, {
      action: id ? "update" : "create",
      entity: "quote",
      entityId: quoteId,
      details: { title: input.title },
    });
    return quoteId;
  });
}

export async function deleteQuoteDraft(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const quote = await draftOf(tx, id);
    await tx.delete(quotes).where(eq(quotes.id, id));
    await writeAudit(tx, actor, {
      action: "delete",
      entity: "quote",
      entityId: id,
      details: { title: quote.title },
    });
  });
}

/** 'D-2027-0001': its own sequence per year, drawn like invoice numbers (a locked counter row). */
async function nextQuoteNumber(tx: Db, today: string): Promise<string> {
  const year = today.slice(0, 4);
  const key = `quote:${year}`;
  await tx.insert(invoiceCounters).values({ key }).onConflictDoNothing();
  const [counter] = await tx
    .update(invoiceCounters)
    .set({ lastNumber: sql`${invoiceCounters.lastNumber} + 1` })
    .where(eq(invoiceCounters.key, key))
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!counter) throw new Error("quote counter missing");
  return `D-${year}-${String(counter.lastNumber).padStart(4, "0")}`;
}

/**
 * The quote as its PDF prints it, on the day it is sent: the centre as Paramètres describes it now,
 * the payer's identity, the learner it names, its lines and totals as stored.
 */
async function quoteDocument(
  db: Db,
  quote: Quote & { number: string },
  payer: Payer,
  today: string,
): Promise<QuoteDocument> {
  const lines = await db
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quote.id))
    .orderBy(asc(quoteLines.position));
  const [learner] = quote.learnerId
    ? await db
        .select({ firstName: learners.firstName, lastName: learners.lastName })
        .from(learners)
        .where(eq(learners.id, quote.learnerId))
    : [];
  const learnerName = learner ? [learner.firstName, learner.lastName].filter(Boolean).join(" ") : "";
  return {
    number: quote.number,
    title: quote.title,
    sentOn: today,
    validUntil: quote.validUntil,
    seller: await currentSeller(db, await readBillingSettings(db), quote.vatRateBasisPoints),
    buyer: buyerOfPayer(payer),
    learnerName: learnerName || null,
    lines: lines.map((line) => ({
      position: line.position,
      label: line.label,
      description: "",
      quantityHundredths: line.quantityHundredths,
      unitCode: line.unitCode as QuoteLineInput["unitCode"],
      unitPriceCents: line.unitPriceCents,
      netCents: line.netCents,
    })),
    vatRateBasisPoints: quote.vatRateBasisPoints,
    netCents: quote.netCents,
    vatCents: quote.vatCents,
    grossCents: quote.grossCents,
    note: quote.note,
  };
}

export interface LinkKeys {
  secret: string;
  publicUrl: string;
}

/**
 * Numbers the draft, e-mails it to the payer's invoicing address with the acceptance link, and
 * answers the number and the address (the console's toast names them).
 */
export async function sendQuote(
  db: Db,
  actor: Actor,
  keys: LinkKeys,
  id: string,
  today = parisToday(),
): Promise<{ number: string; to: string }> {
  return db.transaction(async (tx) => {
    const quote = await draftOf(tx, id);
    if (quote.validUntil < today) {
      throw new AdminInputError("La date de validité est passée : modifiez-la avant d'envoyer le devis.");
    }
    const [payer] = await tx.select().from(payers).where(eq(payers.id, quote.payerId));
    if (!payer) throw new AdminInputError("Le financeur de ce devis n'existe plus.");
    const number = await nextQuoteNumber(tx, today);
    const token = quoteToken(keys.secret, quote.id);
    await tx
      .update(quotes)
      .set({
        number,
        state: "sent",
        tokenHash: hashQuoteToken(token),
        sentAt: new Date(),
        sentTo: payer.invoicingEmail,
        updatedAt: new Date(),
      })
      .where(eq(quotes.id, id));
    const centre = await getCentreSettings(tx);
    const pdf = await quotePdf(await quoteDocument(tx, { ...quote, number }, payer, today));
    const mail = renderMail(centre, {
      subject: `Devis ${number} : ${quote.title}`,
      heading: payer.contactName ? `Bonjour ${payer.contactName},` : "Madame, Monsieur,",
      paragraphs: [
        `Vous trouverez ci-joint notre devis ${number} pour ${quote.title}.`,
        `Il est valable jusqu'au ${formatDate(quote.validUntil)}. Vous pouvez le lire et l'accepter en ligne par le lien ci-dessous.`,
      ],
      rows: [
        ["Montant HT", formatCents(quote.netCents)],
        ...(quote.vatRateBasisPoints > 0
          ? ([
              ["TVA", formatCents(quote.vatCents)],
              ["Montant TTC", formatCents(quote.grossCents)],
            ] as [string, string][])
          : []),
      ],
      action: { label: "Lire et accepter le devis", url: quoteUrl(keys.publicUrl, token) },
    });
    const attachment = {
      filename: sanitizeFileName(`Devis-${number}`, "pdf", "devis"),
      contentType: "application/pdf",
      content: pdf.toString("base64"),
    };
    await enqueueMail(tx, [
      {
        kind: "quote",
        to: payer.invoicingEmail,
        replyTo: centre.email.trim() || null,
        attachments: [attachment],
        ...mail,
      },
    ]);
    await writeAudit(tx, actor, {
      action: "send",
      entity: "quote",
      entityId: id,
      details: { title: `Devis ${number}`, to: payer.invoicingEmail },
    });
    return { number, to: payer.invoicingEmail };
  });
}

/**
 * A sent quote's PDF as it was e-mailed (its day of sending, its lines and totals as stored) and the
 * name it is saved under ('Devis-D-2027-0001.pdf'); null for a draft (no number) or an unknown quote.
 */
export async function quotePdfFile(db: Db, id: string) {
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!quote?.number) return null;
  const [payer] = await db.select().from(payers).where(eq(payers.id, quote.payerId));
  if (!payer) return null;
  const sentOn = parisToday(quote.sentAt ?? quote.updatedAt);
  const bytes = await quotePdf(await quoteDocument(db, { ...quote, number: quote.number }, payer, sentOn));
  return { bytes, fileName: sanitizeFileName(`Devis-${quote.number}`, "pdf", "devis") };
}

/** The quotes of a learner, newest first (the learner's file lists them). */
export async function learnerQuotes(db: Db, learnerId: string) {
  return db
    .select({
      id: quotes.id,
      number: quotes.number,
      title: quotes.title,
      state: quotes.state,
      netCents: quotes.netCents,
      validUntil: quotes.validUntil,
    })
    .from(quotes)
    .where(eq(quotes.learnerId, learnerId))
    .orderBy(sql`${quotes.createdAt} desc`);
}

/** A default title for a learner's quote: the formation and the session's dates. */
export async function quoteTitleFor(db: Db, sessionId: string): Promise<string> {
  const [row] = await db
    .select({ title: formations.title, start: formationSessions.startDate, end: formationSessions.endDate })
    .from(formationSessions)
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(formationSessions.id, sessionId));
  return row ? `${row.title}, session du ${formatDate(row.start)} au ${formatDate(row.end)}` : "";
}
