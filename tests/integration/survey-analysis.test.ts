// Enquêtes, analysis per question: over a questionnaire's answers given in a period (Paris days) and
// optionally one session, each question's count, a note's mean, the count per note, yes/no or option,
// and the free comments, exact; the same figures as CSV and PDF, each audited; administrators only
// for the files, and anonymous visitors and role-less accounts refused everywhere.
import { describe, expect, it } from "vitest";
import { analyseAnswers } from "~/features/surveys/analysis.server";
import * as analysisCsv from "~/routes/admin/survey-analysis-export";
import * as analysisPdf from "~/routes/admin/survey-analysis-pdf";
import * as answersRoute from "~/routes/admin/survey-answers";
import { DRIVER } from "../support/db";
import { makeFormation, makeSession, makeSurveyAnswer, makeSurveyInvitation } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { pdfGlyphText } from "../support/pdf-glyph-text";
import { queriesOn } from "../support/query";
import { getRequest, routeArgs } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);
const { rows } = queriesOn(t);

// The employers' ready-made à-chaud questionnaire (written by the migration with this id).
const EMPLOYERS = "5a7e0000-0000-4000-8000-000000000003";

async function setUp() {
  const formation = await makeFormation(t.app.db, { slug: "analyse-paie", title: "Formation Paie" });
  const [one, two] = [
    await makeSession(t.app.db, {
      formationId: formation.id,
      startDate: "2036-01-05",
      endDate: "2036-02-27",
      seats: 8,
    }),
    await makeSession(t.app.db, {
      formationId: formation.id,
      startDate: "2036-01-12",
      endDate: "2036-03-06",
      seats: 8,
    }),
  ];
  const questions = await rows<{ id: string }>(
    "select id from survey_questions where questionnaire_id = $1 order by position",
    [EMPLOYERS],
  );
  const [overall, needs, exchanges, again, remarks] = questions.map((q) => q.id);
  const answered = async (sessionId: string, at: string | null, values: [string | undefined, string][]) => {
    const invitation = await makeSurveyInvitation(t.app.db, {
      questionnaireId: EMPLOYERS,
      wave: "a_chaud",
      sessionId,
      formationId: formation.id,
      email: `rh-${Math.random().toString(36).slice(2)}@example.test`,
      sentAt: new Date("2036-02-27T12:00:00Z"),
      answeredAt: at ? new Date(at) : null,
    });
    for (const [questionId, value] of values) {
      if (questionId) await makeSurveyAnswer(t.app.db, { invitationId: invitation.id, questionId, value });
    }
  };
  // Session one, in March (Paris days): three answers, one of them given on 1 March in Paris.
  await answered(one.id, "2036-03-10T09:00:00Z", [
    [overall, "5"],
    [needs, "4"],
    [again, "oui"],
    [remarks, "Très bien"],
  ]);
  await answered(one.id, "2036-03-20T09:00:00Z", [
    [overall, "4"],
    [needs, "2"],
    [again, "non"],
    [remarks, "   "],
  ]);
  await answered(one.id, "2036-02-29T23:30:00Z", [
    [overall, "2"],
    [again, "oui"],
    [remarks, "Trop court"],
  ]);
  // Session one, outside March: 1 April in Paris, and May.
  await answered(one.id, "2036-03-31T22:30:00Z", [[overall, "1"]]);
  await answered(one.id, "2036-05-02T09:00:00Z", [[overall, "1"]]);
  // Session two, in March; and an invitation never answered.
  await answered(two.id, "2036-03-15T09:00:00Z", [[overall, "3"]]);
  await answered(one.id, null, []);
  return { one: one.id, two: two.id, overall, needs, exchanges, again, remarks };
}

const noteCounts = (counts: number[]) => counts.map((count, i) => ({ value: String(i + 1), count }));

describe(`survey analysis on ${DRIVER}`, () => {
  it("counts each question's answers, its mean and its distribution exactly, over the period's Paris days and the session; the CSV and the PDF say the same, audited", async () => {
    const s = await setUp();
    const march = { questionnaire: EMPLOYERS, from: "2036-03-01", to: "2036-03-31" };
    const analysis = await analyseAnswers(t.app.db, { ...march, session: s.one });
    expect(analysis?.respondents).toBe(3);
    const [overall, needs, exchanges, again, remarks] = analysis?.questions ?? [];
    expect(overall).toMatchObject({ type: "rating", answered: 3, distribution: noteCounts([0, 1, 0, 1, 1]) });
    expect(overall?.average).toBeCloseTo(11 / 3, 10);
    expect(needs).toMatchObject({ answered: 2, average: 3, distribution: noteCounts([0, 1, 0, 1, 0]) });
    expect(exchanges).toMatchObject({
      answered: 0,
      average: null,
      distribution: noteCounts([0, 0, 0, 0, 0]),
    });
    expect(again).toMatchObject({
      type: "yes_no",
      answered: 3,
      average: null,
      distribution: [
        { value: "oui", count: 2 },
        { value: "non", count: 1 },
      ],
    });
    // Blank comments are left out; oldest first.
    expect(remarks).toMatchObject({ type: "text", answered: 2, comments: ["Trop court", "Très bien"] });

    // Every session in March: the second session's answer too.
    const allSessions = await analyseAnswers(t.app.db, { ...march, session: null });
    expect(allSessions?.respondents).toBe(4);
    expect(allSessions?.questions[0]).toMatchObject({ answered: 4, average: 3.5 });
    // No period: every answer.
    const ever = await analyseAnswers(t.app.db, {
      questionnaire: EMPLOYERS,
      session: null,
      from: null,
      to: null,
    });
    expect(ever?.respondents).toBe(6);
    expect(ever?.questions[0]).toMatchObject({ answered: 6, distribution: noteCounts([2, 1, 1, 1, 1]) });
    expect(ever?.questions[0]?.average).toBeCloseTo(16 / 6, 10);

    // The screen shows the same analysis, and its answers follow the period.
    const query = `questionnaire=${EMPLOYERS}&session=${s.one}&from=2036-03-01&to=2036-03-31`;
    const screen = (await answersRoute.loader(
      routeArgs(t, getRequest(`/admin/enquetes/reponses?${query}`, moderator.cookie)),
    )) as { analysis: typeof analysis; answers: { total: number } };
    expect(screen.analysis).toEqual(analysis);
    expect(screen.answers.total).toBe(3);

    // The CSV: one line per value and per comment.
    const csv = await (
      (await analysisCsv.loader(
        routeArgs(t, getRequest(`/admin/enquetes/analyse.csv?${query}`, admin.cookie)),
      )) as Response
    ).text();
    const lines = csv.replace("\uFEFF", "").split("\r\n");
    expect(lines[0]).toBe("Question;Type de réponse;Réponses;Moyenne;Valeur;Nombre;Commentaire");
    const overallLabel =
      "Dans l'ensemble, êtes-vous satisfait·e de la formation suivie par votre salarié·e\u202f?";
    expect(lines).toContain(`${overallLabel};Note de 1 à 5;3;3,7;2;1;`);
    expect(lines).toContain(`${overallLabel};Note de 1 à 5;3;3,7;3;0;`);
    expect(lines).toContain("Feriez-vous de nouveau appel à notre centre\u202f?;Oui / non;3;;oui;2;");
    expect(lines).toContain("Vos remarques et suggestions d'amélioration;Texte libre;2;;;;Trop court");

    // The PDF.
    const pdf = (await analysisPdf.loader(
      routeArgs(t, getRequest(`/admin/enquetes/analyse.pdf?${query}`, admin.cookie)),
    )) as Response;
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const text = pdfGlyphText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, " ");
    expect(text).toContain("Analyse des réponses – À chaud – employeurs");
    expect(text).toContain("3 réponses");
    expect(text).toContain("moyenne : 3,7 / 5");
    expect(text).toContain("Trop court");

    const audited = await rows<{ details: { title: string; count: number } }>(
      "select details from audit_log where entity = 'questionnaire' and entity_id = $1 and action = 'export' order by created_at",
      [EMPLOYERS],
    );
    expect(audited.map((j) => j.details)).toEqual([
      { title: "Analyse – À chaud – employeurs", count: 3 },
      { title: "Analyse (PDF) – À chaud – employeurs", count: 3 },
    ]);
  });

  it("anonymous visitors are sent to /auth and role-less accounts refused on the screen and both files; a moderator reads the screen but not the files", async () => {
    const query = `questionnaire=${EMPLOYERS}`;
    const screen = (cookie?: string) =>
      answersRoute.loader(routeArgs(t, getRequest(`/admin/enquetes/reponses?${query}`, cookie)));
    const csv = (cookie?: string) =>
      analysisCsv.loader(routeArgs(t, getRequest(`/admin/enquetes/analyse.csv?${query}`, cookie)));
    const pdf = (cookie?: string) =>
      analysisPdf.loader(routeArgs(t, getRequest(`/admin/enquetes/analyse.pdf?${query}`, cookie)));
    for (const load of [screen, csv, pdf]) {
      await expect(load()).rejects.toMatchObject({ status: 302 });
      await expect(load(roleless.cookie)).rejects.toMatchObject({ status: 403 });
    }
    await expect(csv(moderator.cookie)).rejects.toMatchObject({ status: 403 });
    await expect(pdf(moderator.cookie)).rejects.toMatchObject({ status: 403 });
  });
});
