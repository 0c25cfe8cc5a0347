// Quotes (devis): a draft is numbered and e-mailed when sent, with a personal link through which the
// payer reads and accepts it; an accepted quote for a learner fills the learner's funding plan and
// names the payer as the convention's party. Refusals say why in French and change nothing.
import { describe, expect, it } from "vitest";
import { answerQuote, quoteByToken } from "~/features/billing/quote-answers.server";
import {
  deleteQuoteDraft,
  type QuoteInput,
  quoteTotals,
  saveQuoteDraft,
  sendQuote,
} from "~/features/billing/quotes.server";
import { addDays, parisToday } from "~/platform/dates";
import * as quotePage from "~/routes/site/quote";
import { makePayer } from "../support/billing";
import { makeFormation, makeLearner, makeSession } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { pdfText } from "../support/learner-documents";
import { queriesOn } from "../support/query";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const { one, rows } = queriesOn(t);

const actor = () => ({ id: admin.userId, email: admin.email });
const keys = () => ({ secret: t.app.config.authSecret, publicUrl: t.app.config.publicUrl });

async function learnerInSession() {
  const formation = await makeFormation(t.app.db, { title: "Gestionnaire de paie" });
  const session = await makeSession(t.app.db, {
    formationId: formation.id,
    startDate: addDays(parisToday(), 30),
    endDate: addDays(parisToday(), 90),
  });
  const learner = await makeLearner(t.app.db, { sessionId: session.id, fundingSource: "opco" });
  return { session, learner };
}

function input(payerId: string, fields: Partial<QuoteInput> = {}): QuoteInput {
  return {
    payerId,
    learnerId: null,
    sessionId: null,
    title: "Formation Gestionnaire de paie",
    validUntil: addDays(parisToday(), 30),
    note: "",
    lines: [{ label: "Formation, 35 h", quantityHundredths: 3_500, unitCode: "HUR", unitPriceCents: 4_550 }],
    ...fields,
  };
}

/** The acceptance link of the last quote e-mailed to `to`, and its token. */
function linkSentTo(to: string) {
  const mail = t.smtp.to(to).at(-1);
  const url = /\/devis\/([A-Za-z0-9_-]{43})/.exec(mail?.body ?? "");
  if (!mail || !url?.[1]) throw new Error(`no quote link sent to ${to}`);
  return { mail, token: url[1] };
}

describe("quotes", () => {
  it("totals 35 h at 45,50 € exactly, with VAT on the total", () => {
    const totals = quoteTotals(
      [
        { label: "a", quantityHundredths: 3_500, unitCode: "HUR", unitPriceCents: 4_550 },
        { label: "b", quantityHundredths: 33, unitCode: "HUR", unitPriceCents: 5 },
      ],
      2_000,
    );
    expect(totals.lines.map((line) => line.netCents)).toEqual([159_250, 2]);
    expect(totals).toMatchObject({ netCents: 159_252, vatCents: 31_850, grossCents: 191_102 });
  });

  it("sends a numbered quote whose link the payer opens and accepts, filling the plan and the convention", async () => {
    const { session, learner } = await learnerInSession();
    const payer = await makePayer(t.app.db, {
      kind: "company",
      name: "Boulangerie Martin & Fils",
      contactName: "Claire Martin",
    });
    const id = await saveQuoteDraft(
      t.app.db,
      actor(),
      null,
      input(payer.id, { learnerId: learner.id, sessionId: session.id }),
    );
    const sent = await sendQuote(t.app.db, actor(), keys(), id);
    expect(sent.number).toMatch(new RegExp(`^D-${parisToday().slice(0, 4)}-\\d{4}$`));
    expect(sent.to).toBe(payer.invoicingEmail);
    // The outbox's mail carries the quote as a PDF: its number, its line, its total.
    const [queued] = await rows<{
      attachments: { filename: string; contentType: string; content: string }[];
    }>("select attachments from mail_outbox where kind = 'quote' and to_address = $1", [
      payer.invoicingEmail,
    ]);
    expect(queued?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`Devis-${sent.number}.pdf`, "application/pdf"],
    ]);
    const pdf = await pdfText(Buffer.from(queued?.attachments[0]?.content ?? "", "base64"));
    expect(pdf).toContain(`Devis n° ${sent.number}`);
    expect(pdf).toContain("Formation Gestionnaire de paie");
    expect(pdf).toContain("Boulangerie Martin & Fils");
    expect(pdf).toMatch(/Formation, 35 h 35 heures 45,50 € 1 592,50 €/);
    expect(pdf).toContain("Total TTC : 1 592,50 €");
    await t.app.mail.drain();
    const { mail, token } = linkSentTo(payer.invoicingEmail);
    expect(mail.subject).toBe(`Devis ${sent.number} : Formation Gestionnaire de paie`);
    expect(mail.body).toContain("Bonjour Claire Martin,");
    expect(mail.body).toContain("1\u202f592,50\u00a0€");

    const page = await quotePage.loader(routeArgs(t, getRequest(`/devis/${token}`), { token }));
    expect(statusOf(page)).toBe(200);
    expect((await bodyOf(page)).quote).toMatchObject({
      number: sent.number,
      state: "sent",
      netCents: 159_250,
    });

    const accepted = await quotePage.action(routeArgs(t, formRequest(`/devis/${token}`, {}), { token }));
    expect(await bodyOf(accepted)).toEqual({ error: null });
    expect(await one("select state, answered_by from quotes where id = $1", [id])).toEqual({
      state: "accepted",
      answered_by: "link",
    });
    expect(await one("select price_cents from funding_plans where learner_id = $1", [learner.id])).toEqual({
      price_cents: 159_250,
    });
    expect(
      await rows("select payer_id, amount_cents from funding_shares where learner_id = $1", [learner.id]),
    ).toEqual([{ payer_id: payer.id, amount_cents: 159_250 }]);
    expect(
      await one("select funding_source, payer_name, payer_contact_email from learners where id = $1", [
        learner.id,
      ]),
    ).toEqual({
      funding_source: "opco",
      payer_name: "Boulangerie Martin & Fils",
      payer_contact_email: payer.invoicingEmail,
    });

    // A second click says so and changes nothing.
    const again = await quotePage.action(routeArgs(t, formRequest(`/devis/${token}`, {}), { token }));
    expect(statusOf(again)).toBe(409);
    expect(await bodyOf(again)).toEqual({ error: "Ce devis est déjà accepté." });
  });

  it("answers an unknown or forged link with a French 404", async () => {
    for (const token of ["x".repeat(43), "court"]) {
      const page = await quotePage.loader(routeArgs(t, getRequest(`/devis/${token}`), { token }));
      expect(statusOf(page)).toBe(404);
      expect((await bodyOf(page)).quote).toBeNull();
      const post = await quotePage.action(routeArgs(t, formRequest(`/devis/${token}`, {}), { token }));
      expect(statusOf(post)).toBe(404);
    }
  });

  it("keeps a sent quote as sent, and refuses an expired one", async () => {
    const payer = await makePayer(t.app.db);
    const id = await saveQuoteDraft(t.app.db, actor(), null, input(payer.id));
    await sendQuote(t.app.db, actor(), keys(), id);
    await expect(saveQuoteDraft(t.app.db, actor(), id, input(payer.id, { title: "Autre" }))).rejects.toThrow(
      /est envoyé : il ne peut plus être modifié/,
    );
    await expect(deleteQuoteDraft(t.app.db, actor(), id)).rejects.toThrow(/est envoyé/);
    // Accepted after its last valid day: refused, still 'sent'.
    await expect(
      answerQuote(t.app.db, null, id, "accepted", "link", addDays(parisToday(), 31)),
    ).rejects.toThrow(/n'est plus valable depuis le/);
    expect(await one("select state from quotes where id = $1", [id])).toEqual({ state: "sent" });
  });

  it("refuses a draft without lines, with a past validity or an unknown payer, storing nothing", async () => {
    const payer = await makePayer(t.app.db);
    const before = await one("select count(*)::int as n from quotes");
    await expect(saveQuoteDraft(t.app.db, actor(), null, input(payer.id, { lines: [] }))).rejects.toThrow(
      "Ajoutez au moins une ligne au devis.",
    );
    await expect(
      saveQuoteDraft(t.app.db, actor(), null, input(payer.id, { validUntil: addDays(parisToday(), -1) })),
    ).rejects.toThrow("La date de validité est passée : choisissez une date à venir.");
    await expect(
      saveQuoteDraft(t.app.db, actor(), null, input("00000000-0000-4000-8000-000000000000")),
    ).rejects.toThrow("Choisissez un financeur du registre.");
    expect(await one("select count(*)::int as n from quotes")).toEqual(before);
  });

  it("numbers quotes one after the other, apart from invoices", async () => {
    const payer = await makePayer(t.app.db);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await saveQuoteDraft(t.app.db, actor(), null, input(payer.id));
      numbers.push((await sendQuote(t.app.db, actor(), keys(), id)).number);
    }
    const ranks = numbers.map((n) => Number(n.slice(-4)));
    expect(ranks[1]).toBe((ranks[0] ?? 0) + 1);
    expect(ranks[2]).toBe((ranks[0] ?? 0) + 2);
    expect(await quoteByToken(t.app.db, "y".repeat(43))).toBeNull();
  });
});
