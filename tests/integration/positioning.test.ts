// Positionnement before entry (Qualiopi indicators 4 and 8): an admission sends the questionnaire once
// through the outbox; the learner answers once through the e-mailed link (a second answer, a forged
// or replaced link: a French page, never a 500); staff read the answers on the learner's Positionnement
// page and record the adaptation decided, in the Journal; the board's indicator 8 turns 'Prouvé' once
// every learner who entered answered; anonymising the learner erases the answers; anonymous visitors
// and role-less accounts are refused.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { anonymiseExpiredLearners } from "~/features/learners/index.server";
import { positionings } from "~/features/positioning/schema.server";
import { qualityBoard } from "~/features/quality/board.server";
import { addDays, parisToday } from "~/platform/dates";
import { mailOutbox } from "~/platform/mail/schema.server";
import * as applicationRoute from "~/routes/admin/application";
import * as fileRoute from "~/routes/admin/learner-positioning";
import * as answerRoute from "~/routes/site/positioning";
import * as spaceFileRoute from "~/routes/space/learner";
import * as spaceAnswerRoute from "~/routes/space/learner-positioning";
import { submitApplication } from "../support/candidate";
import { DRIVER } from "../support/db";
import { makeFormation, makeLearner, makeSession, uniqueTag } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { newSession, settled } from "../support/learner-documents";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";
import { learnerInSpace, spaceArgs } from "../support/spaces";

const t = setUpTestApp({ FORM_RATE_LIMIT: "0" });
const moderator = setUpSignedIn(t, "moderator", { firstName: "Sacha" });
const roleless = setUpSignedIn(t, null);

const PREREQUISITES = "Savoir utiliser un ordinateur";

const mailsTo = (to: string) =>
  t.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, "positioning_invitation")))
    .orderBy(mailOutbox.createdAt);

/** The token of the last questionnaire e-mail to `to`. */
async function tokenSentTo(to: string): Promise<string> {
  const match = /\/positionnement\/([A-Za-z0-9_-]{43})/.exec((await mailsTo(to)).at(-1)?.text ?? "");
  if (!match?.[1]) throw new Error("no positioning link");
  return match[1];
}

const openLink = (token: string) =>
  settled(() => answerRoute.loader(routeArgs(t, getRequest(`/positionnement/${token}`), { token })));

const answerLink = (token: string, fields: Record<string, string>) =>
  settled(() => answerRoute.action(routeArgs(t, formRequest(`/positionnement/${token}`, fields), { token })));

const ANSWERS = {
  "q-needs": "Changer de métier et créer des sites pour des associations",
  "q-level": "J'en ai quelques notions",
  "q-prior": "Un MOOC d'initiation au HTML",
  "q-prerequisites": "oui",
  "q-prerequisitesDetail": "",
  "q-adaptation": "oui",
  "q-adaptationDetail": "Un poste de travail adapté (fauteuil roulant)",
};

const filePage = (id: string, cookie?: string) =>
  settled(() =>
    fileRoute.loader(routeArgs(t, getRequest(`/admin/stagiaires/${id}/positionnement`, cookie), { id })),
  );

const filePost = (id: string, fields: Record<string, string>, cookie?: string) =>
  settled(() =>
    fileRoute.action(
      routeArgs(t, formRequest(`/admin/stagiaires/${id}/positionnement`, fields, cookie), { id }),
    ),
  );

type Page = NonNullable<Awaited<ReturnType<typeof fileRoute.loader>>["page"]>;
const pageOf = async (id: string) => (await bodyOf(await filePage(id, moderator.cookie))).page as Page;

/** Staff admit application `id` on its page. */
const admit = (id: string) =>
  settled(() =>
    applicationRoute.action(
      routeArgs(
        t,
        formRequest(
          `/admin/candidatures/${id}`,
          { intent: "status", id, status: "admitted" },
          moderator.cookie,
        ),
        { id },
      ),
    ),
  );

/** A learner of a session of their own starting on `start`, with prerequisites, added by hand. */
async function learnerStartingOn(start: string) {
  const formation = await makeFormation(t.app.db, { prerequisites: PREREQUISITES });
  const session = await makeSession(t.app.db, {
    formationId: formation.id,
    startDate: start,
    endDate: addDays(start, 20),
  });
  return makeLearner(t.app.db, { sessionId: session.id, email: `stagiaire-${uniqueTag()}@example.test` });
}

describe(`positioning on ${DRIVER}`, () => {
  it("an admission sends exactly one questionnaire e-mail; the answers are stored once and shown on the learner's file", async () => {
    const formation = await makeFormation(t.app.db, { prerequisites: PREREQUISITES });
    const sessionId = await newSession(t, formation.id);
    const email = `admis-${uniqueTag()}@example.test`;
    const id = await submitApplication(t, formation.slug, sessionId, { email });
    expect(statusOf(await admit(id))).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Avant votre entrée en formation\u00a0: questionnaire de positionnement");
    const [learner] = await t.app.database.query<{ id: string }>(
      "select id from learners where application_id = $1",
      [id],
    );
    const learnerId = learner?.id ?? "";
    expect((await pageOf(learnerId)).positioning).toMatchObject({ email, answeredAt: null });

    // The link opens the questionnaire, with the formation's prerequisites quoted.
    const token = await tokenSentTo(email);
    const opened = await bodyOf(await openLink(token));
    expect(opened.form).toMatchObject({ state: "open" });
    const questions = (opened.form as { questions: { id: string; label: string }[] }).questions;
    expect(questions.find((q) => q.id === "prerequisites")?.label).toContain(
      `«\u00a0${PREREQUISITES}\u00a0»`,
    );

    // A required answer missing: French messages, nothing stored.
    const incomplete = await answerLink(token, { ...ANSWERS, "q-needs": "" });
    expect(statusOf(incomplete)).toBe(400);
    expect((await bodyOf(incomplete)).errors).toEqual({ "q-needs": "Écrivez votre réponse" });

    expect(statusOf(await answerLink(token, ANSWERS))).toBe(200);
    const page = await pageOf(learnerId);
    expect(page.positioning?.answeredAt).not.toBeNull();
    expect(page.positioning?.answers?.map((a) => [a.key, a.answer])).toEqual([
      ["needs", ANSWERS["q-needs"]],
      ["level", ANSWERS["q-level"]],
      ["prior", ANSWERS["q-prior"]],
      ["prerequisites", "oui"],
      ["adaptation", "oui"],
      ["adaptationDetail", ANSWERS["q-adaptationDetail"]],
    ]);

    // A second answer with the same link is refused politely, the first kept; the page says so.
    const again = await answerLink(token, { ...ANSWERS, "q-needs": "Autre chose" });
    expect(statusOf(again)).toBe(409);
    expect(await bodyOf(again)).toMatchObject({ saved: false });
    expect((await bodyOf(await openLink(token))).form).toMatchObject({ state: "answered" });
    expect((await pageOf(learnerId)).positioning?.answers?.[0]?.answer).toBe(ANSWERS["q-needs"]);

    // Staff may not send it again once answered.
    const resend = await filePost(learnerId, { intent: "send-positioning", id: learnerId }, moderator.cookie);
    expect(statusOf(resend)).toBe(400);
    expect((await bodyOf(resend)).toast).toMatchObject({ title: "Questionnaire non envoyé" });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("an admission of someone already a learner of the session, already sent the questionnaire, sends none", async () => {
    const formation = await makeFormation(t.app.db);
    const sessionId = await newSession(t, formation.id);
    const email = `deja-${uniqueTag()}@example.test`;
    const learner = await makeLearner(t.app.db, { sessionId, email });
    await filePost(learner.id, { intent: "send-positioning", id: learner.id }, moderator.cookie);
    const id = await submitApplication(t, formation.slug, sessionId, { email });
    expect(statusOf(await admit(id))).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("a forged or replaced link answers a French page, never a 500", async () => {
    expect(statusOf(await openLink("pas-un-jeton"))).toBe(404);
    expect(statusOf(await openLink("A".repeat(43)))).toBe(404);
    expect(statusOf(await answerLink("A".repeat(43), ANSWERS))).toBe(404);

    // 'Renvoyer le questionnaire': a new link, the earlier one stops working.
    const learner = await learnerStartingOn("2027-04-05");
    const send = () => filePost(learner.id, { intent: "send-positioning", id: learner.id }, moderator.cookie);
    expect((await bodyOf(await send())).toast).toMatchObject({ title: "Questionnaire envoyé" });
    const first = await tokenSentTo(learner.email);
    expect((await bodyOf(await send())).toast).toMatchObject({ title: "Questionnaire renvoyé" });
    const second = await tokenSentTo(learner.email);
    expect(second).not.toBe(first);
    expect(statusOf(await openLink(first))).toBe(404);
    expect((await bodyOf(await openLink(second))).form).toMatchObject({ state: "open" });
  });

  it("the adaptation decided is recorded with its date and author, and audited", async () => {
    const learner = await learnerStartingOn("2027-04-12");
    const missing = await filePost(
      learner.id,
      { intent: "adaptation", id: learner.id, decision: "adaptation" },
      moderator.cookie,
    );
    expect(statusOf(missing)).toBe(400);
    expect((await bodyOf(missing)).errors).toEqual({ adaptation: "Décrivez l'adaptation décidée" });

    const decided = await filePost(
      learner.id,
      {
        intent: "adaptation",
        id: learner.id,
        decision: "adaptation",
        adaptation: "Salle au rez-de-chaussée",
      },
      moderator.cookie,
    );
    expect((await bodyOf(decided)).toast).toMatchObject({ title: "Adaptation enregistrée" });
    expect((await pageOf(learner.id)).positioning).toMatchObject({
      adaptation: "Salle au rez-de-chaussée",
      noAdaptation: false,
      decidedBy: "Sacha Test",
    });
    await filePost(learner.id, { intent: "adaptation", id: learner.id, decision: "none" }, moderator.cookie);
    const after = (await pageOf(learner.id)).positioning;
    expect(after).toMatchObject({ adaptation: null, noAdaptation: true });
    expect(after?.decidedAt).not.toBeNull();

    const audited = await t.app.database.query<{ action: string; actor_id: string; details: unknown }>(
      "select action, actor_id, details from audit_log where entity = 'positioning' and entity_id = $1 order by created_at",
      [learner.id],
    );
    expect(audited.map((a) => a.action)).toEqual(["update", "update"]);
    expect(audited.every((a) => a.actor_id === moderator.userId)).toBe(true);
    // The Journal names the change, never the words of the adaptation.
    expect(JSON.stringify(audited)).not.toContain("rez-de-chaussée");
  });

  it("indicator 8 is 'À compléter' until every learner who entered answered, then 'Prouvé'", async () => {
    // Sessions of the last 12 months: this file's only learners who entered.
    const today = parisToday();
    const first = await learnerStartingOn(addDays(today, -30));
    const second = await learnerStartingOn(addDays(today, -10));
    const indicator = async (n: number) => (await qualityBoard(t.app.db)).rows.find((r) => r.number === n);
    for (const learner of [first, second]) {
      await filePost(learner.id, { intent: "send-positioning", id: learner.id }, moderator.cookie);
    }
    expect(statusOf(await answerLink(await tokenSentTo(first.email), ANSWERS))).toBe(200);
    const incomplete = await indicator(8);
    expect(incomplete?.state).toBe("incomplete");
    expect(incomplete?.missing).toBe(
      "1 stagiaire sans questionnaire de positionnement répondu\u00a0: envoyez-le ou renvoyez-le depuis sa fiche dans Stagiaires.",
    );
    expect(incomplete?.fix).toEqual({ href: "/admin/stagiaires", label: "Stagiaires" });
    expect((await indicator(4))?.state).toBe("incomplete");

    expect(statusOf(await answerLink(await tokenSentTo(second.email), ANSWERS))).toBe(200);
    const proven = await indicator(8);
    expect(proven?.state).toBe("proven");
    expect(proven?.evidence[0]?.text).toBe(
      "2 questionnaires de positionnement répondus sur 2 stagiaires entré·es en formation en 12\u00a0mois (sessions commencées)",
    );
    expect((await indicator(4))?.state).toBe("proven");
  });

  it("anonymising the learner erases the answers and the link", async () => {
    const learner = await learnerStartingOn("2024-01-08");
    await filePost(learner.id, { intent: "send-positioning", id: learner.id }, moderator.cookie);
    const token = await tokenSentTo(learner.email);
    expect(statusOf(await answerLink(token, ANSWERS))).toBe(200);
    await filePost(
      learner.id,
      { intent: "adaptation", id: learner.id, decision: "adaptation", adaptation: "Poste adapté" },
      moderator.cookie,
    );
    expect(await anonymiseExpiredLearners(t.app.db, 12)).toBeGreaterThan(0);
    const [row] = await t.app.db.select().from(positionings).where(eq(positionings.learnerId, learner.id));
    expect(row).toMatchObject({ answers: null, tokenHash: null, email: null });
    expect(row?.answeredAt).not.toBeNull();
    expect(row?.adaptation).not.toContain("Poste adapté");
    expect(statusOf(await openLink(token))).toBe(404);
  });

  it("anonymous visitors are sent to /auth and role-less accounts refused, on the page and each intent", async () => {
    const learner = await learnerStartingOn("2027-05-03");
    await expect(filePage(learner.id)).resolves.toMatchObject({ status: 302 });
    await expect(filePage(learner.id, roleless.cookie)).resolves.toMatchObject({ status: 403 });
    for (const fields of <Record<string, string>[]>[
      { intent: "send-positioning", id: learner.id },
      { intent: "adaptation", id: learner.id, decision: "none" },
    ]) {
      expect(statusOf(await filePost(learner.id, fields))).toBe(302);
      expect(statusOf(await filePost(learner.id, fields, roleless.cookie))).toBe(403);
    }
    expect(await t.app.db.select().from(positionings).where(eq(positionings.learnerId, learner.id))).toEqual(
      [],
    );
    expect(await mailsTo(learner.email)).toEqual([]);
  });

  it("a learner with a personal space answers the same questionnaire there, once", async () => {
    const { learner, cookie } = await learnerInSpace(t, moderator);
    const path = `/espace/stagiaire/${learner.id}`;
    const params = { learnerId: learner.id };
    const file = async () =>
      (await bodyOf(await spaceFileRoute.loader(spaceArgs(t, getRequest(path, cookie), params)))).positioning;
    // Not sent yet: nothing to answer.
    expect(await file()).toBeNull();
    const notSent = await settled(() =>
      spaceAnswerRoute.loader(spaceArgs(t, getRequest(`${path}/positionnement`, cookie), params)),
    );
    expect(statusOf(notSent)).toBe(404);

    await filePost(learner.id, { intent: "send-positioning", id: learner.id }, moderator.cookie);
    expect(await file()).toEqual({ answeredAt: null });
    const opened = await spaceAnswerRoute.loader(
      spaceArgs(t, getRequest(`${path}/positionnement`, cookie), params),
    );
    expect(opened.form).toMatchObject({ state: "open" });
    const answer = () =>
      settled(() =>
        spaceAnswerRoute.action(spaceArgs(t, formRequest(`${path}/positionnement`, ANSWERS, cookie), params)),
      );
    expect(await bodyOf(await answer())).toEqual({ saved: true });
    expect(statusOf(await answer())).toBe(409);
    expect(((await file()) as { answeredAt: unknown }).answeredAt).not.toBeNull();
    // The e-mailed link is answered too: one questionnaire.
    expect((await bodyOf(await openLink(await tokenSentTo(learner.email)))).form).toMatchObject({
      state: "answered",
    });
  });
});
