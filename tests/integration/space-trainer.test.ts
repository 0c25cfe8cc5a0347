// The trainer's personal space (/espace/formateur/:trainerId): invited from their page of the
// register, they see the sessions they teach a slot of, those slots, the learners of those sessions
// only with their contacts, their documents of the register; on each of their slots they mark the
// learners and countersign, under the console's rules, and the console's émargement shows it. The
// walls: another trainer, a learner, a company contact, an anonymous visitor or a role-less account
// get nothing of it, and change nothing.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/features/accounts/schema.server";
import { isSpaceMemberEmail } from "~/features/spaces/index.server";
import { spaceMembers } from "~/features/spaces/schema.server";
import { trainerDocuments, trainers } from "~/features/trainers/schema.server";
import * as consoleSlotRoute from "~/routes/admin/session-attendance-slot";
import * as trainerConsoleRoute from "~/routes/admin/trainer";
import * as authApi from "~/routes/api/auth";
import * as spaceHome from "~/routes/space/home";
import * as spaceLayout from "~/routes/space/layout";
import * as trainerRoute from "~/routes/space/trainer";
import * as trainerDocumentRoute from "~/routes/space/trainer-document";
import * as trainerSlotRoute from "~/routes/space/trainer-slot";
import { signatureDataUrl } from "../support/attendance";
import { makePayer } from "../support/billing";
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
import { queuedMails, settled } from "../support/learner-documents";
import {
  BASE_URL,
  bodyOf,
  cookieFrom,
  formRequest,
  getRequest,
  signedInUser,
  statusOf,
} from "../support/runtime";
import { spaceArgs } from "../support/spaces";

const t = setUpTestApp({ FORM_RATE_LIMIT: "0" });
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

const args = (request: Request, params: Record<string, string> = {}) => spaceArgs(t, request, params);

/** What a loader or action answered or threw, as a status. */
const statusFrom = async (run: () => unknown) => statusOf(await settled(async () => run()));

/** A post on the trainer's page of the register (Formateurs), by the moderator unless told. */
const consolePost = (trainerId: string, fields: Record<string, string>, cookie = moderator.cookie) =>
  settled(() =>
    trainerConsoleRoute.action(
      args(formRequest(`/admin/formateurs/${trainerId}`, fields, cookie), { id: trainerId }),
    ),
  );

/** The trainer invited from their page and signed in through the e-mailed link: their session cookie. */
async function invitedAndSignedIn(trainerId: string, email: string): Promise<string> {
  expect(statusOf(await consolePost(trainerId, { intent: "invite-space", id: trainerId }))).toBe(200);
  const mail = (await queuedMails(t, email)).filter((m) => m.kind === "space_invitation").at(-1);
  const link = /http:\/\/localhost:3000\/api\/auth\/magic-link\/verify\?[^\s"<>]+/.exec(
    mail?.text ?? "",
  )?.[0];
  const response = await authApi.loader(args(getRequest((link ?? "").replace(BASE_URL, ""))));
  return cookieFrom(response);
}

/** A signed-in account holding one membership, made straight in the database (no e-mail). */
async function memberOf(target: { trainerId: string } | { learnerId: string } | { payerId: string }) {
  const account = await signedInUser(t, { email: `membre-${uniqueTag()}@example.test` });
  await t.app.db.insert(spaceMembers).values({ userId: account.userId, ...target });
  return account.cookie;
}

/**
 * A session the trainer teaches a slot of (long past, so the countersignature is open), a
 * colleague's slot in it, another session of the colleague's only, a learner in each, a document
 * on the trainer.
 */
async function teaching() {
  const tag = uniqueTag();
  const email = `formatrice-${tag}@example.test`;
  const trainer = await makeTrainer(t.app.db, { firstName: "Jeanne", lastName: `Roux-${tag}`, email });
  const colleague = await makeTrainer(t.app.db);
  const formation = await makeFormation(t.app.db, { title: `Soudure ${tag}` });
  const theirs = await makeSession(t.app.db, {
    formationId: formation.id,
    startDate: "2025-01-06",
    endDate: "2025-01-10",
  });
  const other = await makeSession(t.app.db, {
    formationId: formation.id,
    startDate: "2025-02-03",
    endDate: "2025-02-07",
  });
  const slot = await makeSlot(t.app.db, {
    sessionId: theirs.id,
    day: "2025-01-06",
    trainerId: trainer.id,
    trainer: `Jeanne Roux-${tag}`,
  });
  const colleagueSlot = await makeSlot(t.app.db, {
    sessionId: theirs.id,
    day: "2025-01-07",
    trainerId: colleague.id,
    trainer: "x",
  });
  const otherSlot = await makeSlot(t.app.db, {
    sessionId: other.id,
    day: "2025-02-03",
    trainerId: colleague.id,
    trainer: "x",
  });
  const application = await makeApplication(t.app.db, { sessionId: theirs.id, phone: "06 11 22 33 44" });
  const learner = await makeLearner(t.app.db, {
    sessionId: theirs.id,
    firstName: "Léa",
    lastName: `Martin-${tag}`,
    applicationId: application.id,
  });
  const stranger = await makeLearner(t.app.db, {
    sessionId: other.id,
    firstName: "Inès",
    lastName: "Ailleurs",
  });
  const [document] = await t.app.db
    .insert(trainerDocuments)
    .values({
      trainerId: trainer.id,
      kind: "contrat",
      label: "Contrat 2025",
      fileName: "contrat.pdf",
      mimeType: "application/pdf",
      size: 4,
      content: new TextEncoder().encode("%PDF"),
      expiresOn: "2025-12-31",
    })
    .returning({ id: trainerDocuments.id });
  return {
    trainer,
    email,
    colleague,
    theirs,
    other,
    slot,
    colleagueSlot,
    otherSlot,
    learner,
    stranger,
    documentId: document?.id ?? "",
  };
}

const slotUrl = (trainerId: string, slotId: string) => `/espace/formateur/${trainerId}/creneaux/${slotId}`;

/** A post on one of the trainer's slot pages. */
const slotPost = (trainerId: string, slotId: string, fields: Record<string, string>, cookie?: string) =>
  settled(() =>
    trainerSlotRoute.action(
      args(formRequest(slotUrl(trainerId, slotId), fields, cookie), { trainerId, slotId }),
    ),
  );

const attendanceRows = async () => ({
  entries: await t.app.database.query("select id from attendance_entries order by id"),
  countersignatures: await t.app.database.query(
    "select slot_id from attendance_countersignatures order by slot_id",
  ),
});

describe(`the trainer's space on ${DRIVER}`, () => {
  it("'Inviter dans son espace' on the trainer's page makes the account, the membership, the e-mail and the Journal's line; a trainer without an address is refused in French", async () => {
    const { trainer, email } = await teaching();
    const page = await bodyOf(
      await trainerConsoleRoute.loader(
        args(getRequest(`/admin/formateurs/${trainer.id}`, moderator.cookie), { id: trainer.id }),
      ),
    );
    expect(page.invitedAt).toBeNull();
    const cookie = await invitedAndSignedIn(trainer.id, email);
    expect(cookie).not.toBe("");
    const [account] = await t.app.db.select().from(users).where(eq(users.email, email));
    const members = await t.app.db.select().from(spaceMembers).where(eq(spaceMembers.trainerId, trainer.id));
    expect(members).toEqual([
      expect.objectContaining({ userId: account?.id, trainerId: trainer.id, learnerId: null, payerId: null }),
    ]);
    const [mail] = (await queuedMails(t, email)).filter((m) => m.kind === "space_invitation");
    expect(mail?.subject).toBe("Votre espace personnel");
    expect(mail?.text).toContain("l'émargement de vos créneaux");
    const audited = await t.app.database.query<{ action: string; actor_id: string; title: string }>(
      "select action, actor_id, details->>'title' as title from audit_log where entity = 'space_member' and entity_id = $1",
      [members[0]?.id],
    );
    expect(audited).toEqual([
      {
        action: "invite",
        actor_id: moderator.userId,
        title: expect.stringMatching(/^Formateur·rice \(réf\. /),
      },
    ]);
    const after = await bodyOf(
      await trainerConsoleRoute.loader(
        args(getRequest(`/admin/formateurs/${trainer.id}`, moderator.cookie), { id: trainer.id }),
      ),
    );
    expect(after.invitedAt).toEqual(expect.any(String));
    // 'Renvoyer l'invitation': the same membership, a second e-mail.
    expect(statusOf(await consolePost(trainer.id, { intent: "invite-space", id: trainer.id }))).toBe(200);
    expect(
      await t.app.db.select().from(spaceMembers).where(eq(spaceMembers.trainerId, trainer.id)),
    ).toHaveLength(1);
    expect((await queuedMails(t, email)).filter((m) => m.kind === "space_invitation")).toHaveLength(2);

    const noAddress = await makeTrainer(t.app.db);
    const refused = await consolePost(noAddress.id, { intent: "invite-space", id: noAddress.id });
    expect(statusOf(refused)).toBe(400);
    expect((await bodyOf(refused)).toast).toMatchObject({
      description:
        "Ce formateur ou cette formatrice n'a pas d'adresse e-mail\u00a0: ajoutez-la à sa fiche pour l'inviter.",
    });
    expect(
      await t.app.db.select().from(spaceMembers).where(eq(spaceMembers.trainerId, noAddress.id)),
    ).toEqual([]);
  });

  it("the invitation is refused to anonymous (sign-in) and role-less (403) visitors, and makes nothing", async () => {
    const { trainer } = await teaching();
    expect(statusOf(await consolePost(trainer.id, { intent: "invite-space", id: trainer.id }, ""))).toBe(302);
    expect(
      statusOf(await consolePost(trainer.id, { intent: "invite-space", id: trainer.id }, roleless.cookie)),
    ).toBe(403);
    expect(await t.app.db.select().from(spaceMembers).where(eq(spaceMembers.trainerId, trainer.id))).toEqual(
      [],
    );
  });

  it("the trainer's page: their session and their slot only, the learners of that session with their contacts (never another session's), their document with its expiry", async () => {
    const s = await teaching();
    const cookie = await invitedAndSignedIn(s.trainer.id, s.email);
    const home = await bodyOf(await spaceHome.loader(args(getRequest("/espace", cookie))));
    expect(home.trainers).toEqual([{ trainerId: s.trainer.id, name: `Jeanne ${s.trainer.lastName}` }]);
    const page = await bodyOf(
      await trainerRoute.loader(
        args(getRequest(`/espace/formateur/${s.trainer.id}`, cookie), { trainerId: s.trainer.id }),
      ),
    );
    expect(page.sessions).toEqual([
      expect.objectContaining({
        id: s.theirs.id,
        slots: [expect.objectContaining({ id: s.slot.id })],
        learners: [
          expect.objectContaining({
            id: s.learner.id,
            email: s.learner.email,
            phone: "06 11 22 33 44",
          }),
        ],
        countersigned: [],
      }),
    ]);
    expect(JSON.stringify(page)).not.toContain(s.stranger.lastName ?? "");
    expect(JSON.stringify(page)).not.toContain(s.other.id);
    expect(page.documents).toEqual([
      {
        id: s.documentId,
        kind: "contrat",
        label: "Contrat 2025",
        expiry: "a expiré le 31 décembre 2025",
        expired: true,
      },
    ]);
    const file = await trainerDocumentRoute.loader(
      args(getRequest(`/espace/formateur/${s.trainer.id}/documents/${s.documentId}`, cookie), {
        trainerId: s.trainer.id,
        documentId: s.documentId,
      }),
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("contrat.pdf");
  });

  it("one person holds several roles: a trainer who also follows a session sees both on their home and in the layout", async () => {
    const s = await teaching();
    const cookie = await invitedAndSignedIn(s.trainer.id, s.email);
    const [account] = await t.app.db.select().from(users).where(eq(users.email, s.email));
    const ownFile = await makeLearner(t.app.db, { sessionId: s.other.id, email: s.email });
    await t.app.db.insert(spaceMembers).values({ userId: account?.id ?? "", learnerId: ownFile.id });
    const home = await bodyOf(await spaceHome.loader(args(getRequest("/espace", cookie))));
    expect(home.trainers).toEqual([expect.objectContaining({ trainerId: s.trainer.id })]);
    expect(home.learnerFiles).toEqual([expect.objectContaining({ learnerId: ownFile.id })]);
    const layout = await bodyOf(await spaceLayout.loader(args(getRequest("/espace", cookie))));
    expect(layout.roles).toEqual(["trainer", "learner"]);
    // Their own session as a learner is not one they teach: its learners stay out of their trainer's page.
    const page = await bodyOf(
      await trainerRoute.loader(
        args(getRequest(`/espace/formateur/${s.trainer.id}`, cookie), { trainerId: s.trainer.id }),
      ),
    );
    expect(JSON.stringify(page)).not.toContain(s.stranger.id);
  });

  it("on their slot the trainer marks a learner absent and countersigns, under the console's rules; the console's émargement shows both, the countersignature in the trainer's name", async () => {
    const s = await teaching();
    const cookie = await invitedAndSignedIn(s.trainer.id, s.email);
    const sheet = await bodyOf(
      await trainerSlotRoute.loader(
        args(getRequest(slotUrl(s.trainer.id, s.slot.id), cookie), {
          trainerId: s.trainer.id,
          slotId: s.slot.id,
        }),
      ),
    );
    const post = (fields: Record<string, string>) => slotPost(s.trainer.id, s.slot.id, fields, cookie);
    const learners = (sheet.sheet as { learners: Record<string, unknown>[] }).learners;
    expect(learners).toEqual([{ id: s.learner.id, name: `Léa ${s.learner.lastName}`, entry: null }]);

    // A wrong status is refused in French, nothing recorded.
    const bad = await post({ intent: "mark", learnerId: s.learner.id, status: "parti" });
    expect(statusOf(bad)).toBe(400);
    expect((await bodyOf(bad)).errors).toMatchObject({
      status: "Choisissez présent·e, en retard ou absent·e",
    });

    const marked = await post({
      intent: "mark",
      learnerId: s.learner.id,
      status: "absent",
      reason: "Malade",
    });
    expect(statusOf(marked)).toBe(200);
    // A second mark is a correction: the administrators' (the console's rule).
    const again = await post({ intent: "mark", learnerId: s.learner.id, status: "present" });
    expect(statusOf(again)).toBe(409);
    const correction = await post({ intent: "correct", learnerId: s.learner.id, status: "present" });
    expect(statusOf(correction)).toBe(400);

    const signature = await signatureDataUrl();
    // The name typed is not the trainer's to choose: the register's is signed under.
    const signed = await post({ intent: "countersign", signature, trainerName: "Quelqu'un d'autre" });
    expect(statusOf(signed)).toBe(200);
    expect(statusOf(await post({ intent: "countersign", signature }))).toBe(409);

    const [account] = await t.app.db.select().from(users).where(eq(users.email, s.email));
    const [entry] = await t.app.database.query<{ status: string; recorded_by: string; reason: string }>(
      "select status, recorded_by, reason from attendance_entries where slot_id = $1 and learner_id = $2",
      [s.slot.id, s.learner.id],
    );
    expect(entry).toEqual({ status: "absent", recorded_by: account?.id, reason: "Malade" });
    const audited = await t.app.database.query<{ actor_id: string }>(
      // The mark's entry (the absence also raised an alert, audited as the server's).
      "select actor_id from audit_log where entity = 'learner' and entity_id = $1 and details ? 'attendance'",
      [s.learner.id],
    );
    expect(audited).toEqual([{ actor_id: account?.id }]);

    const consolePage = await bodyOf(
      await consoleSlotRoute.loader(
        args(
          getRequest(`/admin/formations/x/sessions/${s.theirs.id}/emargement/${s.slot.id}`, moderator.cookie),
          { id: s.theirs.formationId, sessionId: s.theirs.id, slotId: s.slot.id },
        ),
      ),
    );
    const consoleSheet = consolePage.sheet as {
      learners: { id: string; entry: { status: string } | null }[];
      countersignature: { trainerName: string } | null;
    };
    expect(consoleSheet.learners.find((l) => l.id === s.learner.id)?.entry).toMatchObject({
      status: "absent",
    });
    expect(consoleSheet.countersignature).toMatchObject({ trainerName: `Jeanne ${s.trainer.lastName}` });
    const [countersigned] = await t.app.database.query<{ signed_by: string }>(
      "select signed_by from attendance_countersignatures where slot_id = $1",
      [s.slot.id],
    );
    expect(countersigned?.signed_by).toBe(account?.id);
  });

  it("a slot that has not opened yet cannot be countersigned (the console's rule)", async () => {
    const s = await teaching();
    const future = await makeSlot(t.app.db, {
      sessionId: s.theirs.id,
      day: "2031-06-02",
      trainerId: s.trainer.id,
      trainer: "x",
    });
    const cookie = await invitedAndSignedIn(s.trainer.id, s.email);
    const early = await slotPost(
      s.trainer.id,
      future.id,
      { intent: "countersign", signature: await signatureDataUrl() },
      cookie,
    );
    expect(statusOf(early)).toBe(409);
    expect((await bodyOf(early)).toast).toMatchObject({
      title: expect.stringMatching(/^La contresignature ouvre à /),
    });
  });

  it("a slot of another trainer, even of the same session, is a 404 to read and to mark, and nothing changes", async () => {
    const s = await teaching();
    const cookie = await invitedAndSignedIn(s.trainer.id, s.email);
    const before = await attendanceRows();
    for (const slotId of [
      s.colleagueSlot.id,
      s.otherSlot.id,
      "00000000-0000-4000-8000-000000000000",
      "pas-un-id",
    ]) {
      const read = await statusFrom(() =>
        trainerSlotRoute.loader(
          args(getRequest(slotUrl(s.trainer.id, slotId), cookie), { trainerId: s.trainer.id, slotId }),
        ),
      );
      expect(read, slotId).toBe(404);
      const attempts: Record<string, string>[] = [
        { intent: "mark", learnerId: s.learner.id, status: "absent", sessionId: s.theirs.id, slotId },
        { intent: "countersign", signature: await signatureDataUrl() },
      ];
      for (const fields of attempts) {
        expect(statusOf(await slotPost(s.trainer.id, slotId, fields, cookie)), slotId).toBe(404);
      }
    }
    // The trainer's own slot in the address, a colleague's in the posted fields: the address wins.
    const posted = await slotPost(
      s.trainer.id,
      s.slot.id,
      {
        intent: "mark",
        learnerId: s.stranger.id,
        status: "absent",
        sessionId: s.other.id,
        slotId: s.otherSlot.id,
      },
      cookie,
    );
    expect(statusOf(posted)).toBe(404);
    expect(await attendanceRows()).toEqual(before);
  });

  describe("the walls", () => {
    it("another trainer, a learner, a company contact get a 404 on every page and action of the trainer's space; anonymous goes to sign in, a role-less account gets a 403; nothing changes", async () => {
      const s = await teaching();
      const payer = await makePayer(t.app.db);
      const visitors = {
        "another trainer": { cookie: await memberOf({ trainerId: s.colleague.id }), status: 404 },
        learner: { cookie: await memberOf({ learnerId: s.learner.id }), status: 404 },
        "company contact": { cookie: await memberOf({ payerId: payer.id }), status: 404 },
        anonymous: { cookie: undefined, status: 302 },
        "role-less": { cookie: roleless.cookie, status: 403 },
      };
      const trainerId = s.trainer.id;
      const before = await attendanceRows();
      const signature = await signatureDataUrl();
      for (const [who, { cookie, status }] of Object.entries(visitors)) {
        const calls = {
          page: () =>
            trainerRoute.loader(args(getRequest(`/espace/formateur/${trainerId}`, cookie), { trainerId })),
          document: () =>
            trainerDocumentRoute.loader(
              args(getRequest(`/espace/formateur/${trainerId}/documents/${s.documentId}`, cookie), {
                trainerId,
                documentId: s.documentId,
              }),
            ),
          slot: () =>
            trainerSlotRoute.loader(
              args(getRequest(slotUrl(trainerId, s.slot.id), cookie), { trainerId, slotId: s.slot.id }),
            ),
          mark: () =>
            trainerSlotRoute.action(
              args(
                formRequest(
                  slotUrl(trainerId, s.slot.id),
                  { intent: "mark", learnerId: s.learner.id, status: "absent" },
                  cookie,
                ),
                { trainerId, slotId: s.slot.id },
              ),
            ),
          countersign: () =>
            trainerSlotRoute.action(
              args(formRequest(slotUrl(trainerId, s.slot.id), { intent: "countersign", signature }, cookie), {
                trainerId,
                slotId: s.slot.id,
              }),
            ),
        };
        for (const [name, call] of Object.entries(calls)) {
          expect(await statusFrom(call), `${who}: ${name}`).toBe(status);
        }
      }
      expect(await attendanceRows()).toEqual(before);
    });

    it("a trainer made inactive leaves their space: a 403 when it was their only one, and no more sign-in link", async () => {
      const s = await teaching();
      const cookie = await invitedAndSignedIn(s.trainer.id, s.email);
      await t.app.db.update(trainers).set({ active: false }).where(eq(trainers.id, s.trainer.id));
      const refused = await statusFrom(() =>
        trainerRoute.loader(
          args(getRequest(`/espace/formateur/${s.trainer.id}`, cookie), { trainerId: s.trainer.id }),
        ),
      );
      expect(refused).toBe(403);
      // The sign-in page sends them no link (it would lead to that refusal); made active again, it does.
      expect(await isSpaceMemberEmail(t.app.db, s.email)).toBe(false);
      await t.app.db.update(trainers).set({ active: true }).where(eq(trainers.id, s.trainer.id));
      expect(await isSpaceMemberEmail(t.app.db, s.email)).toBe(true);
      const still = await t.app.db
        .select()
        .from(spaceMembers)
        .where(and(eq(spaceMembers.trainerId, s.trainer.id)));
      expect(still).toHaveLength(1);
    });
  });
});
