// Enquêtes for every stakeholder: when a session ends, its employers (one invitation per company
// however many learners it pays for), its trainers and its other funders get their own à-chaud
// questionnaire beside the learners, each once even with two instances running their rounds at the
// same moment; one reminder goes to those who have not answered only; the response counts per
// audience (per session, per formation, over a period for Qualiopi's indicator 30) are exact. The
// employers get their à-froid questionnaire after the delay too (the trainers never do); staff may turn
// an audience's automatic sending off in Paramètres, and the rounds then leave it out.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { stakeholderResponseCounts } from "~/features/surveys/index.server";
import { formationResponseCounts, sessionResponseCounts } from "~/features/surveys/stakeholders.server";
import { hashToken } from "~/features/surveys/tokens.server";
import { addDays } from "~/platform/dates";
import * as surveysRoute from "~/routes/admin/surveys";
import * as surveyPage from "~/routes/site/survey";
import { makeFundingPlan, makePayer } from "../support/billing";
import { DRIVER } from "../support/db";
import { makeFormation, makeLearner, makeSession, makeSlots, makeTrainer } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { queriesOn } from "../support/query";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";
import { secondSurveyInstance, surveyTokenIn } from "../support/surveys";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);
const { rows } = queriesOn(t);

/** Paramètres' 'Envoi automatique des questionnaires', posted to the Enquêtes screen's action. */
async function switches(fields: Record<string, string>, cookie?: string) {
  try {
    return await surveysRoute.action(
      routeArgs(t, formRequest("/admin/enquetes", { intent: "automatic", ...fields }, cookie)),
    );
  } catch (thrown) {
    return thrown;
  }
}

const ALL_ON = { autoLearner: "on", autoEmployer: "on", autoTrainer: "on", autoFunder: "on" };

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
async function fullAnswer(audience: string, note: string, comment: string, kind = "a_chaud") {
  const questions = await rows<{ id: string; type: string }>(
    `select qq.id, qq.type from survey_questions qq join survey_questionnaires q on q.id = qq.questionnaire_id
      where q.kind = $2 and q.audience = $1 order by qq.position`,
    [audience, kind],
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

  it("three months after the session, each employer gets the à-froid questionnaire once across two instances, then one reminder; the trainers and funders are not asked à froid", async () => {
    const s = await endingSession("2038-01-15");
    const employers = ["bati", "roux"].map(s.email);
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
      // The à-chaud wave and its reminder first, out of the way.
      await both(at("2038-01-15T12:00:00Z"));
      await both(at("2038-01-22T12:00:00Z"));
      // The day before the delay (3 months, Paramètres): nothing.
      expect(await both(at("2038-04-14T12:00:00Z"))).toEqual({ invited: 0, reminded: 0 });
      // On the day: the three learners and the two employers, each once; no trainer, no funder.
      expect(await both(at("2038-04-15T12:00:00Z"))).toEqual({ invited: 5, reminded: 0 });
      const cold = await rows<{ audience: string; n: number }>(
        `select q.audience::text, count(*)::int as n from survey_invitations i
           join survey_questionnaires q on q.id = i.questionnaire_id
          where i.session_id = $1 and i.wave = 'a_froid' group by q.audience order by q.audience`,
        [s.sessionId],
      );
      expect(cold).toEqual([
        { audience: "learner", n: 3 },
        { audience: "employer", n: 2 },
      ]);
      // Both waves reached each employer, each with its own link.
      expect(await mailsTo(employers, "survey_invitation")).toHaveLength(4);
      const coldTokens = await rows<{ token_hash: string; email: string }>(
        `select i.token_hash, i.email from survey_invitations i
           join survey_questionnaires q on q.id = i.questionnaire_id
          where i.session_id = $1 and i.wave = 'a_froid' and q.audience = 'employer'`,
        [s.sessionId],
      );
      expect(coldTokens.map((r) => r.email).sort()).toEqual(employers);

      // Menuiserie Roux answers the à-froid questionnaire through its link (the ready-made questions).
      const questions = await rows<{ label: string }>(
        `select qq.label from survey_questions qq join survey_questionnaires q on q.id = qq.questionnaire_id
          where q.kind = 'a_froid' and q.audience = 'employer' order by qq.position`,
      );
      expect(questions.map((q) => q.label)).toContain(
        "Le·la salarié·e applique-t-il·elle dans son travail les acquis de la formation ?",
      );
      const rouxLinks = (await mailsTo([s.email("roux")], "survey_invitation")).map((m) =>
        tokenIn(m.text_body),
      );
      const rouxHash = coldTokens.find((r) => r.email === s.email("roux"))?.token_hash;
      const rouxCold = rouxLinks.find((token) => hashToken(token) === rouxHash) ?? "";
      expect(await answer(rouxCold, await fullAnswer("employer", "5", "Autonome", "a_froid"))).toBe(200);

      // A week on: one reminder to Bâti Sud (and the learners), once across both instances.
      expect(await both(at("2038-04-22T12:00:00Z"))).toEqual({ invited: 0, reminded: 4 });
      expect(await both(at("2038-04-23T12:00:00Z"))).toEqual({ invited: 0, reminded: 0 });
      // Each employer was reminded of the à-chaud questionnaire in January; in April only Bâti Sud,
      // which has not answered the à-froid one.
      const reminders = await mailsTo(employers, "survey_reminder");
      expect(reminders.filter((m) => m.to_address === s.email("bati"))).toHaveLength(2);
      expect(reminders.filter((m) => m.to_address === s.email("roux"))).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("refuses an à-froid questionnaire for trainers, in French", async () => {
    const refused = await surveysRoute.action(
      routeArgs(
        t,
        formRequest(
          "/admin/enquetes",
          { intent: "create", title: "À froid – formateurs", kind: "a_froid", audience: "trainer" },
          admin.cookie,
        ),
      ),
    );
    expect(statusOf(refused)).toBe(400);
    expect((await bodyOf(refused)).errors).toMatchObject({
      kind: expect.stringContaining("Les formateur·rices ne sont pas interrogé·es à froid"),
    });
    expect(
      await rows("select 1 from survey_questionnaires where kind = 'a_froid' and audience = 'trainer'"),
    ).toEqual([]);
  });

  it("with the employers' automatic sending off in Paramètres, a session's end sends to the learners, trainers and funders only; the Journal names the change", async () => {
    // Only an administrator: anonymous → sign-in, no role or a moderator → 403, nothing saved.
    expect(statusOf(await switches({ autoLearner: "on" }))).toBe(302);
    expect(statusOf(await switches({ autoLearner: "on" }, roleless.cookie))).toBe(403);
    expect(statusOf(await switches({ autoLearner: "on" }, moderator.cookie))).toBe(403);
    expect(await rows("select auto_employer from survey_settings")).toEqual([{ auto_employer: true }]);
    // A checkbox posts 'on' or nothing: any other value is refused in French.
    const bad = await switches({ ...ALL_ON, autoEmployer: "peut-être" }, admin.cookie);
    expect(statusOf(bad)).toBe(400);
    expect((await bodyOf(bad)).errors).toMatchObject({
      autoEmployer: "Valeur invalide\u00a0: cochez ou décochez la case",
    });

    const { autoEmployer: _off, ...employersOff } = ALL_ON;
    expect(await bodyOf(await switches(employersOff, admin.cookie))).toMatchObject({ ok: true });
    try {
      expect(
        await rows("select auto_learner, auto_employer, auto_trainer, auto_funder from survey_settings"),
      ).toEqual([{ auto_learner: true, auto_employer: false, auto_trainer: true, auto_funder: true }]);
      const [entry] = await rows<{ details: { title: string; changes: unknown[] } }>(
        "select details from audit_log where entity = 'centre_settings' order by created_at desc limit 1",
      );
      expect(entry?.details).toMatchObject({
        title: "Envois automatiques des enquêtes",
        changes: [{ field: "autoEmployer", from: "oui", to: "non" }],
      });
      // Enquêtes says which public is asked by hand only.
      const screen = await bodyOf(
        await surveysRoute.loader(routeArgs(t, getRequest("/admin/enquetes", admin.cookie))),
      );
      expect(screen.paused).toEqual(["employer"]);

      const s = await endingSession("2039-05-10");
      expect((await t.app.surveys.runOnce(at("2039-05-10T12:00:00Z"))).invited).toBe(6);
      const asked = await rows<{ name: string }>(
        `select distinct q.audience, q.audience::text as name from survey_invitations i
           join survey_questionnaires q on q.id = i.questionnaire_id where i.session_id = $1 order by q.audience`,
        [s.sessionId],
      );
      expect(asked.map((a) => a.name)).toEqual(["learner", "trainer", "funder"]);
      expect(await mailsTo(["roux", "bati"].map(s.email), "survey_invitation")).toEqual([]);
      // Three months on, the à-froid wave leaves the employers out too.
      await t.app.surveys.runOnce(at("2039-08-10T12:00:00Z"));
      expect(
        await rows(
          "select 1 from survey_invitations where session_id = $1 and payer_id is not null and wave = 'a_froid'",
          [s.sessionId],
        ),
      ).toEqual([]);
    } finally {
      expect(await bodyOf(await switches(ALL_ON, admin.cookie))).toMatchObject({ ok: true });
    }
  });
});
