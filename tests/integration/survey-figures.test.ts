// Enquêtes: the ready-made questionnaires a new database starts with, the database refusing a second
// invitation of one learner to one wave, and the counts the course page's published figures read
// (asked, answered, satisfied, in employment), per formation, year of the session's end and wave.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { surveyFigures } from "~/features/surveys/index.server";
import { addDays } from "~/platform/dates";
import { DRIVER } from "../support/db";
import {
  makeFormation,
  makeLearner,
  makeSession,
  makeSurveyAnswer,
  makeSurveyInvitation,
} from "../support/factories";
import { setUpTestApp } from "../support/fixture";
import { queriesOn } from "../support/query";

const t = setUpTestApp();

const { rows, one } = queriesOn(t);

const questionnaire = (kind: "a_chaud" | "a_froid") =>
  one<{ id: string }>("select id from survey_questionnaires where kind = $1 and audience = 'learner'", [
    kind,
  ]);

const questionOf = (questionnaireId: string, role: "overall" | "situation") =>
  one<{ id: string }>("select id from survey_questions where questionnaire_id = $1 and role = $2", [
    questionnaireId,
    role,
  ]);

/** A formation of its own with one session ending on `endDate`, so the demo's rows never count. */
async function formationWithSession(endDate: string) {
  const formation = await makeFormation(t.app.db, {
    slug: `enquete-${randomBytes(4).toString("hex")}`,
    title: "Formation des enquêtes",
  });
  const session = await makeSession(t.app.db, {
    formationId: formation.id,
    startDate: addDays(endDate, -30),
    endDate,
    seats: 12,
  });
  return { formationId: formation.id, sessionId: session.id };
}

async function learner(sessionId: string, n: number) {
  return makeLearner(t.app.db, {
    sessionId,
    origin: "manual",
    firstName: "Stagiaire",
    lastName: `N${n}`,
    email: `stagiaire${n}-${randomBytes(3).toString("hex")}@example.org`,
  });
}

async function invite(
  place: { formationId: string; sessionId: string },
  learnerId: string,
  questionnaireId: string,
  wave: "a_chaud" | "a_froid",
  answeredAt: Date | null = null,
) {
  return makeSurveyInvitation(t.app.db, {
    questionnaireId,
    sessionId: place.sessionId,
    formationId: place.formationId,
    learnerId,
    email: "x@example.org",
    tokenHash: randomBytes(32).toString("hex"),
    wave,
    answeredAt,
  });
}

const answer = (invitationId: string, questionId: string, value: string) =>
  makeSurveyAnswer(t.app.db, { invitationId, questionId, value });

describe(`survey figures on ${DRIVER}`, () => {
  it("a new database has the learners' ready-made 'À chaud' and 'À froid' questionnaires, the employers' 'À chaud' and 'À froid' ones and the trainers' and funders' 'À chaud' ones, editable, with their overall and situation questions", async () => {
    const found = await rows<{ title: string; kind: string; editable: boolean; roles: string[] }>(
      `select q.title, q.kind, q.audience, q.editable,
              array_remove(array_agg(qq.role order by qq.role), null) as roles
         from survey_questionnaires q join survey_questions qq on qq.questionnaire_id = q.id
        group by q.id order by q.audience, q.kind`,
    );
    expect(found).toEqual([
      { title: "À chaud", kind: "a_chaud", audience: "learner", editable: true, roles: ["overall"] },
      {
        title: "À froid",
        kind: "a_froid",
        audience: "learner",
        editable: true,
        roles: ["overall", "situation"],
      },
      {
        title: "À chaud – employeurs",
        kind: "a_chaud",
        audience: "employer",
        editable: true,
        roles: ["overall"],
      },
      {
        title: "À froid – employeurs",
        kind: "a_froid",
        audience: "employer",
        editable: true,
        roles: ["overall"],
      },
      {
        title: "À chaud – formateurs",
        kind: "a_chaud",
        audience: "trainer",
        editable: true,
        roles: ["overall"],
      },
      {
        title: "À chaud – financeurs",
        kind: "a_chaud",
        audience: "funder",
        editable: true,
        roles: ["overall"],
      },
    ]);
    const situation = await one<{ options: string[]; employed_options: string[] }>(
      "select options, employed_options from survey_questions where role = 'situation'",
    );
    expect(situation.employed_options).toEqual(["En emploi (CDI, CDD, intérim)", "Création d'entreprise"]);
    expect(situation.options).toContain("En recherche d'emploi");
    expect(await rows("select * from survey_settings")).toMatchObject([
      { cold_delay_months: 3, reminder_delay_days: 7 },
    ]);
  });

  it("the database refuses to invite one learner twice to one session's wave", async () => {
    const place = await formationWithSession("2031-03-31");
    const chaud = await questionnaire("a_chaud");
    const { id } = await learner(place.sessionId, 1);
    await invite(place, id, chaud.id, "a_chaud");
    await expect(invite(place, id, chaud.id, "a_chaud")).rejects.toThrow();
    // The à-froid wave is another invitation.
    await invite(place, id, (await questionnaire("a_froid")).id, "a_froid");
    expect(await rows("select 1 from survey_invitations where learner_id = $1", [id])).toHaveLength(2);
  });

  it("counts asked, answered, satisfied (overall ≥ 4) and employed per formation, year of the session's end and wave", async () => {
    const place = await formationWithSession("2031-12-31");
    // Another session of the same formation ending the next year counts in that year.
    const later = await makeSession(t.app.db, {
      formationId: place.formationId,
      startDate: "2031-12-15",
      endDate: "2032-01-10",
      seats: 12,
    });
    const chaud = await questionnaire("a_chaud");
    const froid = await questionnaire("a_froid");
    const overallChaud = await questionOf(chaud.id, "overall");
    const overallFroid = await questionOf(froid.id, "overall");
    const situation = await questionOf(froid.id, "situation");
    const now = new Date();

    // À chaud, 2031: five asked; four answered with overall notes 5, 4, 3 and none (skipped).
    const learners = await Promise.all([1, 2, 3, 4, 5].map((n) => learner(place.sessionId, n)));
    const hot = [];
    for (const l of learners) hot.push(await invite(place, l.id, chaud.id, "a_chaud", now));
    await answer(hot[0]!.id, overallChaud.id, "5");
    await answer(hot[1]!.id, overallChaud.id, "4");
    await answer(hot[2]!.id, overallChaud.id, "3");
    await rows("update survey_invitations set answered_at = null where id = $1", [hot[4]!.id]);

    // À froid, 2031: three asked, three answered; situations: employed, created a company, searching.
    // Answered four months after the session's end: a situation counts towards 'insertion à 3 mois'
    // only once three calendar months have passed.
    const afterThreeMonths = new Date("2032-04-30T10:00:00Z");
    const cold = [];
    for (const l of learners.slice(0, 3)) {
      cold.push(await invite(place, l.id, froid.id, "a_froid", afterThreeMonths));
    }
    await answer(cold[0]!.id, situation.id, "En emploi (CDI, CDD, intérim)");
    await answer(cold[1]!.id, situation.id, "Création d'entreprise");
    await answer(cold[2]!.id, situation.id, "En recherche d'emploi");
    await answer(cold[0]!.id, overallFroid.id, "2");

    // À chaud, 2032 (the later session): one asked, not answered.
    const next = await learner(later.id, 9);
    await invite({ formationId: place.formationId, sessionId: later.id }, next.id, chaud.id, "a_chaud");

    const zero = { satisfied: 0, overallAnswered: 0, employed: 0, situationAnswered: 0 };
    expect(await surveyFigures(t.app.db, { formationId: place.formationId })).toEqual([
      {
        formationId: place.formationId,
        year: 2031,
        wave: "a_chaud",
        asked: 5,
        answered: 4,
        satisfied: 2,
        overallAnswered: 3,
        employed: 0,
        situationAnswered: 0,
      },
      {
        formationId: place.formationId,
        year: 2031,
        wave: "a_froid",
        asked: 3,
        answered: 3,
        satisfied: 0,
        overallAnswered: 1,
        employed: 2,
        situationAnswered: 3,
      },
      { formationId: place.formationId, year: 2032, wave: "a_chaud", asked: 1, answered: 0, ...zero },
    ]);
    // Without a formation: every formation's rows, this one's among them.
    const all = await surveyFigures(t.app.db);
    expect(all.filter((f) => f.formationId === place.formationId)).toHaveLength(3);
  });
});
