// Quotes a company's space lists, made through billing's own code (a draft, then 'Envoyer'): the
// number, the token's hash and the e-mail are what a payer's quote really carries.
import { saveQuoteDraft, sendQuote } from "~/features/billing/quotes.server";
import { addDays, parisToday } from "~/platform/dates";
import { makeActor } from "./billing";
import type { TestApp } from "./runtime";

/** Drafts and sent quotes of 1 592,50 € valid 30 days, for one payer (and a learner of a session). */
export function quotesOn(t: TestApp) {
  const draft = async (payerId: string, learnerId: string | null = null, sessionId: string | null = null) =>
    saveQuoteDraft(t.app.db, await makeActor(t.app.db), null, {
      payerId,
      learnerId,
      sessionId,
      title: "Formation Assistant RH",
      validUntil: addDays(parisToday(), 30),
      note: "",
      lines: [
        { label: "Formation, 35 h", quantityHundredths: 3_500, unitCode: "HUR", unitPriceCents: 4_550 },
      ],
    });
  return {
    draft,
    async sent(payerId: string, learnerId: string | null = null, sessionId: string | null = null) {
      const id = await draft(payerId, learnerId, sessionId);
      const keys = { secret: t.app.config.authSecret, publicUrl: t.app.config.publicUrl };
      await sendQuote(t.app.db, await makeActor(t.app.db), keys, id);
      return id;
    },
  };
}
