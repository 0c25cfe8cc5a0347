// Enquêtes: the à-chaud survey leaves on the session's last day and the à-froid one after the delay,
// to every learner but the dropouts, with one reminder, each e-mail once even with two instances
// running their rounds at the same moment; the personal link stores one answer per person (a
// second replaces the first) and refuses unknown, forged and closed links with a French page;
// 'Envoyer maintenant', the questionnaire's checks and the CSV export in the console.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addDays } from "~/platform/dates";
import * as exportRoute from "~/routes/admin/survey-answers-export";
import * as questionnaireRoute from "~/routes/admin/survey-questionnaire";
import * as surveysRoute from "~/routes/admin/surveys";
import * as surveyPage from "~/routes/site/survey";
import { DRIVER } from "../support/db";
import { makeFormation, makeLearner, makeSession } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { queriesOn } from "../support/query";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";
import { secondSurveyInstance, surveyTokenIn } from "../support/surveys";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");

const { rows, one } = queriesOn(t);

/** A formation of its own with one session ending on `endDate`, and its learners (the last one dropped out). */
async function sessionWithLearners(endDate: string, names: string[]) {
  const tag = randomBytes(4).toString("hex");
  const formation = await makeFormation(t.app.db, {
    slug: `enquetes-${tag}`,
    title: "Formation Comptable Assistant",
  });
  const session = await makeSession(t.app.db, {
    formationId: formation.id,
    startDate: addDays(endDate, -60),
    endDate,
    seats: 20,
  });
  const emails: string[] = [];
  for (const [i, name] of names.entries()) {
    const email = `${name.toLowerCase()}-${tag}@example.test`;
    const dropped = i === names.length - 1;
    await makeLearner(t.app.db, {
      sessionId: session.id,
      origin: "manual",
      firstName: name,
      lastName: "Martin",
      email,
      status: dropped ? "dropped_out" : "completed",
      abandonedOn: dropped ? endDate : null,
    });
    emails.push(email);
  }
  return { formationId: formation.id, sessionId: session.id, emails, tag };
}

const mailsTo = (emails: string[], kind: string) =>
  rows<{ to_address: string; subject: string; text_body: string }>(
    "select to_address, subject, text_body from mail_outbox where to_address = any($1) and kind = $2 order by to_address",
    [emails, kind],
  );

const tokenIn = surveyTokenIn;

const secondInstance = () => secondSurveyInstance(t);

const at = (iso: string) => new Date(iso);

const call = async (run: () => Promise<unknown>) => {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
};

const page = (token: string) =>
  call(() => surveyPage.loader(routeArgs(t, getRequest(`/enquete/${token}`), { token })));
const answer = (token: string, fields: Record<string, string>) =>
  call(() => surveyPage.action(routeArgs(t, formRequest(`/enquete/${token}`, fields), { token })));

async function questionsOf(kind: "a_chaud" | "a_froid") {
  return rows<{ id: string; type: string; role: string | null; label: string }>(
    `select qq.id, qq.type, qq.role, qq.label from survey_questions qq
       join survey_questionnaires q on q.id = qq.questionnaire_id where q.kind = $1 and q.audience = 'learner' order by qq.position`,
    [kind],
  );
}

/** A complete à-chaud answer: every note `note`, 'oui', and a comment. */
async function hotAnswer(note: string, comment: string) {
  const fields: Record<string, string> = {};
  for (const q of await questionsOf("a_chaud")) {
    fields[`q-${q.id}`] = q.type === "rating" ? note : q.type === "yes_no" ? "oui" : comment;
  }
  return fields;
}

describe(`survey sending on ${DRIVER}`, () => {
  it("sends à chaud on the last day, one reminder, then à froid after the delay: to every learner but the dropouts, each once across two instances", async () => {
    const s = await sessionWithLearners("2031-06-20", ["Alice", "Hugo", "Inès", "Zoé"]);
    const active = s.emails.slice(0, 3);
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
      // The last day, before noon (Paris): not yet.
      expect(await both(at("2031-06-20T08:00:00Z"))).toEqual({ invited: 0, reminded: 0 });
      // From noon: every learner but the dropout, once.
      expect(await both(at("2031-06-20T11:00:00Z"))).toEqual({ invited: 3, reminded: 0 });
      const hot = await mailsTo(s.emails, "survey_invitation");
      expect(hot.map((m) => m.to_address)).toEqual(active);
      expect(hot[0]?.subject).toBe(
        "Votre avis sur la formation Comptable Assistant (du 21 avril au 20 juin 2031)",
      );
      expect(hot[0]?.text_body).toContain("Bonjour Alice,");
      // The next day: nothing new.
      expect(await both(at("2031-06-21T11:00:00Z"))).toEqual({ invited: 0, reminded: 0 });

      // Alice answers; eight days later the two others get their one reminder, with the same link.
      const aliceToken = tokenIn(hot[0]?.text_body ?? "");
      expect(statusOf(await answer(aliceToken, await hotAnswer("5", "Très bien")))).toBe(200);
      expect(await both(at("2031-06-28T12:00:00Z"))).toEqual({ invited: 0, reminded: 2 });
      expect(await both(at("2031-06-29T12:00:00Z"))).toEqual({ invited: 0, reminded: 0 });
      const reminders = await mailsTo(s.emails, "survey_reminder");
      expect(reminders.map((m) => m.to_address)).toEqual(active.slice(1));
      expect(tokenIn(reminders[0]?.text_body ?? "")).toBe(tokenIn(hot[1]?.text_body ?? ""));

      // Three months after the last day: à froid, to the same three.
      expect(await both(at("2031-09-19T12:00:00Z"))).toEqual({ invited: 0, reminded: 0 });
      expect(await both(at("2031-09-20T12:00:00Z"))).toEqual({ invited: 3, reminded: 0 });
      const waves = await rows<{ wave: string; n: number }>(
        "select wave::text, count(*)::int as n from survey_invitations where session_id = $1 group by wave order by wave",
        [s.sessionId],
      );
      expect(waves).toEqual([
        { wave: "a_chaud", n: 3 },
        { wave: "a_froid", n: 3 },
      ]);
    } finally {
      await other.close();
    }
  });

  it("an erased or anonymised learner's address leaves their invitations at the next round; the answers stay", async () => {
    const s = await sessionWithLearners("2034-05-10", ["Léo", "Maya", "Noé"]);
    await t.app.surveys.runOnce(at("2034-05-10T12:00:00Z"));
    const [first, second] = await rows<{ id: string }>(
      "select id from learners where session_id = $1 order by email",
      [s.sessionId],
    );
    await rows(
      "update learners set first_name = null, last_name = null, email = null, anonymised_at = now() where id = $1",
      [first?.id],
    );
    // Erasing a learner sets their invitations' learner to null (the foreign key's ON DELETE SET NULL).
    await rows("delete from learners where id = $1", [second?.id]);
    await t.app.surveys.runOnce(at("2034-05-11T12:00:00Z"));
    const left = await rows<{ email: string | null }>(
      "select email from survey_invitations where session_id = $1 order by email nulls first",
      [s.sessionId],
    );
    expect(left.map((r) => r.email)).toEqual([null, null]);
  });

  it("a session ended more than two weeks before the first round is left alone", async () => {
    const s = await sessionWithLearners("2032-01-05", ["Paul", "Yves"]);
    await t.app.surveys.runOnce(at("2032-01-25T12:00:00Z"));
    expect(await rows("select 1 from survey_invitations where session_id = $1", [s.sessionId])).toEqual([]);
  });
});

describe(`answering through the link on ${DRIVER}`, () => {
  it("stores the answers; a second submission replaces the first; wrong answers get French messages and store nothing", async () => {
    const s = await sessionWithLearners("2033-03-10", ["Chloé", "Nina"]);
    const sent = await call(() =>
      surveysRoute.action(
        routeArgs(
          t,
          formRequest(
            "/admin/enquetes",
            {
              intent: "send",
              questionnaireId: "5a7e0000-0000-4000-8000-000000000001",
              target: "learners",
              sessionId: s.sessionId,
            },
            moderator.cookie,
          ),
        ),
      ),
    );
    expect(await bodyOf(sent)).toMatchObject({ ok: true, toast: { title: "1 invitation envoyée" } });
    const [mail] = await mailsTo(s.emails, "survey_invitation");
    const token = tokenIn(mail?.text_body ?? "");

    const opened = await bodyOf(await page(token));
    expect(opened).toMatchObject({ link: { state: "open", title: "À chaud", answeredAt: null } });

    // Missing required answers and an impossible note: 400, French messages, nothing stored.
    const questions = await questionsOf("a_chaud");
    const overall = questions.find((q) => q.role === "overall");
    const bad = await answer(token, { [`q-${overall?.id}`]: "9" });
    expect(statusOf(bad)).toBe(400);
    expect((await bodyOf(bad)).errors).toMatchObject({
      [`q-${overall?.id}`]: "Choisissez une note de 1 à 5",
    });
    expect(
      await rows(
        "select 1 from survey_answers a join survey_invitations i on i.id = a.invitation_id where i.session_id = $1",
        [s.sessionId],
      ),
    ).toEqual([]);

    expect(await bodyOf(await answer(token, await hotAnswer("2", "Salle trop froide")))).toMatchObject({
      saved: true,
      replaced: false,
    });
    expect(await bodyOf(await answer(token, await hotAnswer("4", "Finalement très bien")))).toMatchObject({
      saved: true,
      replaced: true,
    });
    const stored = await rows<{ value: string }>(
      `select a.value from survey_answers a join survey_invitations i on i.id = a.invitation_id
        where i.session_id = $1 and a.question_id = $2`,
      [s.sessionId, overall?.id],
    );
    expect(stored).toEqual([{ value: "4" }]);
    expect((await bodyOf(await page(token))).link).toMatchObject({ given: { [`q-${overall?.id}`]: "4" } });

    // The console shows it, free text included; the CSV export has it (administrators).
    const csv = await call(() =>
      exportRoute.loader(
        routeArgs(
          t,
          getRequest(
            "/admin/enquetes/reponses.csv?questionnaire=5a7e0000-0000-4000-8000-000000000001",
            admin.cookie,
          ),
        ),
      ),
    );
    const text = await (csv as Response).text();
    expect(text).toContain("Finalement très bien");
    expect(text).not.toContain("Salle trop froide");
    expect(text.split("\r\n")[0]).toContain("Dans l'ensemble");

    // Closed: 410 and a French page, for the page and for a post.
    await rows(
      "update survey_invitations set closes_at = now() - interval '1 minute' where token_hash is not null and session_id = $1",
      [s.sessionId],
    );
    expect(statusOf(await page(token))).toBe(410);
    expect(statusOf(await answer(token, await hotAnswer("1", "Trop tard")))).toBe(410);
    expect(stored).toEqual([{ value: "4" }]);
  });

  it("an unknown, forged or malformed link answers 404, never a 500", async () => {
    for (const token of ["x".repeat(43), "abc", "../../admin", randomBytes(32).toString("base64url")]) {
      expect(statusOf(await page(token)), token).toBe(404);
      expect(statusOf(await answer(token, { "q-x": "5" })), token).toBe(404);
    }
  });
});

describe(`the Enquêtes console on ${DRIVER}`, () => {
  const post = (fields: Record<string, string>, cookie = moderator.cookie) =>
    call(() => surveysRoute.action(routeArgs(t, formRequest("/admin/enquetes", fields, cookie))));

  it("'Envoyer maintenant' to pasted addresses: checked, each once; a session's learners already asked are skipped", async () => {
    const invalid = await post({
      intent: "send",
      questionnaireId: "5a7e0000-0000-4000-8000-000000000002",
      target: "addresses",
      addresses: "rh@entreprise.test\npas-une-adresse",
    });
    expect(statusOf(invalid)).toBe(400);
    expect((await bodyOf(invalid)).errors).toMatchObject({
      addresses: "Adresse invalide\u202f: pas-une-adresse",
    });
    const fields = {
      intent: "send",
      questionnaireId: "5a7e0000-0000-4000-8000-000000000002",
      target: "addresses",
      addresses: "rh@entreprise.test; Financeur@opco.test, rh@entreprise.test",
    };
    expect(await bodyOf(await post(fields))).toMatchObject({ toast: { title: "2 invitations envoyées" } });
    expect(await bodyOf(await post(fields))).toMatchObject({
      toast: { title: "Aucun nouvel envoi\u202f: chaque destinataire avait déjà reçu ce questionnaire" },
    });
    expect(await mailsTo(["rh@entreprise.test", "financeur@opco.test"], "survey_invitation")).toHaveLength(2);
    const audit = await rows<{ action: string; details: { count: number } }>(
      "select action, details from audit_log where entity = 'questionnaire' and action = 'send' order by created_at",
    );
    expect(audit.at(-1)?.details.count).toBe(0);
  });

  it("checks questions on the server: one overall question per questionnaire, a choice needs two options, audited", async () => {
    const questionnaireId = "5a7e0000-0000-4000-8000-000000000001";
    const act = (fields: Record<string, string>) =>
      call(() =>
        questionnaireRoute.action(
          routeArgs(
            t,
            formRequest(
              `/admin/enquetes/${questionnaireId}`,
              { questionnaireId, ...fields },
              moderator.cookie,
            ),
            {
              id: questionnaireId,
            },
          ),
        ),
      );
    const twice = await act({
      intent: "question-add",
      label: "Et au global ?",
      type: "rating",
      role: "overall",
    });
    expect(statusOf(twice)).toBe(400);
    expect((await bodyOf(twice)).errors).toHaveProperty("role");
    const oneOption = await act({
      intent: "question-add",
      label: "Votre financement ?",
      type: "choice",
      options: "CPF",
    });
    expect((await bodyOf(oneOption)).errors).toMatchObject({
      options: "Proposez au moins deux réponses, une par ligne",
    });
    const notRating = await act({ intent: "question-add", label: "Global ?", type: "text", role: "overall" });
    expect((await bodyOf(notRating)).errors).toMatchObject({
      role: "La question de satisfaction globale doit être une note de 1 à 5",
    });
    const added = await act({
      intent: "question-add",
      label: "Votre financement ?",
      type: "choice",
      options: "CPF\nOPCO\nPersonnel",
      required: "on",
    });
    expect(await bodyOf(added)).toMatchObject({ ok: true });
    const last = await one<{ label: string; options: string[]; position: number }>(
      "select label, options, position from survey_questions where questionnaire_id = $1 order by position desc limit 1",
      [questionnaireId],
    );
    expect(last).toEqual({
      label: "Votre financement ?",
      options: ["CPF", "OPCO", "Personnel"],
      position: 7,
    });
    expect(
      await rows(
        "select 1 from audit_log where entity = 'questionnaire' and entity_id = $1 and action = 'update'",
        [questionnaireId],
      ),
    ).toHaveLength(1);
  });

  it("the delays are saved from Paramètres by an administrator and drive the next round", async () => {
    const refused = await post(
      { intent: "delays", coldDelayMonths: "6", reminderDelayDays: "40", openDays: "30" },
      admin.cookie,
    );
    expect((await bodyOf(refused)).errors).toMatchObject({
      reminderDelayDays: "Le rappel doit partir avant la clôture de l'enquête",
    });
    expect(
      await bodyOf(
        await post(
          { intent: "delays", coldDelayMonths: "6", reminderDelayDays: "3", openDays: "45" },
          admin.cookie,
        ),
      ),
    ).toMatchObject({ ok: true });
    expect(
      await rows("select cold_delay_months, reminder_delay_days, open_days from survey_settings"),
    ).toEqual([{ cold_delay_months: 6, reminder_delay_days: 3, open_days: 45 }]);
    // Never sooner than the insertion rate's period: refused in French, the stored delays kept; the
    // database refuses it too.
    const tooSoon = await post(
      { intent: "delays", coldDelayMonths: "2", reminderDelayDays: "3", openDays: "45" },
      admin.cookie,
    );
    expect((await bodyOf(tooSoon)).errors).toMatchObject({
      coldDelayMonths: expect.stringMatching(
        /^Un nombre de mois entre 3 et 24\u00a0: le taux d'insertion à 3 mois/,
      ),
    });
    expect(await rows("select cold_delay_months from survey_settings")).toEqual([{ cold_delay_months: 6 }]);
    await expect(t.app.database.query("update survey_settings set cold_delay_months = 2")).rejects.toThrow();
    await post(
      { intent: "delays", coldDelayMonths: "3", reminderDelayDays: "7", openDays: "30" },
      admin.cookie,
    );
  });
});
