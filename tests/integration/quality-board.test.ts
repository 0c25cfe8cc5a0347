// Qualiopi: the board computes each indicator's state from the centre's records. An empty centre has
// everything to complete, each with its sentence and where to fix it; scoped indicators apply only
// when the centre's answers (or Paramètres' apprenticeship category, or the catalogue) say so; once the
// records hold the evidence, each rule turns 'Prouvé', and those the product cannot evidence stay
// 'À compléter' with the document to keep outside the tool. The registers (improvements, watch,
// disability partners) validate on the server in French, write the Journal, and refuse anonymous and
// role-less visitors on every loader and action.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles } from "~/features/articles/schema.server";
import { auditLog } from "~/features/audit/schema.server";
import { formations } from "~/features/catalogue/schema.server";
import { complaints } from "~/features/complaints/schema.server";
import { learnerDocuments } from "~/features/documents/schema.server";
import { learners } from "~/features/learners/schema.server";
import { positionings } from "~/features/positioning/schema.server";
import { ANSWER_ERRORS } from "~/features/quality/answers";
import { IMPROVEMENT_ERRORS, PARTNER_ERRORS, WATCH_ERRORS } from "~/features/quality/registers";
import type { IndicatorRow } from "~/features/quality/rules";
import { improvementActions } from "~/features/quality/schema.server";
import { centreSettings } from "~/features/settings/schema.server";
import { surveyQuestionnaires } from "~/features/surveys/schema.server";
import { trainerDocuments } from "~/features/trainers/schema.server";
import { addDays, parisToday } from "~/platform/dates";
import * as complaintRoute from "~/routes/admin/complaint";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as boardRoute from "~/routes/admin/quality";
import * as improvementsRoute from "~/routes/admin/quality-improvements";
import * as exportRoute from "~/routes/admin/quality-improvements-export";
import * as partnersRoute from "~/routes/admin/quality-partners";
import * as watchRoute from "~/routes/admin/quality-watch";
import { DRIVER } from "../support/db";
import {
  makeApplication,
  makeAttendanceEntry,
  makeFormation,
  makeLearner,
  makeSession,
  makeSlot,
  makeSurveyInvitation,
  makeTrainer,
  uniqueTag,
} from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

const today = parisToday();
const day = (offset: number) => addDays(today, offset);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

type Module = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

async function call(
  route: Module,
  kind: "loader" | "action",
  path: string,
  cookie: string | undefined,
  fields?: Record<string, string>,
  params: Record<string, string> = {},
) {
  const request = fields ? formRequest(path, fields, cookie) : getRequest(path, cookie);
  const run = route[kind] as (args: unknown) => unknown;
  const result = await Promise.resolve()
    .then(() => run(routeArgs(t, request, params)))
    .catch((thrown: unknown) => thrown);
  return { status: statusOf(result), result };
}

const load = async (
  route: Module,
  path: string,
  cookie = admin.cookie,
  params: Record<string, string> = {},
) => bodyOf((await call(route, "loader", path, cookie, undefined, params)).result);

async function post(route: Module, path: string, fields: Record<string, string>, cookie = admin.cookie) {
  const { status, result } = await call(route, "action", path, cookie, fields);
  return { status, body: await bodyOf(result).catch((): Record<string, unknown> => ({})), result };
}

async function board() {
  const { board } = (await load(boardRoute, "/admin/qualiopi")) as {
    board: { rows: IndicatorRow[]; proven: number; applicable: number };
  };
  const row = (n: number) => {
    const found = board.rows.find((r) => r.number === n);
    if (!found) throw new Error(`indicator ${n} not on the board`);
    return found;
  };
  return { ...board, row, state: (n: number) => row(n).state };
}

const ANSWERS = {
  intent: "answers",
  certifying: "derive",
  satisfactionThreshold: "80",
  complaintDelayDays: "30",
};

/** A complaint as the public form leaves it (its reference made unique). */
const AUTHOR = {
  get reference() {
    return `R-${uniqueTag()}`;
  },
  authorType: "learner",
  category: "pedagogie",
  firstName: "Léa",
  lastName: "Martin",
  email: "lea@example.test",
  description: "La salle a changé sans prévenir.",
};

/** Indicators the product cannot evidence: never 'Prouvé', whatever the records. */
const KEPT_OUTSIDE = [13, 14, 15, 17, 20, 22, 27, 28, 29];

describe(`Qualiopi board on ${DRIVER}`, () => {
  it("refuses anonymous and role-less visitors on every loader and action of the board and its registers", async () => {
    const screens: [Module, string, Record<string, string>][] = [
      [boardRoute, "/admin/qualiopi", ANSWERS],
      [improvementsRoute, "/admin/qualiopi/ameliorations", { intent: "create", title: "x" }],
      [improvementsRoute, "/admin/qualiopi/ameliorations", { intent: "propose", origin: "team" }],
      [watchRoute, "/admin/qualiopi/veille", { intent: "create" }],
      [partnersRoute, "/admin/qualiopi/partenaires-handicap", { intent: "create" }],
      [exportRoute, "/admin/qualiopi/ameliorations.csv", {}],
    ];
    for (const [route, path, fields] of screens) {
      expect((await call(route, "loader", path, undefined)).status, `${path} anonymous`).toBe(302);
      expect((await call(route, "loader", path, roleless.cookie)).status, `${path} sans rôle`).toBe(403);
      if (!route.action) continue;
      expect((await call(route, "action", path, undefined, fields)).status, `${path} anonymous`).toBe(302);
      expect((await call(route, "action", path, roleless.cookie, fields)).status, `${path} sans rôle`).toBe(
        403,
      );
    }
    expect(await t.app.db.select().from(improvementActions)).toEqual([]);
  });

  it("an empty centre: every indicator that applies is 'À compléter' with one sentence and a link; scoped ones do not apply", async () => {
    // The demonstration catalogue is unpublished: nothing on the site yet.
    await t.app.db.update(formations).set({ active: false });
    await t.app.db.update(articles).set({ published: false });
    await t.app.db
      .update(centreSettings)
      .set({ qualiopiCategories: ["Actions de formation"], referentName: "" });
    const b = await board();
    expect(b.rows).toHaveLength(32);
    for (const n of [3, 7, 13, 14, 15, 16, 20, 27, 28, 29])
      expect(b.state(n), `indicator ${n}`).toBe("not_applicable");
    // 31: the register is kept and no complaint waits past the delay.
    expect(b.state(31)).toBe("proven");
    for (const r of b.rows.filter((r) => r.state === "incomplete")) {
      expect(r.missing, `indicator ${r.number}`).toMatch(/\.$/);
      expect(r.fix?.href, `indicator ${r.number}`).toMatch(/^\/admin\//);
    }
    expect(b.rows.filter((r) => r.state === "proven").map((r) => r.number)).toEqual([31]);
    expect(b.applicable).toBe(22);
    expect(b.row(23).missing).toBe(
      "Aucune veille légale et réglementaire notée depuis 12\u00a0mois\u00a0: ajoutez-en une au registre de veille.",
    );
    expect(b.row(22).missing).toContain("à tenir hors de l'outil");
    // The dashboard says as much, linking to the board.
    expect(await load(dashboardRoute, "/admin", moderator.cookie)).toMatchObject({
      quality: { proven: 1, applicable: 22 },
    });
  });

  it("the centre's answers make the scoped indicators apply, checked in French and audited", async () => {
    const refused = await post(boardRoute, "/admin/qualiopi", {
      ...ANSWERS,
      certifying: "peut-être",
      satisfactionThreshold: "120",
      complaintDelayDays: "zéro",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      certifying: ANSWER_ERRORS.certifying,
      satisfactionThreshold: ANSWER_ERRORS.threshold,
      complaintDelayDays: ANSWER_ERRORS.delay,
    });
    const saved = await post(
      boardRoute,
      "/admin/qualiopi",
      { ...ANSWERS, certifying: "yes", alternance: "on", subcontracting: "on" },
      moderator.cookie,
    );
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    await t.app.db
      .update(centreSettings)
      .set({ qualiopiCategories: ["Actions de formation", "Actions de formation par apprentissage"] });
    const b = await board();
    expect(b.rows.filter((r) => r.state === "not_applicable")).toEqual([]);
    for (const n of KEPT_OUTSIDE) expect(b.state(n), `indicator ${n}`).toBe("incomplete");
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "quality_settings"), eq(auditLog.actorEmail, moderator.email)));
    expect(JSON.stringify(entry?.details)).toContain("certifying");
  });

  it("the registers check their fields on the server with French messages, nothing saved", async () => {
    const watch = await post(watchRoute, "/admin/qualiopi/veille", {
      intent: "create",
      seenOn: "31/02/2026",
      kind: "astrologie",
      source: " ",
      summary: "",
    });
    expect(watch.status).toBe(400);
    expect(watch.body.errors).toEqual({
      seenOn: WATCH_ERRORS.seenOn,
      kind: WATCH_ERRORS.kind,
      source: WATCH_ERRORS.source,
      summary: WATCH_ERRORS.summary,
    });
    const partner = await post(partnersRoute, "/admin/qualiopi/partenaires-handicap", {
      intent: "create",
      name: "",
      kind: "",
    });
    expect(partner.body.errors).toEqual({ name: PARTNER_ERRORS.name, kind: PARTNER_ERRORS.kind });
    const improvement = await post(improvementsRoute, "/admin/qualiopi/ameliorations", {
      intent: "create",
      origin: "team",
      title: "",
      state: "finie",
      ownerId: "quelqu-un",
      dueOn: "demain",
    });
    expect(improvement.body.errors).toEqual({
      title: IMPROVEMENT_ERRORS.title,
      state: IMPROVEMENT_ERRORS.state,
      dueOn: IMPROVEMENT_ERRORS.dueOn,
    });
    // An owner who is not one of the staff is refused beside the field, not by a 500.
    const stranger = await post(improvementsRoute, "/admin/qualiopi/ameliorations", {
      intent: "create",
      origin: "team",
      title: "Revoir l'accueil",
      state: "proposed",
      ownerId: "quelqu-un",
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors).toEqual({ ownerId: IMPROVEMENT_ERRORS.owner });
    expect(await t.app.db.select().from(improvementActions)).toEqual([]);
  });

  it("each rule turns 'Prouvé' once the records hold its evidence", async () => {
    const { db } = t.app;
    await db.update(centreSettings).set({ referentName: "Camille Référente" });
    // 1, 3, 5, 6, 7: a published certifying formation with a complete record; 2: an archived result.
    const formation = await makeFormation(db, {
      objectives: ["Souder en sécurité"],
      prerequisites: "Aucun",
      duration: "35 heures",
      accessArrangements: "Entretien",
      accessDelay: "15 jours",
      pricing: "payant",
      price: 1600,
      contactEmail: "contact@example.test",
      teachingMethods: "Ateliers",
      assessmentMethods: "Mise en situation",
      accessibility: "Locaux accessibles",
      program: [{ title: "Module 1", duration: "7h", content: "Sécurité" }],
      certifying: true,
      rncpCode: "RNCP12345",
      certifier: "Ministère du Travail",
      certificationRegisteredOn: "2024-01-01",
      skillBlocks: ["Bloc 1"],
      equivalences: "Aucune",
      furtherPaths: "BTS",
      careerOpportunities: ["Soudeur"],
      results: [{ kind: "satisfaction", year: 2024, rate: 90, sample: 12, source: "enquête interne" }],
    });
    // 9, 10, 11, 12, 16, 18: a session started 30 days ago and ended 10 days ago.
    const session = await makeSession(db, {
      formationId: formation.id,
      startDate: day(-30),
      endDate: day(-10),
    });
    const learner = await makeLearner(db, {
      sessionId: session.id,
      certification: "certified",
      status: "completed",
    });
    const document = (kind: "convocation" | "attestation", sentAt: Date) =>
      db.insert(learnerDocuments).values({
        learnerId: learner.id,
        sessionId: session.id,
        kind,
        fileName: `${kind}.pdf`,
        pdf: new Uint8Array([37, 80, 68, 70]),
        contentHash: uniqueTag(),
        requestKey: uniqueTag(),
        sentAt,
        sentTo: learner.email,
      });
    await document("convocation", daysAgo(40));
    await document("attestation", daysAgo(9));
    const trainer = await makeTrainer(db);
    const slot = await makeSlot(db, { sessionId: session.id, day: day(-29), trainerId: trainer.id });
    await makeAttendanceEntry(db, { slotId: slot.id, learnerId: learner.id, status: "present" });
    // 4: the learner's application with its situation and motivation; 8: their positioning answered.
    const application = await makeApplication(db, { sessionId: session.id, motivation: "Devenir soudeuse" });
    await db.update(learners).set({ applicationId: application.id }).where(eq(learners.id, learner.id));
    await db
      .insert(positionings)
      .values({ learnerId: learner.id, sentAt: daysAgo(45), answeredAt: daysAgo(44), answers: [] });
    // 19: a published article.
    await db
      .insert(articles)
      .values({ title: "Guide", slug: `guide-${uniqueTag()}`, content: "x", published: true });
    // 21: the trainer's CV and a diploma still valid.
    for (const kind of ["cv", "diplome"] as const) {
      await db.insert(trainerDocuments).values({
        trainerId: trainer.id,
        kind,
        label: kind,
        fileName: `${kind}.pdf`,
        mimeType: "application/pdf",
        size: 4,
        content: new Uint8Array([37, 80, 68, 70]),
        expiresOn: kind === "diplome" ? null : day(100),
      });
    }
    // 23, 24, 25: one watch of each kind, through the register.
    for (const kind of ["legal", "jobs", "pedagogy"]) {
      const saved = await post(
        watchRoute,
        "/admin/qualiopi/veille",
        { intent: "create", seenOn: day(-5), kind, source: "Centre Inffo", summary: "Réforme", impact: "" },
        moderator.cookie,
      );
      expect(saved.body).toMatchObject({ ok: true });
    }
    // 26: a partner (the referent is named above).
    expect(
      (
        await post(partnersRoute, "/admin/qualiopi/partenaires-handicap", {
          intent: "create",
          name: "Cap emploi 69",
          kind: "cap_emploi",
          contact: "04 00 00 00 00",
          purpose: "Aménagements",
        })
      ).body,
    ).toMatchObject({ ok: true });
    // 30: a learner answered; the other audiences are counted by the surveys' feature.
    const [questionnaire] = await db
      .select()
      .from(surveyQuestionnaires)
      .where(eq(surveyQuestionnaires.kind, "a_chaud"));
    await makeSurveyInvitation(db, {
      questionnaireId: questionnaire?.id ?? "",
      wave: "a_chaud",
      learnerId: learner.id,
      sessionId: session.id,
      answeredAt: new Date(),
    });

    const b = await board();
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 18, 19, 21, 23, 24, 25, 26, 31]) {
      expect(b.state(n), `indicator ${n}: ${b.row(n).missing}`).toBe("proven");
    }
    for (const n of KEPT_OUTSIDE) expect(b.state(n), `indicator ${n}`).toBe("incomplete");
    expect(b.row(30)).toMatchObject({
      state: "incomplete",
      missing:
        "Interrogez aussi les employeurs, les formateurs ou les financeurs\u00a0: aucune réponse de leur part en 12\u00a0mois.",
    });
    expect(b.row(1).evidence[0]).toMatchObject({ href: "/admin/formations" });
    expect(b.row(23).evidence[0]?.text).toMatch(
      /^1 entrée de veille légale et réglementaire en 12\u00a0mois/,
    );

    // Each proven rule turns back when its evidence goes: a session's learner without convocation,
    // an expired diploma, a slot without its trainer.
    const other = await makeLearner(db, { sessionId: session.id });
    await db
      .update(trainerDocuments)
      .set({ expiresOn: day(-1) })
      .where(eq(trainerDocuments.kind, "diplome"));
    await makeSlot(db, { sessionId: session.id, day: day(-28) });
    const after = await board();
    expect(after.row(9)).toMatchObject({
      state: "incomplete",
      missing: "1 stagiaire sans convocation envoyée avant le début\u00a0: envoyez-les depuis Stagiaires.",
    });
    expect(after.state(11)).toBe("incomplete");
    expect(after.row(21)).toMatchObject({ state: "incomplete", fix: { href: "/admin/formateurs" } });
    expect(after.state(18)).toBe("incomplete");
    expect(after.state(10)).toBe("incomplete");
    // 4 and 8: the new learner has neither application nor positioning.
    expect(after.row(8)).toMatchObject({ state: "incomplete", fix: { href: "/admin/stagiaires" } });
    expect(after.state(4)).toBe("incomplete");
    expect(other.id).toBeTruthy();
  });

  it("31: a complaint left without answer past the centre's delay is to complete", async () => {
    await t.app.db.insert(complaints).values({
      ...AUTHOR,
      createdAt: daysAgo(40),
    });
    const b = await board();
    expect(b.row(31)).toMatchObject({
      state: "incomplete",
      missing:
        "1 réclamation sans réponse dans le délai de 30\u00a0jours que le centre s'est fixé\u00a0: traitez-les.",
      fix: { href: "/admin/reclamations" },
    });
    // A longer delay, set by the centre, covers it.
    await post(boardRoute, "/admin/qualiopi", { ...ANSWERS, certifying: "yes", complaintDelayDays: "60" });
    expect((await board()).state(31)).toBe("proven");
  });

  it("32: an action proposed in one click from a complaint, done with its result, proves the indicator; CSV export", async () => {
    expect((await board()).state(32)).toBe("incomplete");
    const [complaint] = await t.app.db
      .insert(complaints)
      .values({ ...AUTHOR })
      .returning();
    const id = complaint?.id ?? "";
    const proposed = await post(
      improvementsRoute,
      "/admin/qualiopi/ameliorations",
      { intent: "propose", origin: "complaint", complaintId: id },
      moderator.cookie,
    );
    expect(proposed.status).toBe(302);
    const [action] = await t.app.db
      .select()
      .from(improvementActions)
      .where(eq(improvementActions.complaintId, id));
    expect({ ...action }).toMatchObject({
      origin: "complaint",
      state: "proposed",
      title: `Suite à la réclamation ${complaint?.reference}`,
      ownerId: moderator.userId,
    });
    expect((proposed.result as Response).headers.get("Location")).toBe(
      `/admin/qualiopi/ameliorations?action=${action?.id}`,
    );
    // The complaint's page lists it.
    const page = await load(complaintRoute, `/admin/reclamations/${id}`, moderator.cookie, { id });
    expect(page.improvements).toEqual([{ id: action?.id, title: action?.title, state: "proposed" }]);
    // An unknown record proposes nothing.
    const unknown = await post(improvementsRoute, "/admin/qualiopi/ameliorations", {
      intent: "propose",
      origin: "complaint",
      complaintId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(400);

    const done = await post(improvementsRoute, "/admin/qualiopi/ameliorations", {
      intent: "update",
      id: action?.id ?? "",
      origin: "complaint",
      title: "Prévenir les stagiaires des changements de salle",
      description: "",
      ownerId: moderator.userId,
      dueOn: day(10),
      state: "done",
      result: "Plus aucune réclamation sur ce point",
    });
    expect(done.body).toMatchObject({ ok: true, toast: { title: "Action d'amélioration mise à jour" } });
    const b = await board();
    expect(b.state(32)).toBe("proven");
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "improvement_action"), eq(auditLog.action, "update")));
    expect(JSON.stringify(entry?.details)).toContain("done");

    const csv = (await call(exportRoute, "loader", "/admin/qualiopi/ameliorations.csv", moderator.cookie))
      .result as Response;
    const text = await csv.text();
    expect(text).toContain("Prévenir les stagiaires des changements de salle;");
    expect(text).toContain(`Réclamation ${complaint?.reference}`);
    expect(text).toContain("Réalisée");
  });
});
