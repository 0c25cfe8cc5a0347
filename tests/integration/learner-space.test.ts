// The learner's space, completed: the documents the centre asks for (asked in Stagiaires, sent from
// the space with the CV's checks, downloaded by staff, gone with the learner), a complaint written in
// the space (the learner's name and session, linked to their file), and their applications with where
// each stands (the one they were admitted from, and those sent from their proved address only).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { complaints } from "~/features/complaints/schema.server";
import { requestedDocuments } from "~/features/spaces/schema.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import { REQUEST_LIMITS } from "~/platform/request-limits";
import * as requestedDocumentRoute from "~/routes/admin/requested-document";
import * as spaceHome from "~/routes/space/home";
import * as learnerRoute from "~/routes/space/learner";
import { DRIVER } from "../support/db";
import { pdf } from "../support/documents";
import { makeApplication, makeFormation, makeSession, uniqueTag } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { learnersPost, settled } from "../support/learner-documents";
import { bodyOf, fileRequest, formRequest, getRequest, statusOf } from "../support/runtime";
import { learnerInSpace, spaceArgs } from "../support/spaces";

const t = setUpTestApp({ FORM_RATE_LIMIT: "0" });
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);
const admin = setUpSignedIn(t, "admin");

const args = (request: Request, params: Record<string, string> = {}) => spaceArgs(t, request, params);

const requestsOf = (learnerId: string) =>
  t.app.db.select().from(requestedDocuments).where(eq(requestedDocuments.learnerId, learnerId));

const mailsTo = (to: string) => t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

/** The learner's page, as its loader answers it. */
const learnerPage = async (learnerId: string, cookie: string) =>
  bodyOf(
    await learnerRoute.loader(args(getRequest(`/espace/stagiaire/${learnerId}`, cookie), { learnerId })),
  );

/** A post on the learner's page: a file (`send-document`) or fields (`complaint`). */
function postOnFile(
  learnerId: string,
  cookie: string,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type: string },
) {
  const url = `/espace/stagiaire/${learnerId}`;
  const request = file ? fileRequest(url, fields, file, cookie) : formRequest(url, fields, cookie);
  return settled(() => learnerRoute.action(args(request, { learnerId })));
}

const audited = (entityId: string) =>
  t.app.database.query<{ action: string; actor_id: string | null; title: string }>(
    "select action, actor_id, details->>'title' as title from audit_log where entity = 'requested_document' and entity_id = $1 order by created_at",
    [entityId],
  );

describe(`the learner's space on ${DRIVER}`, () => {
  it("staff ask a learner for a document; the learner sends it from their space; staff are told and download it", async () => {
    const { learner, cookie } = await learnerInSpace(t, moderator);
    const post = learnersPost(t, moderator);

    // A blank label is refused in French, and nothing is asked.
    const blank = await post({ intent: "request-document", id: learner.id, label: "  " });
    expect(statusOf(blank)).toBe(400);
    expect((await bodyOf(blank)).errors).toEqual({ label: "Ce champ est obligatoire" });
    expect(await requestsOf(learner.id)).toEqual([]);

    const asked = await post({
      intent: "request-document",
      id: learner.id,
      label: "Copie de la carte d'identité",
    });
    expect(statusOf(asked)).toBe(200);
    expect((await bodyOf(asked)).toast).toMatchObject({ title: "Document demandé" });
    const [request] = await requestsOf(learner.id);
    expect(request).toMatchObject({ label: "Copie de la carte d'identité", requestedBy: moderator.userId });
    // The learner is told by e-mail, with the link to their file.
    const told = (await mailsTo(learner.email)).filter((m) => m.kind === "requested_document");
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(`/espace/stagiaire/${learner.id}`);
    expect(told[0]?.text).toContain("Copie de la carte d'identité");

    // Their file lists it, awaited.
    const page = await learnerPage(learner.id, cookie);
    expect(page.requested).toEqual([
      expect.objectContaining({ id: request?.id, label: "Copie de la carte d'identité", receivedAt: null }),
    ]);

    const sent = await postOnFile(
      learner.id,
      cookie,
      { intent: "send-document", id: request?.id ?? "" },
      { bytes: pdf(), name: "carte identité.pdf", type: "application/pdf" },
    );
    expect(statusOf(sent)).toBe(200);
    expect((await bodyOf(sent)).toast).toMatchObject({ title: "Document envoyé" });
    const [received] = await requestsOf(learner.id);
    expect(received?.receivedAt).toBeInstanceOf(Date);
    expect(received?.mimeType).toBe("application/pdf");
    expect(received?.fileName).toMatch(/\.pdf$/);

    // The Journal: asked by the moderator, sent by the learner's own account; no name written.
    const entries = await audited(request?.id ?? "");
    expect(entries.map((e) => e.action)).toEqual(["create", "send"]);
    expect(entries[0]?.actor_id).toBe(moderator.userId);
    expect(entries[1]?.actor_id).not.toBeNull();
    for (const entry of entries) expect(entry.title).not.toContain(learner.lastName ?? "");
    // The staff's recipient is told, without the learner's name.
    const [notice] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "requested_document_received"))
      .orderBy(mailOutbox.createdAt);
    expect(notice?.subject).toContain("Copie de la carte d'identité");
    expect(notice?.text).not.toContain(learner.lastName ?? "");

    // Staff download it; a role-less account and a visitor cannot.
    const url = `/admin/stagiaires/pieces/${request?.id}`;
    const file = (await settled(() =>
      requestedDocumentRoute.loader(
        args(getRequest(url, moderator.cookie), { requestId: request?.id ?? "" }),
      ),
    )) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf());
    for (const who of [roleless.cookie, undefined, cookie]) {
      const refused = (await settled(() =>
        requestedDocumentRoute.loader(args(getRequest(url, who), { requestId: request?.id ?? "" })),
      )) as Response;
      expect([302, 403]).toContain(refused.status);
    }

    // Sent once: a second file is refused in French, the first stays.
    const again = await postOnFile(
      learner.id,
      cookie,
      { intent: "send-document", id: request?.id ?? "" },
      { bytes: pdf(2000), name: "autre.pdf", type: "application/pdf" },
    );
    expect(statusOf(again)).toBe(409);
    expect((await bodyOf(again)).toast).toMatchObject({ description: "Ce document a déjà été reçu." });
    expect((await requestsOf(learner.id))[0]?.size).toBe(pdf().byteLength);
  });

  it("a file that is not a document, an empty one, none or one too large is refused in French, and nothing is stored", async () => {
    const { learner, cookie } = await learnerInSpace(t, moderator);
    await learnersPost(t, moderator)({ intent: "request-document", id: learner.id, label: "Diplôme" });
    const [request] = await requestsOf(learner.id);
    const fields = { intent: "send-document", id: request?.id ?? "" };
    const cases = [
      {
        // An executable named .pdf: its bytes say what it is.
        file: {
          bytes: new TextEncoder().encode("MZ\x90\x00 not a pdf"),
          name: "cv.pdf",
          type: "application/pdf",
        },
        status: 400,
        message: "Le document doit être un fichier PDF, DOC, DOCX ou ODT",
      },
      {
        file: { bytes: new Uint8Array(), name: "vide.pdf", type: "application/pdf" },
        status: 400,
        message: "Le fichier est vide",
      },
      {
        file: { bytes: pdf(REQUEST_LIMITS.fileBytes + 1), name: "gros.pdf", type: "application/pdf" },
        status: 400,
        message: expect.stringMatching(/^Le fichier ne doit pas dépasser \d/),
      },
      {
        file: { bytes: pdf(REQUEST_LIMITS.fileBytes + 200_000), name: "trop.pdf", type: "application/pdf" },
        status: 413,
        message: expect.stringMatching(/^Le fichier ne doit pas dépasser \d/),
      },
    ];
    for (const { file, status, message } of cases) {
      const refused = await postOnFile(learner.id, cookie, fields, file);
      expect(statusOf(refused), file.name).toBe(status);
      expect((await bodyOf(refused)).errors, file.name).toEqual({ file: message });
    }
    const none = await postOnFile(learner.id, cookie, fields);
    expect(statusOf(none)).toBe(400);
    expect((await bodyOf(none)).errors).toEqual({ file: "Choisissez le fichier à envoyer" });
    expect((await requestsOf(learner.id))[0]?.receivedAt).toBeNull();
  });

  it("another learner's request cannot be answered; erasing or anonymising the learner takes the documents", async () => {
    const mine = await learnerInSpace(t, moderator);
    const other = await learnerInSpace(t, moderator);
    const post = learnersPost(t, moderator);
    await post({ intent: "request-document", id: other.learner.id, label: "RIB" });
    const [theirs] = await requestsOf(other.learner.id);
    const file = { bytes: pdf(), name: "rib.pdf", type: "application/pdf" };
    // Through my own file: not one of my requests.
    const through = await postOnFile(
      mine.learner.id,
      mine.cookie,
      { intent: "send-document", id: theirs?.id ?? "" },
      file,
    );
    expect(statusOf(through)).toBe(409);
    // Through theirs: the walls answer 404.
    const walled = (await postOnFile(
      other.learner.id,
      mine.cookie,
      { intent: "send-document", id: theirs?.id ?? "" },
      file,
    )) as Response;
    expect(walled.status).toBe(404);
    expect((await requestsOf(other.learner.id))[0]?.receivedAt).toBeNull();

    // Received, then the learner anonymised (the retention period, or an erasure kept for an invoice).
    await postOnFile(other.learner.id, other.cookie, { intent: "send-document", id: theirs?.id ?? "" }, file);
    expect((await requestsOf(other.learner.id))[0]?.receivedAt).toBeInstanceOf(Date);
    await t.app.database.query("update learners set anonymised_at = now() where id = $1", [other.learner.id]);
    expect(await requestsOf(other.learner.id)).toEqual([]);

    // Erased ('Effacer'): the rows go with the learner.
    await post({ intent: "request-document", id: mine.learner.id, label: "Attestation employeur" });
    expect(statusOf(await post({ intent: "erase", id: mine.learner.id }, admin.cookie))).toBe(200);
    expect(await requestsOf(mine.learner.id)).toEqual([]);
  });

  it("a complaint from the space is registered in the learner's name, about their session, linked to their file", async () => {
    const { learner, formation, cookie } = await learnerInSpace(t, moderator);
    // Too short: refused in French, what was typed comes back, nothing is stored.
    const short = await postOnFile(learner.id, cookie, {
      intent: "complaint",
      category: "organisation",
      description: "Trop court",
    });
    expect(statusOf(short)).toBe(400);
    expect(await bodyOf(short)).toMatchObject({
      errors: { description: "Décrivez votre réclamation (au moins 20 caractères)" },
      values: { description: "Trop court", category: "organisation" },
    });
    expect(await t.app.db.select().from(complaints).where(eq(complaints.learnerId, learner.id))).toEqual([]);

    // Who writes and about which session come from the record, whatever the form says.
    const done = await postOnFile(learner.id, cookie, {
      intent: "complaint",
      category: "organisation",
      description: "La salle du 3 mars était fermée à notre arrivée.",
      email: "quelqu-un@example.test",
      session: "00000000-0000-4000-8000-000000000000",
    });
    expect(statusOf(done)).toBe(200);
    expect((await bodyOf(done)).toast).toMatchObject({ title: "Réclamation enregistrée" });
    const [stored] = await t.app.db.select().from(complaints).where(eq(complaints.learnerId, learner.id));
    expect(stored).toMatchObject({
      firstName: learner.firstName,
      lastName: learner.lastName,
      email: learner.email,
      authorType: "stagiaire",
      category: "organisation",
      sessionId: learner.sessionId,
    });
    expect(stored?.sessionLabel).toContain(formation.title);
    expect((await mailsTo(learner.email)).map((m) => m.kind)).toContain("complaint_acknowledgement");
  });

  it("applications: the one a learner was admitted from and those from their proved address, never another person's", async () => {
    const email = `candidat-${uniqueTag()}@example.test`;
    const formation = await makeFormation(t.app.db, { title: `Formation ${uniqueTag()}` });
    const sessionOf = async (startDate: string) =>
      (await makeSession(t.app.db, { formationId: formation.id, startDate, endDate: startDate })).id;
    const earlier = await makeApplication(t.app.db, {
      sessionId: await sessionOf("2026-09-01"),
      email: email.toUpperCase(),
      status: "refused",
    });
    const someoneElse = await makeApplication(t.app.db, {
      sessionId: await sessionOf("2026-10-01"),
      email: `autre-${uniqueTag()}@example.test`,
      status: "waitlisted",
    });
    const { learner, cookie } = await learnerInSpace(t, moderator, { email });
    // Admitted from an application sent under another address: the admission ties it to them.
    const admittedFrom = await makeApplication(t.app.db, {
      sessionId: learner.sessionId,
      email: `ancienne-${uniqueTag()}@example.test`,
      status: "admitted",
    });
    await t.app.database.query("update learners set application_id = $1 where id = $2", [
      admittedFrom.id,
      learner.id,
    ]);
    const home = await bodyOf(await spaceHome.loader(args(getRequest("/espace", cookie))));
    const shown = home.applications as { id: string; status: string }[];
    expect(shown.map((a) => a.id).sort()).toEqual([earlier.id, admittedFrom.id].sort());
    expect(shown.map((a) => a.id)).not.toContain(someoneElse.id);

    // An address not proved yet shows only the admission's.
    await t.app.database.query("update users set email_verified = false where lower(email) = $1", [email]);
    const unproved = await bodyOf(await spaceHome.loader(args(getRequest("/espace", cookie))));
    expect((unproved.applications as { id: string }[]).map((a) => a.id)).toEqual([admittedFrom.id]);
  });
});
