// Formateurs: the trainers register of the console. Created and edited with French messages (names
// required, one e-mail per trainer, a phone that can be dialled), made inactive rather than deleted
// once the timetable names them, each change in the Journal without a name. Their documents are
// checked by their content as every stored document is, downloaded by staff only; those expiring
// within a month show on the dashboard, and the centre is e-mailed once per document and expiry. What
// a trainer's space will read: their sessions and slots, the learners of their own sessions only.
// Moderators read the register, administrators keep it; anonymous and role-less visitors get nothing.
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/features/audit/schema.server";
import { trainerLearners, trainerSessions } from "~/features/timetable/index.server";
import { activeTrainerByEmail } from "~/features/trainers/index.server";
import { trainerDocuments, trainers } from "~/features/trainers/schema.server";
import { TRAINER_DOCUMENT_ERRORS, TRAINER_ERRORS } from "~/features/trainers/trainer-schema";
import { addDays, parisToday } from "~/platform/dates";
import { mailOutbox } from "~/platform/mail/schema.server";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as trainerRoute from "~/routes/admin/trainer";
import * as documentRoute from "~/routes/admin/trainer-document";
import * as trainersRoute from "~/routes/admin/trainers";
import { DRIVER } from "../support/db";
import {
  makeApplication,
  makeFormation,
  makeLearner,
  makeSession,
  makeSlot,
  makeTrainer,
  uniqueTag,
} from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, fileRequest, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

async function post(fields: Record<string, string>, cookie = admin.cookie) {
  const result = await Promise.resolve(
    trainersRoute.action(routeArgs(t, formRequest("/admin/formateurs", fields, cookie))),
  ).catch((thrown: unknown) => thrown);
  return { status: statusOf(result), body: await bodyOf(result).catch((): Record<string, unknown> => ({})) };
}

async function upload(
  trainerId: string,
  fields: Record<string, string>,
  file: { bytes: Uint8Array; name: string; type: string },
  cookie = admin.cookie,
) {
  const url = `/admin/formateurs/${trainerId}`;
  const result = await Promise.resolve(
    trainerRoute.action(
      routeArgs(t, fileRequest(url, { intent: "upload", trainerId, ...fields }, file, cookie), {
        id: trainerId,
      }),
    ),
  ).catch((thrown: unknown) => thrown);
  return { status: statusOf(result), body: await bodyOf(result).catch((): Record<string, unknown> => ({})) };
}

/** A trainer as the dialog posts them, with `changes` on top. */
const posted = (changes: Record<string, string> = {}) => ({
  intent: "create",
  firstName: "Marie",
  lastName: `Curie-${uniqueTag()}`,
  email: "",
  phone: "06 12 34 56 78",
  skills: "Physique, chimie",
  qualification: "Docteure en physique, 15 ans d'enseignement",
  active: "on",
  ...changes,
});

const byLastName = async (lastName: string) =>
  (await t.app.db.select().from(trainers).where(eq(trainers.lastName, lastName)))[0];

async function list(query: string, cookie = admin.cookie) {
  const page = await bodyOf(
    await trainersRoute.loader(routeArgs(t, getRequest(`/admin/formateurs${query}`, cookie))),
  );
  return (page.trainers as { lastName: string }[]).map((p) => p.lastName);
}

describe(`Formateurs on ${DRIVER}`, () => {
  it("creates a trainer with French messages for what is missing or wrong, one e-mail per trainer, audited without a name", async () => {
    const missing = await post(
      posted({ firstName: " ", lastName: "", email: "marie@", phone: "appelez-moi" }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({
      firstName: TRAINER_ERRORS.firstName,
      lastName: TRAINER_ERRORS.lastName,
      email: "Adresse e-mail invalide",
      phone: "Veuillez entrer un numéro de téléphone valide",
    });

    const fields = posted({ email: "Marie.Curie@Example.test" });
    const created = await post(fields);
    expect(created).toMatchObject({
      status: 200,
      body: { ok: true, toast: { title: "Formateur·rice ajouté·e" } },
    });
    const row = await byLastName(fields.lastName);
    expect(row).toMatchObject({
      firstName: "Marie",
      email: "marie.curie@example.test",
      phone: "06 12 34 56 78",
      qualification: "Docteure en physique, 15 ans d'enseignement",
      active: true,
    });
    // The same address, however typed, is another trainer's: refused beside the field.
    const twice = await post(posted({ email: "MARIE.curie@example.test" }));
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ email: TRAINER_ERRORS.emailTaken });
    // Without an e-mail, as many as wanted.
    expect((await post(posted())).status).toBe(200);
    expect((await post(posted())).status).toBe(200);

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "trainer"), eq(auditLog.entityId, row?.id ?? "")));
    expect(entry).toMatchObject({ action: "create", actorEmail: admin.email });
    expect(JSON.stringify(entry?.details)).not.toMatch(/Marie|Curie/);
    // Their space will find them by that address, whatever its case.
    expect((await activeTrainerByEmail(t.app.db, " MARIE.CURIE@example.test"))?.id).toBe(row?.id);
  });

  it("edits and deactivates a trainer: the list shows the active ones by default, searchable; an inactive one no longer signs in", async () => {
    const fields = posted({ email: `actif-${uniqueTag()}@example.test`, skills: "Soudure TIG" });
    await post(fields);
    const row = await byLastName(fields.lastName);
    expect(await list(`?q=${encodeURIComponent("soudure tig")}`)).toEqual([fields.lastName]);

    // The dialog's box unchecked posts nothing: the trainer is inactive.
    const { active: _active, ...unchecked } = fields;
    const edited = await post({
      ...unchecked,
      intent: "update",
      id: row?.id ?? "",
      qualification: "CAP soudure",
    });
    expect(edited.body).toMatchObject({ ok: true, toast: { title: "Formateur·rice mis·e à jour" } });
    expect(await byLastName(fields.lastName)).toMatchObject({ active: false, qualification: "CAP soudure" });
    expect(await list("?q=soudure")).toEqual([]);
    expect(await list("?q=soudure&etat=inactifs")).toEqual([fields.lastName]);
    expect(await list("?q=soudure&etat=tous")).toEqual([fields.lastName]);
    expect(await activeTrainerByEmail(t.app.db, fields.email)).toBeNull();

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "trainer"), eq(auditLog.entityId, row?.id ?? "")))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry?.details).toMatchObject({
      changes: expect.arrayContaining([
        { field: "active", from: "oui", to: "non" },
        { field: "qualification" },
      ]),
    });
  });

  it("a trainer the timetable names is not deleted (French message, make them inactive); an unused one goes with their documents", async () => {
    const used = await makeTrainer(t.app.db);
    const formation = await makeFormation(t.app.db);
    const session = await makeSession(t.app.db, { formationId: formation.id });
    await makeSlot(t.app.db, { sessionId: session.id, day: "2031-03-04", trainerId: used.id, trainer: "x" });
    const refused = await post({ intent: "delete", id: used.id });
    expect(refused.status).toBe(400);
    expect((refused.body.toast as { description: string }).description).toBe(TRAINER_ERRORS.inUse);
    expect(await byLastName(used.lastName)).toBeDefined();

    const unused = await makeTrainer(t.app.db);
    expect(
      (
        await upload(
          unused.id,
          { kind: "cv", label: "CV" },
          { bytes: PDF, name: "cv.pdf", type: "application/pdf" },
        )
      ).status,
    ).toBe(200);
    expect((await post({ intent: "delete", id: unused.id })).body).toMatchObject({ ok: true });
    expect(await byLastName(unused.lastName)).toBeUndefined();
    expect(
      await t.app.db.select().from(trainerDocuments).where(eq(trainerDocuments.trainerId, unused.id)),
    ).toEqual([]);
  });

  it("keeps a document checked by its content, downloads it to staff only, removes it; refuses in French what is not a document", async () => {
    const trainer = await makeTrainer(t.app.db);
    const noLabel = await upload(
      trainer.id,
      { kind: "diplome", label: " " },
      { bytes: PDF, name: "d.pdf", type: "application/pdf" },
    );
    expect(noLabel.status).toBe(400);
    expect(noLabel.body.errors).toEqual({ label: "Ce champ est obligatoire" });
    const badDay = await upload(
      trainer.id,
      { kind: "diplome", label: "Master", expiresOn: "31/12/2027" },
      { bytes: PDF, name: "d.pdf", type: "application/pdf" },
    );
    expect(badDay.body.errors).toEqual({ expiresOn: TRAINER_DOCUMENT_ERRORS.expiresOn });
    // A script renamed .pdf: the content decides.
    const script = await upload(
      trainer.id,
      { kind: "diplome", label: "Master" },
      {
        bytes: new TextEncoder().encode("#!/bin/sh\necho hello\n"),
        name: "master.pdf",
        type: "application/pdf",
      },
    );
    expect(script.status).toBe(400);
    expect(script.body.errors).toEqual({ file: TRAINER_DOCUMENT_ERRORS.type });
    const empty = await upload(
      trainer.id,
      { kind: "cv", label: "CV" },
      { bytes: new Uint8Array(), name: "cv.pdf", type: "application/pdf" },
    );
    expect(empty.body.errors).toEqual({ file: TRAINER_DOCUMENT_ERRORS.empty });
    const tooBig = await upload(
      trainer.id,
      { kind: "cv", label: "CV" },
      { bytes: new Uint8Array(5 * 1024 * 1024 + 1), name: "cv.pdf", type: "application/pdf" },
    );
    expect(tooBig.body.errors).toEqual({ file: "Le fichier ne doit pas dépasser 5 Mo" });
    expect(
      await t.app.db.select().from(trainerDocuments).where(eq(trainerDocuments.trainerId, trainer.id)),
    ).toEqual([]);

    // A moderator reads the register but does not keep it.
    const denied = await upload(
      trainer.id,
      { kind: "cv", label: "CV" },
      { bytes: PDF, name: "cv.pdf", type: "application/pdf" },
      moderator.cookie,
    );
    expect(denied.status).toBe(403);

    const kept = await upload(
      trainer.id,
      { kind: "diplome", label: "Master MEEF", expiresOn: "2031-06-30" },
      { bytes: PDF, name: "../master meef.PDF", type: "application/octet-stream" },
    );
    expect(kept.body).toMatchObject({ ok: true, toast: { title: "Document enregistré" } });
    const [doc] = await t.app.db
      .select()
      .from(trainerDocuments)
      .where(eq(trainerDocuments.trainerId, trainer.id));
    expect(doc).toMatchObject({
      kind: "diplome",
      label: "Master MEEF",
      fileName: "master meef.pdf",
      mimeType: "application/pdf",
      expiresOn: "2031-06-30",
      size: PDF.byteLength,
    });

    const page = await bodyOf(
      await trainerRoute.loader(
        routeArgs(t, getRequest(`/admin/formateurs/${trainer.id}`, moderator.cookie), { id: trainer.id }),
      ),
    );
    expect((page.record as { documents: { label: string }[] }).documents.map((d) => d.label)).toEqual([
      "Master MEEF",
    ]);

    const download = (cookie?: string) =>
      Promise.resolve(
        documentRoute.loader(
          routeArgs(t, getRequest(`/admin/formateurs/${trainer.id}/documents/${doc?.id}`, cookie), {
            id: trainer.id,
            documentId: doc?.id ?? "",
          }),
        ),
      ).catch((thrown: unknown) => thrown as Response);
    const file = (await download(moderator.cookie)) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    expect(((await download()) as Response).status).toBe(302);
    expect(((await download(roleless.cookie)) as Response).status).toBe(403);

    const removed = await Promise.resolve(
      trainerRoute.action(
        routeArgs(
          t,
          formRequest(
            `/admin/formateurs/${trainer.id}`,
            { intent: "delete-document", id: doc?.id ?? "" },
            admin.cookie,
          ),
          {
            id: trainer.id,
          },
        ),
      ),
    );
    expect(await bodyOf(removed)).toMatchObject({ ok: true, toast: { title: "Document supprimé" } });
    expect(((await download(admin.cookie)) as Response).status).toBe(404);
  });

  it("documents expiring within a month show on the dashboard; the centre is e-mailed once per document and expiry", async () => {
    const today = parisToday();
    const soon = await makeTrainer(t.app.db, { firstName: "Paul", lastName: `Bientôt-${uniqueTag()}` });
    const retired = await makeTrainer(t.app.db, { active: false });
    const doc = async (trainerId: string, label: string, expiresOn: string | null) =>
      (
        await t.app.db
          .insert(trainerDocuments)
          .values({
            trainerId,
            kind: "contrat",
            label,
            fileName: "c.pdf",
            mimeType: "application/pdf",
            size: 4,
            content: PDF,
            expiresOn,
          })
          .returning({ id: trainerDocuments.id })
      )[0]?.id ?? "";
    const expiring = await doc(soon.id, "Contrat 2027", addDays(today, 20));
    const expired = await doc(soon.id, "Habilitation", addDays(today, -3));
    await doc(soon.id, "CV", null);
    await doc(soon.id, "Contrat 2028", addDays(today, 90));
    await doc(retired.id, "Contrat ancien", addDays(today, 5));

    const board = await bodyOf(
      await dashboardRoute.loader(routeArgs(t, getRequest("/admin", moderator.cookie))),
    );
    const listed = (board.trainerDocuments as { id: string; label: string; trainer: string }[]).filter((d) =>
      d.trainer.includes(soon.lastName),
    );
    expect(listed.map((d) => d.label)).toEqual(["Habilitation", "Contrat 2027"]);

    const mails = () =>
      t.app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, "trainer_document_expiry")))
        .then((rows) => rows.filter((m) => m.subject.includes(soon.lastName)));
    const first = await t.app.trainerExpiry.runOnce();
    expect(first.map((d) => d.id).sort()).toEqual(expect.arrayContaining([expiring, expired].sort()));
    const sent = await mails();
    expect(sent).toHaveLength(2);
    expect(sent.map((m) => m.subject).sort()).toEqual(
      [
        `Document à renouveler\u00a0: Paul ${soon.lastName}, Contrat 2027`,
        `Document à renouveler\u00a0: Paul ${soon.lastName}, Habilitation`,
      ].sort(),
    );
    const [centre] = await t.app.database.query<{ email: string }>("select email from centre_settings");
    expect(sent.every((m) => m.to === centre?.email)).toBe(true);
    expect(sent.find((m) => m.subject.includes("Habilitation"))?.text).toContain("a expiré le");

    // Each warning goes once; a new expiry for the same document is announced again.
    expect(await t.app.trainerExpiry.runOnce()).toEqual([]);
    expect(await mails()).toHaveLength(2);
    await t.app.db
      .update(trainerDocuments)
      .set({ expiresOn: addDays(today, 25) })
      .where(eq(trainerDocuments.id, expiring));
    expect((await t.app.trainerExpiry.runOnce()).map((d) => d.id)).toEqual([expiring]);
    expect(await mails()).toHaveLength(3);
  });

  it("a trainer's space reads their own sessions and slots, and the learners of those sessions only", async () => {
    const formation = await makeFormation(t.app.db, { title: "Soudure" });
    const theirs = await makeSession(t.app.db, {
      formationId: formation.id,
      startDate: "2031-04-01",
      endDate: "2031-04-30",
    });
    const other = await makeSession(t.app.db, {
      formationId: formation.id,
      startDate: "2031-05-01",
      endDate: "2031-05-30",
    });
    const trainer = await makeTrainer(t.app.db);
    const colleague = await makeTrainer(t.app.db);
    await makeSlot(t.app.db, {
      sessionId: theirs.id,
      day: "2031-04-02",
      trainerId: trainer.id,
      trainer: "x",
    });
    await makeSlot(t.app.db, {
      sessionId: theirs.id,
      day: "2031-04-03",
      trainerId: colleague.id,
      trainer: "y",
    });
    await makeSlot(t.app.db, {
      sessionId: other.id,
      day: "2031-05-02",
      trainerId: colleague.id,
      trainer: "y",
    });
    const application = await makeApplication(t.app.db, { sessionId: theirs.id, phone: "0611223344" });
    const learner = await makeLearner(t.app.db, {
      sessionId: theirs.id,
      firstName: "Léa",
      lastName: "Martin",
      email: "lea@example.test",
      applicationId: application.id,
    });
    await makeLearner(t.app.db, { sessionId: other.id, firstName: "Ines", lastName: "Autre" });

    const sessions = await trainerSessions(t.app.db, trainer.id);
    expect(sessions).toEqual([
      expect.objectContaining({
        id: theirs.id,
        title: "Soudure",
        slots: [expect.objectContaining({ day: "2031-04-02", startMinute: 540 })],
      }),
    ]);
    expect(await trainerLearners(t.app.db, trainer.id)).toEqual([
      {
        id: learner.id,
        sessionId: theirs.id,
        firstName: "Léa",
        lastName: "Martin",
        email: "lea@example.test",
        phone: "0611223344",
      },
    ]);
    // Another session's learners: nothing, even asked for by its id.
    expect(await trainerLearners(t.app.db, trainer.id, other.id)).toEqual([]);
    expect((await trainerLearners(t.app.db, colleague.id)).map((l) => l.lastName)).toEqual([
      "Autre",
      "Martin",
    ]);
  });

  it("anonymous and role-less visitors are refused on every screen and action of the register", async () => {
    const trainer = await makeTrainer(t.app.db);
    const urls = [`/admin/formateurs`, `/admin/formateurs/${trainer.id}`];
    const calls = [
      (cookie?: string) => trainersRoute.loader(routeArgs(t, getRequest(urls[0] ?? "", cookie))),
      (cookie?: string) =>
        trainerRoute.loader(routeArgs(t, getRequest(urls[1] ?? "", cookie), { id: trainer.id })),
      (cookie?: string) =>
        trainersRoute.action(
          routeArgs(
            t,
            formRequest(
              urls[0] ?? "",
              { intent: "update", id: trainer.id, firstName: "X", lastName: "Y" },
              cookie,
            ),
          ),
        ),
      (cookie?: string) =>
        trainerRoute.action(
          routeArgs(t, formRequest(urls[1] ?? "", { intent: "delete-document", id: trainer.id }, cookie), {
            id: trainer.id,
          }),
        ),
    ];
    for (const call of calls) {
      const refused = (cookie?: string) =>
        Promise.resolve()
          .then((): Promise<unknown> => call(cookie))
          .then(() => null)
          .catch((thrown: unknown) => (thrown as Response).status);
      expect(await refused()).toBe(302);
      expect(await refused(roleless.cookie)).toBe(403);
    }
    // A moderator reads, but does not edit.
    expect(await list("", moderator.cookie)).toContain(trainer.lastName);
    const denied = await post(
      { intent: "update", id: trainer.id, firstName: "X", lastName: "Y" },
      moderator.cookie,
    );
    expect(denied.status).toBe(403);
    expect(await byLastName(trainer.lastName)).toBeDefined();
  });
});
