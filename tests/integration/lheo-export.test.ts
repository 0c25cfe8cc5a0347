// GET /lheo.xml and /formation/:slug/lheo.xml: the published catalogue in Lhéo 2.3, which the official
// schema accepts (tests/fixtures/lheo/lheo-2.3.xsd, checked with xmllint) whatever the records hold:
// the demo catalogue, a formation missing its Lhéo fields (left out), texts full of markup characters
// and emoji, 3 000-character contents, a full session. Served with an ETag, cached until the catalogue
// changes, never a draft nor a past session.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications } from "~/features/applications/schema.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { surveyQuestionnaires, surveyQuestions } from "~/features/surveys/schema.server";
import { addDays, parisToday } from "~/platform/dates";
import { DRIVER } from "../support/db";
import { makeLearner, makeSurveyAnswer, makeSurveyInvitation } from "../support/factories";
import { setUpHttpApp } from "../support/fixture";
import { lheoErrors } from "../support/lheo";

const t = setUpHttpApp();

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.base}${path}`, { headers });

/** Changes written straight to the database are announced as the console's writes are. */
const changed = () => t.app.events.publish({ table: "formations", op: "update" });

const count = (xml: string, tag: string) =>
  xml.split(`<${tag} `).length - 1 + (xml.split(`<${tag}>`).length - 1);

const LHEO_FIELDS = {
  formacodes: ["31054"],
  nsfCodes: ["326"],
  romeCodes: ["M1805"],
  targetPublics: ["83056"],
  lheoFunders: ["10"],
  pathType: "1",
  entryMode: "0",
  generalObjective: "7",
};

async function addFormation(slug: string, values: Partial<typeof formations.$inferInsert> = {}) {
  const [row] = await t.app.db
    .insert(formations)
    .values({
      title: `Formation ${slug}`,
      slug,
      description: "Une formation de test.",
      duration: "35 heures",
      entryLevel: "sans-niveau",
      objectives: ["Savoir faire"],
      prerequisites: "Aucun",
      certification: "Attestation de fin de formation",
      ...LHEO_FIELDS,
      ...values,
    })
    .returning({ id: formations.id });
  if (!row) throw new Error("insert failed");
  return row.id;
}

async function addSession(formationId: string, values: Partial<typeof formationSessions.$inferInsert> = {}) {
  const start = addDays(parisToday(), 30);
  const [row] = await t.app.db
    .insert(formationSessions)
    .values({
      formationId,
      startDate: start,
      endDate: addDays(start, 4),
      place: "12 rue de la République, 75011 Paris",
      rhythm: "Temps plein, 35 heures par semaine",
      seats: 12,
      ...values,
    })
    .returning({ id: formationSessions.id });
  if (!row) throw new Error("insert failed");
  return row.id;
}

async function exported(path = "/lheo.xml") {
  const response = await get(path);
  expect(response.status, await response.clone().text()).toBe(200);
  const xml = await response.text();
  expect(await lheoErrors(xml)).toEqual([]);
  return { response, xml };
}

describe(`Lhéo export on ${DRIVER}`, () => {
  it("publishes the demo catalogue as a document the schema accepts, with its ETag", async () => {
    const { response, xml } = await exported();
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(xml).toContain('<lheo xmlns="http://lheo.gouv.fr/2.3">');
    expect(count(xml, "formation")).toBeGreaterThanOrEqual(3);
    expect(xml).toContain("<code-RNCP>RNCP35030</code-RNCP>");
    expect(xml).toContain("<numero-activite>11751234575</numero-activite>");
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    const again = await get("/lheo.xml", { "If-None-Match": etag ?? "" });
    expect(again.status).toBe(304);
    // Kept out of the page cache: its own cache answers, conditional requests included.
    expect(again.headers.get("x-cache")).toBeNull();
  });

  it("leaves out a formation missing its Lhéo fields and still validates", async () => {
    const id = await addFormation("sans-lheo", { formacodes: [], targetPublics: [], pathType: null });
    await addSession(id);
    await changed();
    const { xml } = await exported();
    expect(xml).not.toContain("/formation/sans-lheo");
    expect((await get("/formation/sans-lheo/lheo.xml")).status).toBe(404);
  });

  it("carries markup characters, quotes, emoji and 3 000-character texts within the schema", async () => {
    const nasty = `Tom & Jerry <b>"gras"</b> l'été 🎓🚀 ]]> \u0007`;
    const long = `${nasty} `.repeat(200);
    const id = await addFormation("textes-difficiles", {
      title: `${nasty} formation`,
      objectives: [long, nasty],
      prerequisites: long,
      certification: long,
      program: [{ title: nasty, duration: "20 h", content: long }],
      accessibility: long,
      contactName: long,
    });
    await addSession(id, { rhythm: long, place: `${nasty}, 75011 Paris` });
    await changed();
    const { xml } = await exported("/formation/textes-difficiles/lheo.xml");
    expect(count(xml, "formation")).toBe(1);
    expect(xml).toContain('Tom &amp; Jerry &lt;b&gt;"gras"&lt;/b&gt; l\'été 🎓🚀');
    expect(xml).not.toContain("\u0007");
    // The whole catalogue with it validates too.
    await exported();
  });

  it("numbers the modules 1 to n as the console's editor does, and still validates", async () => {
    const id = await addFormation("modules-numerotes", {
      program: [
        { title: "Prise en main", duration: "7 h", content: "Fenêtres" },
        // Saved before the console stripped a typed number: it reads once.
        { title: "Module 2 - Tableaux", duration: "14 h", content: "Formules" },
        // Only a duration: the console still counts it as module 3, so the next one stays module 4.
        { title: "", duration: "3 h", content: "" },
        { title: "Présentations", duration: "", content: "Diapositives" },
      ],
    });
    await addSession(id);
    await changed();
    const { xml } = await exported("/formation/modules-numerotes/lheo.xml");
    const contents = /<contenu-formation>([\s\S]*?)<\/contenu-formation>/.exec(xml)?.[1] ?? "";
    expect(contents.match(/Module \d+\u00a0: [^\n(]*/g)?.map((h) => h.trim())).toEqual([
      "Module 1\u00a0: Prise en main",
      "Module 2\u00a0: Tableaux",
      "Module 4\u00a0: Présentations",
    ]);
  });

  it("says a full session's recruitment is closed, lists no past session and no inactive formation", async () => {
    const id = await addFormation("session-complete");
    const full = await addSession(id, { seats: 1 });
    await t.app.db.insert(applications).values({
      sessionId: full,
      firstName: "Alex",
      lastName: "Martin",
      email: "alex@example.test",
      phone: "0600000000",
      situation: "demandeur",
      financing: "cpf",
      status: "admitted",
      consentAt: new Date(),
    });
    const past = await addSession(id, {
      startDate: addDays(parisToday(), -10),
      endDate: addDays(parisToday(), -5),
    });
    await changed();
    const { xml } = await exported("/formation/session-complete/lheo.xml");
    expect(xml).toMatch(
      new RegExp(
        `<session numero="${full}"[^>]*>.*?<etat-recrutement>2</etat-recrutement>.*?<nb-places>0</nb-places>`,
      ),
    );
    expect(xml).not.toContain(past);

    await t.app.db.update(formations).set({ active: false }).where(eq(formations.id, id));
    await changed();
    expect((await get("/formation/session-complete/lheo.xml")).status).toBe(404);
    expect((await exported()).xml).not.toContain("/formation/session-complete");
  });

  it("carries a formation's published results in its extras once their sample reaches the minimum, and a new answer in the next document", async () => {
    const id = await addFormation("resultats-publies", {
      results: [{ kind: "reussite", year: 2021, rate: 88, sample: 25, source: "enquête interne" }],
    });
    await addSession(id);
    const ended = await addSession(id, {
      startDate: addDays(parisToday(), -60),
      endDate: addDays(parisToday(), -30),
    });
    const year = addDays(parisToday(), -30).slice(0, 4);
    const [overall] = await t.app.db
      .select({ questionnaire: surveyQuestionnaires.id, question: surveyQuestions.id })
      .from(surveyQuestionnaires)
      .innerJoin(surveyQuestions, eq(surveyQuestions.questionnaireId, surveyQuestionnaires.id))
      .where(
        and(
          eq(surveyQuestionnaires.kind, "a_chaud"),
          eq(surveyQuestionnaires.audience, "learner"),
          eq(surveyQuestions.role, "overall"),
        ),
      );
    if (!overall) throw new Error("no à-chaud overall question");
    // Five learners finished (the minimum of Paramètres by default); four of them answer, 5/5 or 4/5.
    const answer = async (learnerId: string, value: string) => {
      const invitation = await makeSurveyInvitation(t.app.db, {
        questionnaireId: overall.questionnaire,
        sessionId: ended,
        formationId: id,
        learnerId,
        email: "stagiaire@example.test",
        wave: "a_chaud",
        answeredAt: new Date(),
      });
      await makeSurveyAnswer(t.app.db, { invitationId: invitation.id, questionId: overall.question, value });
    };
    const people = [];
    for (let i = 0; i < 5; i++) {
      people.push(
        await makeLearner(t.app.db, {
          sessionId: ended,
          firstName: "Stagiaire",
          lastName: `Lhéo${i}`,
          email: `lheo-resultats-${i}@example.test`,
          status: "completed",
        }),
      );
    }
    for (const [i, p] of people.slice(0, 4).entries()) await answer(p.id, i % 2 ? "4" : "5");
    await changed();
    const extras = async () => {
      const { xml } = await exported("/formation/resultats-publies/lheo.xml");
      return [...xml.matchAll(/<extra info="resultat-publie">([^<]*)<\/extra>/g)].map((m) => m[1]);
    };
    const first = await extras();
    // The completion and drop-out rates count learners (5: published); satisfaction counts answers (4: not yet).
    expect(first).toEqual([
      `100\u202f% — Taux d'achèvement, sessions terminées en ${year} (5 stagiaires sur 5, abandons compris)`,
      `0\u202f% — Taux d'abandon, sessions terminées en ${year} (0 abandon sur 5 stagiaires)`,
      "88\u202f% — Taux de réussite — Archive 2021, source\u00a0: enquête interne (25 candidats)",
    ]);
    expect(first.some((line) => line?.includes("Taux de satisfaction"))).toBe(false);
    expect(first.some((line) => line?.includes("pas encore"))).toBe(false);
    expect(first).toContain(
      "88\u202f% — Taux de réussite — Archive 2021, source\u00a0: enquête interne (25 candidats)",
    );

    // The fifth answer is announced as the survey's own writes are: the next document has the rate.
    const fifth = people[4];
    if (!fifth) throw new Error("no fifth learner");
    await answer(fifth.id, "5");
    await t.app.events.publish({ table: "survey_invitations", op: "update" });
    expect(await extras()).toContain(
      `100\u202f% — Taux de satisfaction, sessions terminées en ${year} (5 réponses sur 5 stagiaires)`,
    );
  });
});
