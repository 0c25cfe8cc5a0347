// Published indicators: per formation and year of the session's end, the completion and success rates
// from the learners and the satisfaction and employment rates from the surveys, each published only
// from the minimum of answers set in Paramètres; the same figures on the course page, its JSON-LD,
// its programme, Statistiques and the home page; typed results only as dated archives with a source.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/features/audit/schema.server";
import { INSERTION_MONTHS } from "~/features/catalogue";
import { formations } from "~/features/catalogue/schema.server";
import { archiveLine, indicatorLines } from "~/features/indicators/indicators";
import { formationIndicators, indicatorCounts } from "~/features/indicators/indicators.server";
import { centreSettings } from "~/features/settings/schema.server";
import { addDays } from "~/platform/dates";
import * as formationsRoute from "~/routes/admin/formations";
import * as learnersRoute from "~/routes/admin/learners";
import * as settingsRoute from "~/routes/admin/settings";
import * as statisticsRoute from "~/routes/admin/statistics";
import * as csvRoute from "~/routes/admin/statistics-csv";
import * as formationPage from "~/routes/site/formation";
import * as programmePdf from "~/routes/site/formation-pdf";
import * as home from "~/routes/site/home";
import { DRIVER } from "../support/db";
import {
  makeFormation,
  makeLearner,
  makeSession,
  makeSurveyAnswer,
  makeSurveyInvitation,
} from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { htmlText } from "../support/french-text";
import { publishDraft } from "../support/publishing";
import { queriesOn } from "../support/query";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";
import { settingsForm } from "../support/settings";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin", { email: "admin@centre.test" });

const { rows, one } = queriesOn(t);

const NARROW = "\u202f";

/** A certifying formation of its own (the demo's rows never count), active, with a course page. */
async function certifyingFormation() {
  const slug = `indicateurs-${randomBytes(4).toString("hex")}`;
  const f = await makeFormation(t.app.db, {
    slug,
    title: "Formation des indicateurs",
    certifying: true,
    active: true,
    results: [
      // Before the first computed year: shown as an archive.
      { kind: "reussite", year: 2022, rate: 81, sample: 16, source: "enquête interne" },
      { kind: "abandon", year: 2022, rate: 10, sample: 20, source: "registre des présences" },
      // A year the site computes: the computed figures replace it.
      { kind: "satisfaction", year: 2024, rate: 99, sample: 40, source: "enquête interne" },
    ],
  });
  return { id: f.id, slug };
}

const session = (formationId: string, endDate: string) =>
  makeSession(t.app.db, { formationId, startDate: addDays(endDate, -60), endDate, seats: 20 });

let n = 0;
async function learner(
  sessionId: string,
  status: "enrolled" | "in_training" | "completed" | "dropped_out",
  certification: "presented" | "certified" | "not_certified" | null = null,
) {
  n += 1;
  return makeLearner(t.app.db, {
    sessionId,
    origin: "manual",
    firstName: "Stagiaire",
    lastName: `N${n}`,
    email: `indicateurs${n}-${randomBytes(3).toString("hex")}@example.org`,
    status,
    abandonedOn: status === "dropped_out" ? "2024-03-01" : null,
    certification,
  });
}

const questionOf = (kind: "a_chaud" | "a_froid", role: "overall" | "situation") =>
  one<{ questionnaire: string; question: string }>(
    `select q.id as questionnaire, qq.id as question from survey_questionnaires q
       join survey_questions qq on qq.questionnaire_id = q.id where q.kind = $1 and q.audience = 'learner' and qq.role = $2`,
    [kind, role],
  );

/** An invitation of `learnerId` to the wave, answered with `value` to the question (none: not answered). */
async function surveyed(
  place: { formationId: string; sessionId: string },
  learnerId: string,
  wave: "a_chaud" | "a_froid",
  value: string | null,
  answeredAt: Date = new Date(),
) {
  const { questionnaire, question } = await questionOf(wave, wave === "a_chaud" ? "overall" : "situation");
  const invitation = await makeSurveyInvitation(t.app.db, {
    questionnaireId: questionnaire,
    sessionId: place.sessionId,
    formationId: place.formationId,
    learnerId,
    email: "x@example.org",
    tokenHash: randomBytes(32).toString("hex"),
    wave,
    answeredAt: value === null ? null : answeredAt,
  });
  if (value !== null) {
    await makeSurveyAnswer(t.app.db, { invitationId: invitation.id, questionId: question, value });
  }
}

/**
 * 2024 (session ended 30 June): 6 learners: 4 finished, 1 dropped out, 1 never marked finished;
 * outcomes: 2 certified, 1 not certified, 2 presented (result not known). À chaud: 6 asked, 5
 * answered the overall question with 5, 5, 4, 3, 4. À froid: 3 answered (employed, company, searching).
 * 2025 (session ended 31 March): 3 learners, all finished. A session ending in 2099 counts nowhere.
 */
async function seeded() {
  const f = await certifyingFormation();
  const s24 = await session(f.id, "2024-06-30");
  const s25 = await session(f.id, "2025-03-31");
  const later = await session(f.id, "2099-06-30");
  const place = { formationId: f.id, sessionId: s24.id };
  const people = [
    await learner(s24.id, "completed", "certified"),
    await learner(s24.id, "completed", "certified"),
    await learner(s24.id, "completed", "not_certified"),
    await learner(s24.id, "completed", "presented"),
    await learner(s24.id, "dropped_out"),
    await learner(s24.id, "in_training", "presented"),
  ];
  const notes = ["5", "5", "4", "3", "4", null];
  for (const [i, p] of people.entries()) await surveyed(place, p.id, "a_chaud", notes[i] ?? null);
  const situations = ["En emploi (CDI, CDD, intérim)", "Création d'entreprise", "En recherche d'emploi"];
  for (const [i, s] of situations.entries()) await surveyed(place, people[i]?.id ?? "", "a_froid", s);
  for (let i = 0; i < 3; i++) await learner(s25.id, "completed");
  await learner(later.id, "in_training");
  return f;
}

const coursePage = async (slug: string) =>
  bodyOf(await formationPage.loader(routeArgs(t, getRequest(`/formation/${slug}`), { slug })));

const saveSettings = async (changes: Record<string, string>) => {
  try {
    return await settingsRoute.action(
      routeArgs(t, formRequest("/admin/parametres", await settingsForm(t.app.db, changes), admin.cookie)),
    );
  } catch (thrown) {
    return thrown;
  }
};

describe(`published indicators on ${DRIVER}`, () => {
  it("counts learners and answers per year of the session's end, in SQL, abandons in the completion", async () => {
    const f = await seeded();
    const counts = (await indicatorCounts(t.app.db, { formationId: f.id })).get(f.id) ?? [];
    const zero = {
      droppedOut: 0,
      presented: 0,
      certified: 0,
      asked: 0,
      answered: 0,
      satisfied: 0,
      overallAnswered: 0,
      coldAsked: 0,
      employed: 0,
      situationAnswered: 0,
    };
    expect([...counts].sort((a, b) => a.year - b.year)).toEqual([
      {
        year: 2024,
        learners: 6,
        completed: 4,
        droppedOut: 1,
        presented: 5,
        certified: 2,
        asked: 6,
        answered: 5,
        satisfied: 4,
        overallAnswered: 5,
        coldAsked: 3,
        employed: 2,
        situationAnswered: 3,
      },
      { ...zero, year: 2025, learners: 3, completed: 3 },
    ]);
  });

  it("publishes each rate with its period and sample from the minimum of answers, and says why not below it", async () => {
    const f = await seeded();
    const row = await t.app.db.select().from(formations).where(eq(formations.id, f.id));
    const published = await formationIndicators(t.app.db, row[0] as (typeof row)[number]);
    expect(published.years.map((y) => y.year)).toEqual([2025, 2024]);
    const [y2025, y2024] = published.years;
    // 2024: satisfaction 4/5 = 80 %; completion 4/6 = 67 %; success 2/5 = 40 %; employment 3 answers < 5.
    expect(y2024?.indicators).toEqual([
      {
        kind: "satisfaction",
        title: "Taux de satisfaction",
        year: 2024,
        period: "Sessions terminées en 2024",
        rate: 80,
        detail: "5 réponses sur 6 stagiaires",
      },
      {
        kind: "completion",
        title: "Taux d'achèvement",
        year: 2024,
        period: "Sessions terminées en 2024",
        rate: 67,
        detail: "4 stagiaires sur 6, abandons compris",
      },
      {
        // 1 learner of 6 dropped out ('Abandon', with its date): 17 %.
        kind: "abandon",
        title: "Taux d'abandon",
        year: 2024,
        period: "Sessions terminées en 2024",
        rate: 17,
        detail: "1 abandon sur 6 stagiaires",
      },
      {
        kind: "success",
        title: "Taux de réussite",
        year: 2024,
        period: "Sessions terminées en 2024",
        rate: 40,
        detail: "2 certifié·es sur 5 présenté·es",
      },
      {
        kind: "insertion",
        title: "Taux d'insertion à 3 mois",
        year: 2024,
        period: "Sessions terminées en 2024, situation 3 mois après",
        rate: null,
        detail:
          "Résultats 2024\u00a0: pas encore assez de réponses pour publier un taux (3 sur 5 nécessaires).",
      },
    ]);
    // 2025: 3 learners, below the minimum of 5: the sentence for both, no rate.
    const tooFew =
      "Résultats 2025\u00a0: pas encore assez de stagiaires pour publier un taux (3 sur 5 nécessaires).";
    expect(y2025?.indicators).toEqual([
      expect.objectContaining({ kind: "completion", rate: null, detail: tooFew }),
      expect.objectContaining({ kind: "abandon", rate: null, detail: tooFew }),
    ]);
    // The 2022 archive stays, dated with its source; the typed 2024 rate gave way to the computed one.
    expect(published.archives).toEqual([
      { kind: "reussite", year: 2022, rate: 81, sample: 16, source: "enquête interne" },
      { kind: "abandon", year: 2022, rate: 10, sample: 20, source: "registre des présences" },
    ]);
    expect(indicatorLines(published)).toContain(
      `10${NARROW}% — Taux d'abandon — Archive 2022, source\u00a0: registre des présences (20 stagiaires)`,
    );
    expect(indicatorLines(published)).toContain(
      `17${NARROW}% — Taux d'abandon, sessions terminées en 2024 (1 abandon sur 6 stagiaires)`,
    );
    expect(indicatorLines(published)).toContain(
      `81${NARROW}% — Taux de réussite — Archive 2022, source\u00a0: enquête interne (16 candidats)`,
    );
    expect(indicatorLines(published)).toContain(
      `80${NARROW}% — Taux de satisfaction, sessions terminées en 2024 (5 réponses sur 6 stagiaires)`,
    );
  });

  it("the course page, its JSON-LD and Statistiques show the same figures, and follow the minimum set in Paramètres", async () => {
    const f = await seeded();
    const page = await coursePage(f.slug);
    const html = String(page.results);
    expect(html).toContain("Résultats 2024");
    expect(html).toContain("Taux de satisfaction");
    expect(html).toContain(`80${NARROW}%`);
    expect(html).toContain("5 réponses sur 6 stagiaires");
    expect(htmlText(html)).toContain("Taux d'abandon");
    expect(html).toContain(`17${NARROW}%`);
    expect(html).toContain("1 abandon sur 6 stagiaires");
    expect(html).toContain(
      "Résultats 2025\u00a0: pas encore assez de stagiaires pour publier un taux (3 sur 5 nécessaires).",
    );
    expect(html).toContain("Archive 2022, source\u00a0: enquête interne");
    expect(html).not.toContain("99");
    expect(page.resultsLd).toEqual({
      additionalProperty: expect.arrayContaining([
        expect.objectContaining({ name: "Taux de satisfaction 2024", value: 80, unitText: "%" }),
        expect.objectContaining({
          name: "Taux d'abandon 2024",
          value: 17,
          description: "Sessions terminées en 2024\u00a0: 1 abandon sur 6 stagiaires",
        }),
        expect.objectContaining({
          name: "Taux de réussite 2022",
          value: 81,
          description: "Archive 2022, source\u00a0: enquête interne",
        }),
      ]),
    });
    const stats = await bodyOf(
      await statisticsRoute.loader(routeArgs(t, getRequest("/admin/statistiques", admin.cookie))),
    );
    const mine = (stats.results as { id: string; indicators: unknown }[]).find((r) => r.id === f.id);
    const row = await t.app.db.select().from(formations).where(eq(formations.id, f.id));
    expect(mine?.indicators).toEqual(await formationIndicators(t.app.db, row[0] as (typeof row)[number]));
    // The programme PDF prints the drop-out rate among the others.
    const pdf = (await programmePdf.loader(
      routeArgs(t, getRequest(`/formation/${f.slug}/programme.pdf`), { slug: f.slug }),
    )) as Response;
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
      mergePages: true,
    });
    const flat = text.replace(/[\s\u00a0\u202f]+/g, " ");
    expect(flat).toContain("Taux d'abandon, sessions terminées en 2024 (1 abandon sur 6 stagiaires)");
    // Its CSV holds the same table: every indicator with its basis, then the archives.
    const csv = (await csvRoute.loader(
      routeArgs(t, getRequest("/admin/statistiques/resultats-publies.csv", admin.cookie), {
        graphique: "resultats-publies",
      }),
    )) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="statistiques-resultats-publies-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Formation;Année;Indicateur;Taux;Échantillon");
    const title = "Formation des indicateurs";
    for (const line of [
      `${title};2024;Taux de satisfaction;80${NARROW}%;5 réponses sur 6 stagiaires`,
      `${title};2024;Taux d'achèvement;67${NARROW}%;4 stagiaires sur 6, abandons compris`,
      `${title};2024;Taux d'abandon;17${NARROW}%;1 abandon sur 6 stagiaires`,
      `${title};2025;Taux d'abandon;—;Résultats 2025\u00a0: pas encore assez de stagiaires pour publier un taux (3 sur 5 nécessaires).`,
      `${title};2024;Taux de réussite;40${NARROW}%;2 certifié·es sur 5 présenté·es`,
      `${title};2024;Taux d'insertion à 3 mois;—;Résultats 2024\u00a0: pas encore assez de réponses pour publier un taux (3 sur 5 nécessaires).`,
      `${title};2022;Archive;81${NARROW}%;81${NARROW}% — Taux de réussite — Archive 2022, source\u00a0: enquête interne (16 candidats)`,
    ]) {
      expect(lines).toContain(line);
    }

    // Paramètres: 3 answers are enough now; the 2025 completion and the 2024 employment are published.
    expect(statusOf(await saveSettings({ minResultAnswers: "3" }))).toBe(200);
    const after = String((await coursePage(f.slug)).results);
    expect(after).toContain(`100${NARROW}%`);
    expect(after).toContain("2 personnes en emploi sur 3 réponses");
    expect(after).toContain("0 abandon sur 3 stagiaires");
    expect(after).not.toContain("pas encore assez");
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.entity, "centre_settings"));
    expect(entry?.details).toMatchObject({
      changes: expect.arrayContaining([{ field: "minResultAnswers", from: "5", to: "3" }]),
    });
  });

  it("a learner marked 'Terminé·e' in the console changes the course page's completion rate, and open pages hear of it", async () => {
    const f = await seeded();
    await saveSettings({ minResultAnswers: "5" });
    const heard: string[] = [];
    const stop = t.app.events.subscribe((event) => heard.push(`${event.table}:${event.op}`));
    try {
      // The 2024 learner still 'En formation' finishes: 5 of 6.
      const [late] = await rows<{ id: string; first_name: string; last_name: string; email: string }>(
        `select l.id, l.first_name, l.last_name, l.email from learners l join formation_sessions s on s.id = l.session_id
          where s.formation_id = $1 and l.status = 'in_training' and s.end_date = '2024-06-30'`,
        [f.id],
      );
      if (!late) throw new Error("learner missing");
      const result = await learnersRoute.action(
        routeArgs(
          t,
          formRequest(
            "/admin/stagiaires",
            {
              intent: "update",
              id: late.id,
              firstName: late.first_name,
              lastName: late.last_name,
              email: late.email,
              status: "completed",
              certification: "presented",
            },
            admin.cookie,
          ),
        ),
      );
      expect(await bodyOf(result)).toMatchObject({ ok: true });
      expect(heard).toContain("formations:update");
      expect(String((await coursePage(f.slug)).results)).toContain("5 stagiaires sur 6, abandons compris");
    } finally {
      stop();
    }
  });

  it("counts an à-froid answer towards 'insertion à 3 mois' only from 3 calendar months after the session's end, Paris dates", async () => {
    const f = await certifyingFormation();
    // Ended Thursday 15 February 2024: 3 calendar months later is Wednesday 15 May 2024 (90 days).
    const ended = await session(f.id, "2024-02-15");
    const place = { formationId: f.id, sessionId: ended.id };
    const employed = "En emploi (CDI, CDD, intérim)";
    const answers: [string, Date][] = [
      // 7 weeks after (4 April): too early, not counted.
      ["7 semaines", new Date("2024-04-04T10:00:00Z")],
      // 13 weeks after (16 May): counted.
      ["13 semaines", new Date("2024-05-16T10:00:00Z")],
      // 14 May, 23:30 in Paris (21:30 UTC): the day before, not counted.
      ["veille", new Date("2024-05-14T21:30:00Z")],
      // 15 May, 00:30 in Paris (14 May, 22:30 UTC): the day itself, counted.
      ["jour même", new Date("2024-05-14T22:30:00Z")],
    ];
    for (const [, at] of answers) {
      await surveyed(place, (await learner(ended.id, "completed")).id, "a_froid", employed, at);
    }
    const [year] = (await indicatorCounts(t.app.db, { formationId: f.id })).get(f.id) ?? [];
    expect(year).toMatchObject({ year: 2024, coldAsked: 4, employed: 2, situationAnswered: 2 });
    await saveSettings({ minResultAnswers: "2" });
    const html = String((await coursePage(f.slug)).results);
    expect(html).toContain("2 personnes en emploi sur 2 réponses");
    await saveSettings({ minResultAnswers: "5" });
  });

  it("the insertion rate's archive, its computed figure, the programme PDF and Statistiques say one period", async () => {
    const f = await certifyingFormation();
    await rows("update formations set results = results || $2::jsonb where id = $1", [
      f.id,
      JSON.stringify([{ kind: "insertion", year: 2022, rate: 70, sample: 20, source: "enquête interne" }]),
    ]);
    const ended = await session(f.id, "2024-02-15");
    const place = { formationId: f.id, sessionId: ended.id };
    for (let i = 0; i < 5; i++) {
      const person = await learner(ended.id, "completed");
      await surveyed(
        place,
        person.id,
        "a_froid",
        "En emploi (CDI, CDD, intérim)",
        new Date("2024-06-01T10:00:00Z"),
      );
    }
    await saveSettings({ minResultAnswers: "5" });
    /** Every 'N mois' a text says: one period, INSERTION_MONTHS, and at least `least` of them. */
    const periods = (text: string, least: number) => {
      const found = [...text.replace(/[\s\u00a0\u202f]+/g, " ").matchAll(/(\d+) mois/g)].map((m) => m[1]);
      expect(found.length, text).toBeGreaterThanOrEqual(least);
      expect(new Set(found), text).toEqual(new Set([String(INSERTION_MONTHS)]));
    };
    const title = `Taux d'insertion à ${INSERTION_MONTHS} mois`;

    const page = await coursePage(f.slug);
    const html = htmlText(String(page.results)).replace(/ +/g, " ");
    // The computed 2024 figure (title, period) and the 2022 archive.
    expect(html).toContain(`${title} 100${NARROW}%`);
    expect(html).toContain(`70${NARROW}% — ${title} — Archive 2022`);
    periods(html, 3);
    periods(JSON.stringify(page.resultsLd), 2);

    const pdf = (await programmePdf.loader(
      routeArgs(t, getRequest(`/formation/${f.slug}/programme.pdf`), { slug: f.slug }),
    )) as Response;
    expect(pdf.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
      mergePages: true,
    });
    periods(text, 3);

    const csv = (await csvRoute.loader(
      routeArgs(t, getRequest("/admin/statistiques/resultats-publies.csv", admin.cookie), {
        graphique: "resultats-publies",
      }),
    )) as Response;
    // Its insertion rows, this formation's and the demo's archives.
    const insertionLines = (await csv.text()).split("\r\n").filter((line) => line.includes("insertion"));
    periods(insertionLines.join("\n"), 2);
  });

  it("refuses a minimum that is not a whole number from 1 to 1 000, in French, and keeps the stored one", async () => {
    const stored = async () => (await t.app.db.select().from(centreSettings))[0]?.minResultAnswers;
    const before = await stored();
    for (const bad of ["0", "abc", "2,5", "1001", ""]) {
      const result = await saveSettings({ minResultAnswers: bad });
      expect(statusOf(result)).toBe(400);
      expect(await bodyOf(result)).toMatchObject({
        errors: {
          minResultAnswers:
            bad === "" ? "Ce champ est obligatoire" : "Indiquez un nombre entier de 1 à 1 000",
        },
      });
    }
    expect(await stored()).toBe(before);
  });

  it("the home page's figures come from the computed rates, the archives filling the kinds without any", async () => {
    await seeded();
    await saveSettings({ minResultAnswers: "5" });
    const data = await bodyOf(await home.loader(routeArgs(t, getRequest("/"))));
    const figures = data.figures as { kind: string; year: number; rate: number; sample: number }[];
    // Satisfaction: the demo's formations have no answers; the 2024 answers of the formations seeded
    // by this file's tests (5 each, 4 satisfied) are the centre's, and likewise for success (2 of 5).
    const satisfaction = figures.find((x) => x.kind === "satisfaction");
    expect(satisfaction).toMatchObject({ kind: "satisfaction", year: 2024, rate: 80 });
    expect((satisfaction?.sample ?? 0) % 5).toBe(0);
    expect(figures.find((x) => x.kind === "reussite")).toMatchObject({ year: 2024, rate: 40 });
    // Recommendation is never computed: the demo's archives.
    expect(figures.find((x) => x.kind === "recommandation")).toBeDefined();
  });

  it("staff may type only an archive: a past year with its source", async () => {
    const [row] = await t.app.db.select().from(formations).where(eq(formations.slug, "bac-pro-logistique"));
    if (!row) throw new Error("seed formation missing");
    const thisYear = Number(
      new Intl.DateTimeFormat("en", { year: "numeric", timeZone: "Europe/Paris" }).format(new Date()),
    );
    const save = async (results: unknown[]) =>
      bodyOf(
        await formationsRoute.action(
          routeArgs(
            t,
            formRequest(
              "/admin/formations",
              {
                intent: "update",
                id: row.id,
                title: row.title,
                slug: row.slug,
                formationType: row.formationType,
                description: row.description,
                duration: row.duration,
                entryLevel: row.entryLevel ?? "",
                pricing: row.pricing ?? "",
                price: String(row.price),
                active: "true",
                results: JSON.stringify(results),
              },
              admin.cookie,
            ),
          ),
        ),
      );
    const archive = { kind: "satisfaction", year: thisYear - 2, rate: 90, sample: 20 };
    expect(await save([{ ...archive, year: thisYear, source: "enquête interne" }])).toMatchObject({
      ok: false,
      errors: { results: expect.stringContaining("Une archive porte sur une année passée") },
    });
    expect(await save([archive])).toMatchObject({
      ok: false,
      errors: { results: "Indiquez la source de ce résultat (par exemple : enquête interne)" },
    });
    expect(await save([{ ...archive, source: "enquête interne" }])).toMatchObject({ ok: true });
    // A published formation's edit is a draft until 'Publier'.
    await publishDraft(t, admin.cookie, "formation", row.id);
    const [saved] = await t.app.db.select().from(formations).where(eq(formations.id, row.id));
    expect(saved?.results).toEqual([{ ...archive, source: "enquête interne" }]);
  });

  it("the migration keeps typed rates of past years as archives with a source and drops this year's", async () => {
    const thisYear = Number(
      new Intl.DateTimeFormat("en", { year: "numeric", timeZone: "Europe/Paris" }).format(new Date()),
    );
    const f = await certifyingFormation();
    await rows("update formations set results = $2::jsonb where id = $1", [
      f.id,
      JSON.stringify([
        { kind: "reussite", year: thisYear - 1, rate: 88, sample: 24 },
        { kind: "satisfaction", year: thisYear, rate: 95, sample: 30 },
      ]),
    ]);
    const file = readFileSync("drizzle/0025_result_archives.sql", "utf8");
    const update = file.slice(file.indexOf("UPDATE"));
    await t.app.db.execute(sql.raw(update));
    const [after] = await t.app.db.select().from(formations).where(eq(formations.id, f.id));
    expect(after?.results).toEqual([
      {
        kind: "reussite",
        year: thisYear - 1,
        rate: 88,
        sample: 24,
        source: "saisie dans la console avant le calcul automatique",
      },
    ]);
  });

  it("an insertion rate archived under '6 mois' keeps its 6 after the period became 3 (migration insertion_period), and says it", async () => {
    const f = await certifyingFormation();
    const old = { kind: "insertion", year: 2021, rate: 72, sample: 18, source: "enquête interne" };
    const success = { kind: "reussite", year: 2021, rate: 90, sample: 20, source: "certificateur" };
    await rows("update formations set results = $2::jsonb where id = $1", [
      f.id,
      JSON.stringify([success, old]),
    ]);
    const file = readFileSync("drizzle/0047_insertion_period.sql", "utf8");
    await t.app.db.execute(sql.raw(file.slice(file.indexOf('UPDATE "formations"'))));
    const [after] = await t.app.db.select().from(formations).where(eq(formations.id, f.id));
    expect(after?.results).toEqual([success, { ...old, months: 6 }]);
    // Run again (an archive typed since keeps its own period): nothing changes.
    await t.app.db.execute(sql.raw(file.slice(file.indexOf('UPDATE "formations"'))));
    const [again] = await t.app.db.select().from(formations).where(eq(formations.id, f.id));
    expect(again?.results).toEqual(after?.results);
    expect(after?.results.map(archiveLine)).toContain(
      "72\u202f% — Taux d'insertion à 6 mois — Archive 2021, source\u00a0: enquête interne (18 sortants)",
    );
  });
});
