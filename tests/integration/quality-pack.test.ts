// The Qualiopi evidence pack: prepared from the console for a period, built in the background by one
// instance only, its ZIP holding a folder per applicable indicator (the complaints register in 31, CSV and PDF, the
// attendance sheets in 12, the documents sent in 9, the trainers' register in 21, a LISEZ-MOI where
// the product generates nothing) and an index PDF naming every folder; downloaded by staff only.
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { complaints } from "~/features/complaints/schema.server";
import { learnerDocuments } from "~/features/documents/schema.server";
import { positionings } from "~/features/positioning/schema.server";
import { packFolderName, packIndicators } from "~/features/quality/pack-folders";
import {
  claimPack,
  PACK_FAILED,
  QualityPackWorker,
  sweepOrphanPacks,
} from "~/features/quality/pack-jobs.server";
import { improvementActions, qualityPacks, watchEntries } from "~/features/quality/schema.server";
import { centreSettings } from "~/features/settings/schema.server";
import { trainerDocuments } from "~/features/trainers/schema.server";
import { openPostgres } from "~/platform/db/client.server";
import { createLogger } from "~/platform/logger.server";
import { fileNamePart } from "~/platform/pdf-document.server";
import * as page from "~/routes/admin/quality-pack";
import * as zipRoute from "~/routes/admin/quality-pack-zip";
import { DRIVER } from "../support/db";
import {
  makeFormation,
  makeLearners,
  makeSession,
  makeSlots,
  makeSurveyAnswer,
  makeSurveyInvitation,
  makeTrainer,
} from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { documentFaults, pdfText, settled } from "../support/learner-documents";
import { formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";
import { readStoredZip } from "../support/zip";

const t = setUpTestApp();
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

const URL_PAGE = "/admin/qualiopi/dossier";
/** A year of its own, far from the demonstration centre's sessions. */
const PERIOD = { from: "2032-01-01", to: "2032-12-31" };

const prepare = (fields: Record<string, string>, cookie?: string) =>
  settled(() => page.action(routeArgs(t, formRequest(URL_PAGE, { intent: "prepare", ...fields }, cookie))));
const loadPage = (cookie?: string) => settled(() => page.loader(routeArgs(t, getRequest(URL_PAGE, cookie))));
const download = (id: string, cookie?: string) =>
  settled(() => zipRoute.loader(routeArgs(t, getRequest(`${URL_PAGE}/${id}.zip`, cookie), { id })));

/** A session of the period with learners, a timetable taught by a trainer, a convocation sent, a complaint. */
async function periodRecords() {
  const formation = await makeFormation(t.app.db, { title: "Gestion de paie", certifying: false });
  const session = await makeSession(t.app.db, {
    formationId: formation.id,
    startDate: "2032-03-01",
    endDate: "2032-03-02",
  });
  const [learner] = await makeLearners(t.app.db, [
    { sessionId: session.id, firstName: "Léa", lastName: "Martin" },
    { sessionId: session.id, firstName: "Yves", lastName: "Durand" },
  ]);
  // 4 and 8: Léa answered the positioning, with an adaptation need; no adaptation was needed.
  await t.app.db.insert(positionings).values({
    learnerId: learner?.id ?? "",
    sentAt: new Date("2032-02-01T09:00:00Z"),
    answeredAt: new Date("2032-02-02T09:00:00Z"),
    answers: [
      { key: "needs", question: "Besoins ?", answer: "Tenir la paie d'une PME" },
      { key: "adaptation", question: "Adaptation ?", answer: "oui" },
      { key: "adaptationDetail", question: "Laquelle ?", answer: "Trouble de l'audition" },
    ],
    noAdaptation: true,
    decidedAt: new Date("2032-02-03T09:00:00Z"),
  });
  const trainer = await makeTrainer(t.app.db, {
    firstName: "Claire",
    lastName: "Dubois",
    qualification: "Master RH",
  });
  await t.app.db.insert(trainerDocuments).values({
    trainerId: trainer.id,
    kind: "cv",
    label: "CV 2032",
    fileName: "cv-claire-dubois.pdf",
    mimeType: "application/pdf",
    size: 12,
    content: new TextEncoder().encode("%PDF-1.7 cv"),
  });
  await makeSlots(t.app.db, [
    { sessionId: session.id, day: "2032-03-01", trainerId: trainer.id, trainer: "Claire Dubois" },
    { sessionId: session.id, day: "2032-03-02", trainerId: trainer.id, trainer: "Claire Dubois" },
  ]);
  await t.app.db.insert(learnerDocuments).values({
    learnerId: learner?.id ?? "",
    sessionId: session.id,
    kind: "convocation",
    fileName: "convocation-martin-lea.pdf",
    pdf: new TextEncoder().encode("%PDF-1.7 convocation"),
    contentHash: "x",
    requestKey: "pack-test",
    sentAt: new Date("2032-02-20T10:00:00Z"),
    sentTo: "lea@example.test",
  });
  await t.app.db.insert(complaints).values({
    reference: "REC-2032-0001",
    firstName: "Marc",
    lastName: "Petit",
    email: "marc@example.test",
    authorType: "stagiaire",
    category: "organisation",
    sessionLabel: "Gestion de paie – mars 2032",
    description: "Salle trop petite",
    status: "treated",
    correctiveAction: "Salle plus grande réservée",
    handledAt: new Date("2032-03-05T09:00:00Z"),
    createdAt: new Date("2032-03-02T15:00:00Z"),
  });
  // An à-chaud answer of the session: a note to its first rating question.
  const [question] = await t.app.database.query<{ id: string; questionnaire_id: string; title: string }>(
    `select q.id, q.questionnaire_id, n.title from survey_questions q
       join survey_questionnaires n on n.id = q.questionnaire_id
      where q.type = 'rating' order by n.created_at, q.position limit 1`,
  );
  if (!question) throw new Error("no rating question in the demonstration centre");
  const invitation = await makeSurveyInvitation(t.app.db, {
    questionnaireId: question.questionnaire_id,
    wave: "a_chaud",
    sessionId: session.id,
    answeredAt: new Date("2032-03-03T10:00:00Z"),
  });
  await makeSurveyAnswer(t.app.db, { invitationId: invitation.id, questionId: question.id, value: "4" });
  // The board's registers: a legal watch of the period, an improvement action answering the complaint.
  await t.app.db.insert(watchEntries).values({
    seenOn: "2032-02-10",
    kind: "legal",
    source: "Décret sur la certification",
    summary: "Nouvelle procédure d'audit",
  });
  await t.app.db.insert(improvementActions).values({
    origin: "complaint",
    title: "Réserver des salles adaptées",
    state: "done",
    result: "Les salles conviennent désormais",
  });
  return { session, questionnaire: question.title };
}

describe(`Qualiopi evidence pack on ${DRIVER}`, () => {
  it("staff prepare a period's pack, it is built once in the background, and its ZIP holds every folder", async () => {
    // A centre certified for training actions only, whose formations of the period are not certifying:
    // only the indicators every centre answers apply.
    await t.app.db.update(centreSettings).set({ qualiopiCategories: ["Actions de formation"] });
    const { questionnaire } = await periodRecords();
    expect(statusOf(await prepare(PERIOD, moderator.cookie))).toBe(200);
    // A second click while it waits: the same pack, not a second one.
    expect(statusOf(await prepare(PERIOD, moderator.cookie))).toBe(200);
    const loaded = (await loadPage(moderator.cookie)) as Awaited<ReturnType<typeof page.loader>>;
    const asked = loaded.packs.filter((p) => p.periodFrom === PERIOD.from && p.periodTo === PERIOD.to);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ state: "queued", requestedBy: moderator.email });

    // The Journal names who asked for the pack of which period.
    const audited = await t.app.database.query<{ actor_email: string; details: { title: string } }>(
      "select actor_email, details from audit_log where entity = 'quality_pack' and action = 'create'",
    );
    expect(audited).toEqual([
      {
        actor_email: moderator.email,
        details: { title: "Dossier de preuves du 1er janvier 2032 au 31 décembre 2032" },
      },
    ]);

    expect(await t.app.qualityPacks.runOnce()).toBe(true);
    expect(await t.app.qualityPacks.runOnce()).toBe(false);
    const [done] = ((await loadPage(moderator.cookie)) as Awaited<ReturnType<typeof page.loader>>).packs;
    expect(done).toMatchObject({ state: "done", error: null });
    expect(done?.doneSteps).toBe(done?.totalSteps);

    const response = (await download(done?.id ?? "", moderator.cookie)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="dossier-qualiopi-2032-01-01-au-2032-12-31.zip"',
    );
    const zip = new Uint8Array(await response.arrayBuffer());
    expect(zip.byteLength).toBe(done?.byteSize);
    const entries = readStoredZip(zip);
    const names = entries.map((e) => e.name);
    const text = (name: string) => new TextDecoder().decode(entries.find((e) => e.name === name)?.data);

    // A folder per indicator that applies to a centre with no optional scope, and the index at the root.
    const expected = packIndicators(new Set()).map(packFolderName);
    const folders = [...new Set(names.filter((n) => n.includes("/")).map((n) => n.split("/")[0]))];
    expect(folders).toEqual(expected);
    expect(names).toContain("00 - Sommaire du dossier.pdf");

    // 31: the complaints register of the period, without the author's contact details.
    const register = text("31 - Réclamations et aléas/registre-des-reclamations.csv");
    expect(register).toContain("REC-2032-0001");
    expect(register).toContain("Salle plus grande réservée");
    expect(register).not.toContain("marc@example.test");
    // Beside it, the same register as a PDF/A to read: the complaint's subject and corrective action.
    const registerPdf = await pdfText(
      entries.find((e) => e.name === "31 - Réclamations et aléas/registre-des-reclamations.pdf")?.data ??
        new Uint8Array(),
    );
    expect(registerPdf).toContain("REC-2032-0001");
    expect(registerPdf).toContain("Organisation, planning, locaux");
    expect(registerPdf).toContain("Salle plus grande réservée");
    expect(registerPdf).not.toContain("marc@example.test");
    // 12: the session's attendance sheet; 9: the convocation sent; 21: the trainer's register and CV.
    expect(names.some((n) => /^12 - [^/]+\/2032-03-01 gestion-de-paie\/.+\.pdf$/.test(n))).toBe(true);
    expect(names).toContain(
      "09 - Conditions de déroulement/convocations/2032-03-01 gestion-de-paie/convocation-martin-lea.pdf",
    );
    expect(names).toContain("21 - Compétences des intervenants/claire-dubois/cv-claire-dubois.pdf");
    expect(text("21 - Compétences des intervenants/registre-des-formateurs.csv")).toContain("Master RH");
    // 23 and 32: the board's registers (the watch of the period, the improvement actions).
    expect(text("23 - Veille légale et réglementaire/registre-de-veille.csv")).toContain(
      "Décret sur la certification",
    );
    expect(text("32 - Mesures d'amélioration/registre-des-ameliorations.csv")).toContain(
      "Réserver des salles adaptées",
    );
    // 4 and 8: each learner's positioning, without their own words about an adaptation need.
    for (const n of ["04", "08"]) {
      const file = names.find(
        (name) => name.startsWith(`${n} - `) && name.endsWith("/positionnements-des-stagiaires.csv"),
      );
      const csv = text(file ?? "");
      expect(csv).toContain("Gestion de paie;1er mars 2032;Léa Martin;");
      expect(csv).toContain("Tenir la paie d'une PME");
      expect(csv).toContain("Aucune adaptation nécessaire");
      expect(csv).toContain("Yves Durand");
      expect(csv).not.toContain("audition");
    }
    // 1: the formation's programme; 22: nothing generated, a LISEZ-MOI says so.
    expect(
      names.some((n) => n.startsWith("01 - Information du public/programmes/") && n.endsWith(".pdf")),
    ).toBe(true);
    const readme = text("22 - Développement des compétences des salariés/LISEZ-MOI.txt");
    expect(readme).toContain("ne produit pas de document");

    // 30: the survey answers of the period and their analysis (the note's mean).
    const survey = fileNamePart(questionnaire, 60);
    expect(text(`30 - Appréciations des parties prenantes/reponses-${survey}.csv`)).toContain(
      "Gestion de paie",
    );
    expect(text(`30 - Appréciations des parties prenantes/analyse-${survey}.csv`)).toContain(
      "Moyenne sur 5;4,00",
    );

    // The index PDF names every folder, in good French typography.
    const indexBytes =
      entries.find((e) => e.name === "00 - Sommaire du dossier.pdf")?.data ?? new Uint8Array();
    expect(documentFaults(new Uint8Array(indexBytes))).toEqual([]);
    const index = await pdfText(
      entries.find((e) => e.name === "00 - Sommaire du dossier.pdf")?.data ?? new Uint8Array(),
    );
    for (const folder of expected) expect(index).toContain(folder);
  });

  it("a second instance does not build the same pack twice", async () => {
    await t.app.db.insert(qualityPacks).values({ periodFrom: "2033-01-01", periodTo: "2033-01-31" });
    const logger = createLogger({ production: true, level: "silent" });
    const other = t.database.url ? await openPostgres(t.database.url) : null;
    try {
      const second = new QualityPackWorker(
        other?.db ?? t.app.db,
        t.app.qualityPacks.folder,
        { publish: async () => {} },
        logger,
      );
      const rounds = await Promise.all([t.app.qualityPacks.runOnce(), second.runOnce()]);
      expect(rounds.filter(Boolean)).toHaveLength(1);
      const [row] = await t.app.db
        .select()
        .from(qualityPacks)
        .where(eq(qualityPacks.periodFrom, "2033-01-01"));
      expect(row).toMatchObject({ state: "done", attempts: 1 });
    } finally {
      await other?.close();
    }
  });

  it("a pack left running by a stopped instance is taken up again once its lease has run out, then given up", async () => {
    const [left] = await t.app.db
      .insert(qualityPacks)
      .values({
        periodFrom: "2034-01-01",
        periodTo: "2034-01-31",
        state: "running",
        attempts: 1,
        leaseUntil: new Date(Date.now() + 60_000),
      })
      .returning();
    // Its lease still holds: nobody takes it.
    expect(await claimPack(t.app.db)).toBeNull();
    await t.app.db
      .update(qualityPacks)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(qualityPacks.id, left?.id ?? ""));
    expect(await t.app.qualityPacks.runOnce()).toBe(true);
    const [resumed] = await t.app.db
      .select()
      .from(qualityPacks)
      .where(eq(qualityPacks.id, left?.id ?? ""));
    expect(resumed).toMatchObject({ state: "done", attempts: 2 });
    // Claimed too often already: it fails with a French message instead of being retried for ever.
    await t.app.db
      .update(qualityPacks)
      .set({ state: "running", attempts: 3, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(qualityPacks.id, left?.id ?? ""));
    expect(await claimPack(t.app.db)).toBeNull();
    const [abandoned] = await t.app.db
      .select()
      .from(qualityPacks)
      .where(eq(qualityPacks.id, left?.id ?? ""));
    expect(abandoned?.state).toBe("failed");
    expect(abandoned?.error).toMatch(/demandez le dossier à nouveau/);
  });

  it("a build that fails says why in French; deleting a pack removes its file; stray files are swept", async () => {
    const folder = path.join(t.app.config.dataDir, "qualiopi-bloque");
    await writeFile(folder, "pas un dossier");
    const blocked = new QualityPackWorker(
      t.app.db,
      folder,
      { publish: async () => {} },
      createLogger({ production: true, level: "silent" }),
    );
    const [failing] = await t.app.db
      .insert(qualityPacks)
      .values({ periodFrom: "2035-01-01", periodTo: "2035-01-31" })
      .returning();
    expect(await blocked.runOnce()).toBe(true);
    const [failed] = await t.app.db
      .select()
      .from(qualityPacks)
      .where(eq(qualityPacks.id, failing?.id ?? ""));
    expect(failed).toMatchObject({ state: "failed", error: PACK_FAILED });

    const [kept] = await t.app.db
      .insert(qualityPacks)
      .values({ periodFrom: "2036-01-01", periodTo: "2036-01-31" })
      .returning();
    await t.app.qualityPacks.runOnce();
    const id = kept?.id ?? "";
    const files = () => readdir(t.app.qualityPacks.folder);
    expect(await files()).toContain(`${id}.zip`);
    const removed = await settled(() =>
      page.action(routeArgs(t, formRequest(URL_PAGE, { intent: "delete", id }, moderator.cookie))),
    );
    expect(statusOf(removed)).toBe(200);
    expect(await files()).not.toContain(`${id}.zip`);
    expect(statusOf(await download(id, moderator.cookie))).toBe(404);

    await mkdir(t.app.qualityPacks.folder, { recursive: true });
    const stray = path.join(t.app.qualityPacks.folder, "00000000-0000-4000-8000-000000000000.zip");
    await writeFile(stray, "orphelin");
    const ready = await t.app.db
      .select({ id: qualityPacks.id })
      .from(qualityPacks)
      .where(eq(qualityPacks.state, "done"));
    expect(await sweepOrphanPacks(t.app.db, t.app.qualityPacks.folder)).toBeGreaterThanOrEqual(1);
    const left = await files();
    expect(left).not.toContain("00000000-0000-4000-8000-000000000000.zip");
    // A ready pack's file stays; only files no ready pack points to go.
    expect(left.sort()).toEqual(ready.map((r) => `${r.id}.zip`).sort());
  });

  it("a bad period is refused with a French message, nothing queued", async () => {
    const before = await t.app.db.select().from(qualityPacks);
    const refused = await prepare({ from: "2032-12-31", to: "2032-01-01" }, moderator.cookie);
    expect(statusOf(refused)).toBe(400);
    const body = (refused as { data: { errors?: Record<string, string> } }).data;
    expect(body.errors?.to).toBe("Le dernier jour doit venir après le premier");
    expect(statusOf(await prepare({ from: "pas une date", to: "" }, moderator.cookie))).toBe(400);
    expect(await t.app.db.select().from(qualityPacks)).toHaveLength(before.length);
  });

  it("an anonymous visitor is sent to sign in, a signed-in user without a role is refused: page, action, download", async () => {
    const [pack] = await t.app.db.select().from(qualityPacks).limit(1);
    const id = pack?.id ?? "00000000-0000-4000-8000-000000000000";
    for (const attempt of [loadPage(), prepare(PERIOD), download(id)]) {
      const answer = await attempt;
      expect(statusOf(answer)).toBe(302);
      expect((answer as Response).headers.get("location")).toMatch(/^\/auth/);
    }
    for (const attempt of [
      loadPage(roleless.cookie),
      prepare(PERIOD, roleless.cookie),
      download(id, roleless.cookie),
    ])
      expect(statusOf(await attempt)).toBe(403);
  });
});
