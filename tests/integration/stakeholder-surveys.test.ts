// Enquêtes for every stakeholder: when a session ends, its employers (one invitation per company
// however many learners it pays for), its trainers and its other funders get their own à-chaud
// questionnaire beside the learners, each once even with two instances running their rounds at the
// same moment; one reminder goes to those who have not answered only; the response counts per
// audience (per session, per formation, over a period for Qualiopi's indicator 30) are exact.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { stakeholderResponseCounts } from "~/features/surveys/index.server";
import { formationResponseCounts, sessionResponseCounts } from "~/features/surveys/stakeholders.server";
import { addDays } from "~/platform/dates";
import * as surveyPage from "~/routes/site/survey";
import { makeFundingPlan, makePayer } from "../support/billing";
import { DRIVER } from "../support/db";
import { makeFormation, makeLearner, makeSession, makeSlots, makeTrainer } from "../support/factories";
import { setUpTestApp } from "../support/fixture";
import { queriesOn } from "../support/query";
import { formRequest, routeArgs, statusOf } from "../support/runtime";
import { secondSurveyInstance, surveyTokenIn } from "../support/surveys";

const t = setUpTestApp();
const { rows } = queriesOn(t);

const at = (iso: string) => new Date(iso);

const secondInstance = () => secondSurveyInstance(t);

/**
 * A session ending on `endDate` with four learners (the last one dropped out), paid for by two
 * employers (the first pays for two learners, and so does an OPCO beside it) and an employer of the
 * dropout; three trainers on its slots, the last without an address.
 */
async function endingSession(endDate: string) {
  const tag = randomBytes(4).toString("hex");
  const formation = await makeFormation(t.app.db, {
    slug: `parties-${tag}`,
    title: "Formation Gestion de paie",
  });
  const session = await makeSession(t.app.db, {
    formationId: formation.id,
    startDate: addDays(endDate, -30),
    endDate,
    seats: 12,
  });
  const email = (who: string) => `${who}-${tag}@example.test`;
  const [roux, bati, loin] = [
    await makePayer(t.app.db, { name: "Menuiserie Roux", invoicingEmail: email("roux") }),
    await makePayer(t.app.db, { name: "Bâti Sud", invoicingEmail: email("bati") }),
    await makePayer(t.app.db, { name: "Loin SARL", invoicingEmail: email("loin") }),
  ];
  const opco = await makePayer(t.app.db, { kind: "opco", name: "OPCO EP", invoicingEmail: email("opco") });
  const learner = (firstName: string, dropped = false) =>
    makeLearner(t.app.db, {
      sessionId: session.id,
      firstName,
      email: email(firstName.toLowerCase()),
      status: dropped ? "dropped_out" : "completed",
      abandonedOn: dropped ? endDate : null,
    });
  const [ana, bruno, cloe, dan] = [
    await learner("Ana"),
    await learner("Bruno"),
    await learner("Cloé"),
    await learner("Dan", true),
  ];
  await makeFundingPlan(t.app.db, ana.id, 200_000, [
    { payerId: roux.id, amountCents: 50_000 },
    { payerId: opco.id, amountCents: 150_000 },
  ]);
  await makeFundingPlan(t.app.db, bruno.id, 200_000, [
    { payerId: roux.id, amountCents: 50_000 },
    { payerId: opco.id, amountCents: 150_000 },
  ]);
  await makeFundingPlan(t.app.db, cloe.id, 200_000, [{ payerId: bati.id, amountCents: 200_000 }]);
  await makeFundingPlan(t.app.db, dan.id, 200_000, [{ payerId: loin.id, amountCents: 200_000 }]);
  const [marc, lina, sans] = [
    await makeTrainer(t.app.db, { firstName: "Marc", email: email("marc") }),
    await makeTrainer(t.app.db, { firstName: "Lina", email: email("lina") }),
    await makeTrainer(t.app.db, { firstName: "Paul", email: null }),
  ];
  await makeSlots(t.app.db, [
    { sessionId: session.id, day: addDays(endDate, -2), trainerId: marc.id },
    { sessionId: session.id, day: addDays(endDate, -1), trainerId: marc.id },
    { sessionId: session.id, day: endDate, trainerId: lina.id },
    { sessionId: session.id, day: addDays(endDate, -3), trainerId: sans.id },
  ]);
  return { formationId: formation.id, sessionId: session.id, email };
}

const mailsTo = (addresses: string[], kind: string) =>
  rows<{ to_address: string; subject: string; text_body: string }>(
    "select to_address, subject, text_body from mail_outbox where to_address = any($1) and kind = $2 order by to_address",
    [addresses, kind],
  );

const tokenIn = surveyTokenIn;

/** A complete answer to the questionnaire of `audience`: every note `note`, 'oui', and a comment. */
async function fullAnswer(audience: string, note: string, comment: string) {
  const questions = await rows<{ id: string; type: string }>(
    `select qq.id, qq.type from survey_questions qq join survey_questionnaires q on q.id = qq.questionnaire_id
      where q.kind = 'a_chaud' and q.audience = $1 order by qq.position`,
    [audience],
  );
  return Object.fromEntries(
    questions.map((q) => [`q-${q.id}`, q.type === "rating" ? note : q.type === "yes_no" ? "oui" : comment]),
  );
}

async function answer(token: string, fields: Record<string, string>) {
  const response = await surveyPage.action(routeArgs(t, formRequest(`/enquete/${token}`, fields), { token }));
  return statusOf(response);
}

describe(`stakeholders' surveys on ${DRIVER}`, () => {
  it("on the last day, each employer, trainer and funder gets its own questionnaire once across two instances; a week on, only those who have not answered are reminded, once", async () => {
    const s = await endingSession("2036-06-20");
    const stakeholders = ["bati", "lina", "loin", "marc", "opco", "roux"].map(s.email);
    const other = await secondInstance();
    try {
      const both = async (now: Date) => {
        const rounds = await Promise.all(
          Array.from({ length: 3 }).flatMap(() => [t.app.surveys.runOnce(now), other.scheduler.runOnce(now)]),
        );
        return {
          invited: rounds.reduce((n, r) => n + r.invited, 0),
          reminded: rounds.reduce((n, r) => n + r.reminded, 0),
        };
      };
      expect(await both(at("2036-06-20T08:00:00Z"))).toEqual({ invited: 0, reminded: 0 });
      // Three learners, two employers (not the dropout's), two trainers with an address, one OPCO.
      expect(await both(at("2036-06-20T11:00:00Z"))).toEqual({ invited: 8, reminded: 0 });
      const sent = await mailsTo(stakeholders, "survey_invitation");
      expect(sent.map((m) => m.to_address)).toEqual(["bati", "lina", "marc", "opco", "roux"].map(s.email));
      expect(sent.find((m) => m.to_address === s.email("marc"))?.text_body).toContain("Bonjour Marc,");
      expect(sent[0]?.subject).toBe(
        "Votre avis sur la formation Gestion de paie (du 21 mai au 20 juin 2036)",
      );
      const audiences = await rows<{ audience: string; n: number; payers: number; trainers: number }>(
        `select q.audience::text, count(*)::int as n, count(i.payer_id)::int as payers,
                count(i.trainer_id)::int as trainers
           from survey_invitations i join survey_questionnaires q on q.id = i.questionnaire_id
          where i.session_id = $1 group by q.audience order by q.audience`,
        [s.sessionId],
      );
      expect(audiences).toEqual([
        { audience: "learner", n: 3, payers: 0, trainers: 0 },
        { audience: "employer", n: 2, payers: 2, trainers: 0 },
        { audience: "trainer", n: 2, payers: 0, trainers: 2 },
        { audience: "funder", n: 1, payers: 1, trainers: 0 },
      ]);
      expect(await both(at("2036-06-21T11:00:00Z"))).toEqual({ invited: 0, reminded: 0 });

      // Menuiserie Roux and Marc answer, each through their own link.
      const linkOf = (who: string) =>
        tokenIn(sent.find((m) => m.to_address === s.email(who))?.text_body ?? "");
      expect(await answer(linkOf("roux"), await fullAnswer("employer", "4", "Salarié ravi"))).toBe(200);
      expect(await answer(linkOf("marc"), await fullAnswer("trainer", "5", "Groupe motivé"))).toBe(200);

      // A week on (the reminder delay): the three learners, Bâti Sud, Lina and the OPCO, once.
      expect(await both(at("2036-06-27T12:00:00Z"))).toEqual({ invited: 0, reminded: 6 });
      expect(await both(at("2036-06-28T12:00:00Z"))).toEqual({ invited: 0, reminded: 0 });
      const reminders = await mailsTo(stakeholders, "survey_reminder");
      expect(reminders.map((m) => m.to_address)).toEqual(["bati", "lina", "opco"].map(s.email));
      expect(reminders.find((m) => m.to_address === s.email("lina"))?.text_body).toContain("Bonjour Lina,");
      expect(tokenIn(reminders[0]?.text_body ?? "")).toBe(linkOf("bati"));

      // The response counts, per audience: per session, per formation, and over the period.
      const expected = {
        learner: { invited: 3, answered: 0 },
        employer: { invited: 2, answered: 1 },
        trainer: { invited: 2, answered: 1 },
        funder: { invited: 1, answered: 0 },
      };
      expect((await sessionResponseCounts(t.app.db, [s.sessionId])).get(s.sessionId)).toEqual(expected);
      const period = { from: at("2036-06-01T00:00:00Z"), to: at("2036-07-01T00:00:00Z") };
      expect(await stakeholderResponseCounts(t.app.db, period)).toEqual(expected);
      expect(await formationResponseCounts(t.app.db, period)).toEqual([
        { formationId: s.formationId, title: "Formation Gestion de paie", counts: expected },
      ]);
      // Outside the period: nobody.
      expect(
        await stakeholderResponseCounts(t.app.db, {
          from: at("2036-07-01T00:00:00Z"),
          to: at("2036-08-01T00:00:00Z"),
        }),
      ).toEqual({
        learner: { invited: 0, answered: 0 },
        employer: { invited: 0, answered: 0 },
        trainer: { invited: 0, answered: 0 },
        funder: { invited: 0, answered: 0 },
      });
      // The addresses stay for the reminders, and the answers are not counted in the learners' figures.
      expect(
        await rows("select 1 from survey_invitations where session_id = $1 and email is null", [s.sessionId]),
      ).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("an audience without an à-chaud questionnaire is not asked", async () => {
    await rows(
      "update survey_questionnaires set kind = 'autre' where audience = 'funder' and kind = 'a_chaud'",
    );
    try {
      const s = await endingSession("2037-03-12");
      await t.app.surveys.runOnce(at("2037-03-12T12:00:00Z"));
      const asked = await rows<{ name: string }>(
        `select distinct q.audience, q.audience::text as name from survey_invitations i
           join survey_questionnaires q on q.id = i.questionnaire_id where i.session_id = $1 order by q.audience`,
        [s.sessionId],
      );
      expect(asked.map((a) => a.name)).toEqual(["learner", "employer", "trainer"]);
    } finally {
      await rows(
        "update survey_questionnaires set kind = 'a_chaud' where audience = 'funder' and kind = 'autre'",
      );
    }
  });
});
