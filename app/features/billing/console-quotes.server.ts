/**
 * The console's quotes: the Devis list (/admin/devis) and a quote's page (/admin/devis/:id, or
 * /admin/devis/nouveau?stagiaire=… for a new one). A draft is written, saved, deleted or sent (then
 * numbered and e-mailed with the payer's acceptance link); a sent quote's answer may be recorded by
 * staff, under their name. Reading needs invoices:read, every change invoices:write.
 */
import { asc, desc, eq, type SQL } from "drizzle-orm";
import { learners } from "~/features/learners/schema.server";
import {
  AdminInputError,
  attemptOnRecord,
  attemptParsed,
  consoleAction,
  intentOf,
  unknownIntent,
} from "~/platform/console/action.server";
import {
  countRows,
  equalIfSet,
  listWhere,
  NO_PAGE,
  type Page,
  readPage,
} from "~/platform/console/paging.server";
import { addDays, parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { textFields } from "~/platform/form-data";
import { deleteDraftAndLeave, openCreated, payerChoices, staffName } from "./console-common.server";
import { fundingHref, QUOTES_HREF, quoteHref } from "./console-paths";
import { readFundingPlan } from "./funding-plans.server";
import { learnerContext } from "./learner-context.server";
import { answerQuote } from "./quote-answers.server";
import { type QuoteFilters, quoteFormSchema } from "./quote-schema";
import { deleteQuoteDraft, quoteTitleFor, saveQuoteDraft, sendQuote } from "./quotes.server";
import { payers, quoteLines, quotes } from "./schema.server";

/** How long a new quote stays valid unless staff choose otherwise. */
const DEFAULT_VALIDITY_DAYS = 30;

/* ------------------------------------------------------------------------------------------------
 * The list: a page of quotes, newest first.
 * --------------------------------------------------------------------------------------------- */

function filterClause(filters: QuoteFilters): SQL | undefined {
  return listWhere(
    { q: filters.q, columns: [quotes.number, quotes.title, payers.name] },
    equalIfSet(quotes.state, filters.state),
  );
}

const listColumns = {
  id: quotes.id,
  number: quotes.number,
  title: quotes.title,
  state: quotes.state,
  netCents: quotes.netCents,
  grossCents: quotes.grossCents,
  validUntil: quotes.validUntil,
  payerName: payers.name,
  learnerId: quotes.learnerId,
};

export function quotesPage(db: Db, filters: QuoteFilters, page: number) {
  const where = filterClause(filters);
  return readPage(
    page,
    () => countRows(db, quotes, where, { table: payers, on: eq(payers.id, quotes.payerId) }),
    (limit, offset) =>
      db
        .select(listColumns)
        .from(quotes)
        .innerJoin(payers, eq(payers.id, quotes.payerId))
        .where(where)
        .orderBy(desc(quotes.createdAt), desc(quotes.id))
        .limit(limit)
        .offset(offset),
  );
}

export type QuoteRow = Awaited<ReturnType<typeof quotesPage>>["items"][number];
export const NO_QUOTES = NO_PAGE as Page<QuoteRow>;

/* ------------------------------------------------------------------------------------------------
 * One quote, or a new one's starting values.
 * --------------------------------------------------------------------------------------------- */

/** The learner a quote is for, as its page names them. */
async function learnerOf(db: Db, learnerId: string | null) {
  if (!learnerId) return null;
  const context = await learnerContext(db, learnerId);
  if (!context) return null;
  return {
    id: context.learnerId,
    name: context.learnerName,
    formationTitle: context.formationTitle,
    sessionId: context.sessionId,
    fundingHref: fundingHref(context.learnerId),
  };
}

/** A quote's page, or null when there is no such quote. */
export async function quotePage(db: Db, id: string) {
  const [row] = await db
    .select({ quote: quotes, payerName: payers.name, payerEmail: payers.invoicingEmail })
    .from(quotes)
    .innerJoin(payers, eq(payers.id, quotes.payerId))
    .where(eq(quotes.id, id));
  if (!row) return null;
  const { tokenHash: _secret, ...quote } = row.quote;
  const [lines, learner, choices] = await Promise.all([
    db.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.position)),
    learnerOf(db, quote.learnerId),
    quote.state === "draft" ? payerChoices(db) : Promise.resolve([]),
  ]);
  return {
    quote: { ...quote, payerName: row.payerName, payerEmail: row.payerEmail },
    lines: lines.map(({ label, quantityHundredths, unitCode, unitPriceCents, netCents }) => ({
      label,
      quantityHundredths,
      unitCode,
      unitPriceCents,
      netCents,
    })),
    learner,
    payers: choices,
  };
}

export type QuotePage = NonNullable<Awaited<ReturnType<typeof quotePage>>>;

/**
 * A new quote's page: for the learner `learnerId` when given (the title names their formation and
 * session, one line of the plan's price), else for a company's group (no learner yet).
 */
export async function newQuotePage(db: Db, learnerId: string | null, payerId: string | null) {
  const learner = await learnerOf(db, learnerId);
  const plan = learner ? await readFundingPlan(db, learner.id) : null;
  const choices = await payerChoices(db);
  return {
    draft: {
      payerId: choices.some((p) => p.id === payerId) ? payerId : null,
      title: learner ? await quoteTitleFor(db, learner.sessionId) : "",
      validUntil: addDays(parisToday(), DEFAULT_VALIDITY_DAYS),
      lines:
        learner && plan
          ? [
              {
                label: learner.formationTitle,
                quantityHundredths: 100,
                unitCode: "C62",
                unitPriceCents: plan.priceCents,
              },
            ]
          : [],
    },
    learner,
    payers: choices,
  };
}

/* ------------------------------------------------------------------------------------------------
 * The page's action.
 * --------------------------------------------------------------------------------------------- */

const UNKNOWN = "Devis inconnu.";

/** The session a learner's quote is for: theirs. */
async function sessionOf(db: Db, learnerId: string | null): Promise<string | null> {
  if (!learnerId) return null;
  const [learner] = await db
    .select({ sessionId: learners.sessionId })
    .from(learners)
    .where(eq(learners.id, learnerId));
  if (!learner) throw new AdminInputError("Ce ou cette stagiaire n'existe plus.", "learnerId");
  return learner.sessionId;
}

/**
 * `save` (a new draft, opened once made, or the draft's changes), `send`, `accept` and `refuse` (a
 * sent quote's answer, recorded under the staff member's name), `delete` (a draft): all under
 * invoices:write.
 */
export const quoteAction = consoleAction(
  {
    save: "invoices:write",
    send: "invoices:write",
    accept: "invoices:write",
    refuse: "invoices:write",
    delete: "invoices:write",
  },
  async (app, actor, form) => {
    const intent = intentOf(form);
    const fields = textFields(form);
    if (intent === "save") {
      let created: string | null = null;
      const result = await attemptParsed(
        app,
        intent,
        quoteFormSchema.safeParse(fields),
        "Devis non enregistré",
        "Devis enregistré",
        async ({ id, ...input }) => {
          const sessionId = await sessionOf(app.db, input.learnerId);
          const saved = await saveQuoteDraft(app.db, actor, id, { ...input, sessionId });
          if (!id) created = saved;
        },
      );
      return openCreated(app, result, created, quoteHref);
    }
    if (intent === "send") {
      return attemptOnRecord(
        app,
        intent,
        fields.id,
        { error: "Devis non envoyé", done: "Devis envoyé", unknown: UNKNOWN },
        async (id) => {
          const sent = await sendQuote(
            app.db,
            actor,
            { secret: app.config.authSecret, publicUrl: app.config.publicUrl },
            id,
          );
          app.mail.wake();
          return `Devis ${sent.number} envoyé à ${sent.to}`;
        },
      );
    }
    if (intent === "accept" || intent === "refuse") {
      const answer = intent === "accept" ? "accepted" : "refused";
      return attemptOnRecord(
        app,
        intent,
        fields.id,
        {
          error: "Réponse non enregistrée",
          done: answer === "accepted" ? "Acceptation enregistrée" : "Refus enregistré",
          unknown: UNKNOWN,
        },
        (id) => answerQuote(app.db, actor, id, answer, staffName(actor)),
      );
    }
    if (intent === "delete") {
      return deleteDraftAndLeave(
        app,
        fields.id,
        { error: "Devis non supprimé", done: "Devis supprimé", unknown: UNKNOWN },
        QUOTES_HREF,
        async (id) => {
          const [row] = await app.db
            .select({ learnerId: quotes.learnerId })
            .from(quotes)
            .where(eq(quotes.id, id));
          await deleteQuoteDraft(app.db, actor, id);
          return row?.learnerId ?? null;
        },
      );
    }
    return unknownIntent(intent);
  },
);
