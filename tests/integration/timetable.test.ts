// A session's timetable: slots generated from a weekly pattern with French public holidays skipped,
// entered one by one with French refusals, the total hours computed from them, the trainer picked from
// the register (Formateurs: an inactive or unknown one refused, the slot keeping the register's name,
// renamed with it), the clashes of a trainer or a place across sessions, a slot edited in place with
// the same checks, every change audited on the session.
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/features/audit/schema.server";
import { formationSessions } from "~/features/catalogue/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { trainers } from "~/features/trainers/schema.server";
import * as timetableRoute from "~/routes/admin/session-timetable";
import { DRIVER } from "../support/db";
import { makeTrainer } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

/** The register's trainers these tests pick, by name (made once, in the first test that needs them). */
const people: Record<string, string> = {};
async function trainer(name: "Claire Dubois" | "Marc Petit" | "Ana Costa"): Promise<string> {
  if (!people[name]) {
    const [firstName = "", lastName = ""] = name.split(" ");
    people[name] = (await makeTrainer(t.app.db, { firstName, lastName })).id;
  }
  return people[name];
}

/** A new session of a seeded formation, from `start` to `end`. */
async function newSession(start: string, end: string, index = 0) {
  const [formation] = await t.app.database.query<{ id: string }>(
    "select id from formations order by title offset $1 limit 1",
    [index],
  );
  const [session] = await t.app.db
    .insert(formationSessions)
    .values({ formationId: formation?.id ?? "", startDate: start, endDate: end, place: "Salle 2", seats: 12 })
    .returning({ id: formationSessions.id, formationId: formationSessions.formationId });
  if (!session) throw new Error("no session");
  return session;
}

const url = (s: { id: string; formationId: string }) =>
  `/admin/formations/${s.formationId}/sessions/${s.id}/planning`;

async function post(
  s: { id: string; formationId: string },
  fields: Record<string, string>,
  cookie = moderator.cookie,
) {
  const result = await timetableRoute
    .action(routeArgs(t, formRequest(url(s), fields, cookie), { id: s.formationId, sessionId: s.id }))
    .catch((thrown: unknown) => thrown);
  return { status: statusOf(result), body: await bodyOf(result).catch((): Record<string, unknown> => ({})) };
}

async function load(s: { id: string; formationId: string }) {
  const data = (await timetableRoute.loader(
    routeArgs(t, getRequest(url(s), moderator.cookie), { id: s.formationId, sessionId: s.id }),
  )) as {
    timetable: Awaited<ReturnType<typeof import("~/features/timetable/timetable.server").sessionTimetable>>;
  };
  if (!data.timetable) throw new Error("no timetable");
  return data.timetable;
}

const pattern = async (sessionId: string, overrides: Record<string, string> = {}) => ({
  intent: "generate",
  sessionId,
  weekdays: "1,4",
  start1: "09:00",
  end1: "12:30",
  start2: "13:30",
  end2: "17:00",
  from: "2027-05-03",
  to: "2027-05-14",
  place: "Salle 2",
  trainerId: await trainer("Claire Dubois"),
  ...overrides,
});

describe(`timetable on ${DRIVER}`, () => {
  it("generates Monday and Thursday mornings and afternoons, Ascension skipped: 6 slots, 21 h, audited; again adds nothing", async () => {
    const session = await newSession("2027-05-03", "2027-05-14");
    const { status, body } = await post(session, await pattern(session.id));
    expect(status).toBe(200);
    expect((body.toast as { title: string }).title).toBe(
      "6 créneaux ajoutés\u202f; jour férié ignoré\u202f: jeudi 6 mai (Ascension)",
    );
    const timetable = await load(session);
    expect(timetable.slots.map((s) => `${s.day} ${s.startMinute}-${s.endMinute}`)).toEqual([
      "2027-05-03 540-750",
      "2027-05-03 810-1020",
      "2027-05-10 540-750",
      "2027-05-10 810-1020",
      "2027-05-13 540-750",
      "2027-05-13 810-1020",
    ]);
    expect(timetable.totalMinutes).toBe(21 * 60);
    expect(timetable.slots.every((s) => s.trainer === "Claire Dubois" && s.place === "Salle 2")).toBe(true);

    const again = await post(session, await pattern(session.id));
    expect((again.body.toast as { title: string }).title).toMatch(/^Aucun nouveau créneau/);
    expect((await load(session)).slots).toHaveLength(6);

    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, session.id), eq(auditLog.entity, "formation_session")))
      .orderBy(auditLog.createdAt);
    expect(audit[0]).toMatchObject({
      action: "update",
      actorEmail: moderator.email,
      details: { changes: [{ field: "timetable", from: "0 créneau, 0 h", to: "6 créneaux, 21 h" }] },
    });
  });

  it("refuses in French, and stores nothing: end before start, a day outside the session, no weekday, half a second range", async () => {
    const session = await newSession("2027-06-07", "2027-06-11");
    const slot = (fields: Record<string, string>) =>
      post(session, {
        intent: "add",
        sessionId: session.id,
        day: "2027-06-08",
        start: "09:00",
        end: "12:00",
        ...fields,
      });

    const backwards = await slot({ start: "14:00", end: "10:00" });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ end: "L'heure de fin doit suivre l'heure de début" });
    const badTime = await slot({ start: "neuf heures" });
    expect(badTime.body.errors).toEqual({ start: "Heure de début invalide (par exemple 09:00)" });
    const outside = await slot({ day: "2027-06-14" });
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toEqual({
      day: "Le lundi 14 juin est en dehors de la session (du lundi 7 juin au vendredi 11 juin).",
    });
    const badLink = await slot({ link: "salle-virtuelle" });
    expect(badLink.body.errors).toEqual({ link: "Adresse invalide : commencez par / ou https://" });

    const noDay = await post(
      session,
      await pattern(session.id, { weekdays: "", from: "2027-06-07", to: "2027-06-11" }),
    );
    expect(noDay.body.errors).toEqual({ weekdays: "Cochez au moins un jour de la semaine" });
    const half = await post(
      session,
      await pattern(session.id, { end2: "", from: "2027-06-07", to: "2027-06-11" }),
    );
    expect(half.body.errors).toEqual({ end2: "Indiquez le début et la fin du second créneau" });
    const late = await post(session, await pattern(session.id, { from: "2027-06-07", to: "2027-06-30" }));
    expect(late.status).toBe(400);
    expect(late.body.errors).toMatchObject({ to: expect.stringContaining("en dehors de la session") });

    expect(await t.app.db.select().from(sessionSlots).where(eq(sessionSlots.sessionId, session.id))).toEqual(
      [],
    );

    // A good one is added; the same start on the same day again is refused.
    expect(
      (await slot({ trainerId: await trainer("Marc Petit"), link: "https://visio.example.test/salle" }))
        .status,
    ).toBe(200);
    const twice = await slot({ end: "11:00" });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({
      start: "Un créneau de cette session commence déjà ce jour-là à cette heure.",
    });
    expect((await load(session)).totalMinutes).toBe(180);
  });

  it("shows a clash when one trainer or one place has two overlapping slots, across sessions; touching slots do not clash", async () => {
    const first = await newSession("2027-09-06", "2027-09-10", 0);
    const second = await newSession("2027-09-06", "2027-09-10", 1);
    const add = (s: typeof first, fields: Record<string, string>) =>
      post(s, { intent: "add", sessionId: s.id, day: "2027-09-07", ...fields });
    const claire = await trainer("Claire Dubois");
    const marc = await trainer("Marc Petit");
    await add(first, { start: "09:00", end: "12:30", trainerId: claire, place: "Salle 2" });
    await add(first, { start: "13:30", end: "17:00", trainerId: claire, place: "Salle 2" });
    // The same trainer in another session at 11 h: clashes with the morning.
    await add(second, { start: "11:00", end: "12:00", trainerId: claire, place: "Salle 5" });
    // Salle 2 taken by someone else from 17 h: touching the afternoon, no clash.
    await add(second, { start: "17:00", end: "19:00", trainerId: marc, place: "Salle 2" });
    // Salle 2 again at 16 h: clashes with the afternoon, by the place.
    await add(second, { start: "16:00", end: "16:30", trainerId: marc, place: "salle 2" });

    const clashes = (await load(first)).clashes;
    expect(
      clashes.map(
        (c) =>
          `${c.reason} ${c.shared} ${c.other.startMinute}-${c.other.endMinute} ${c.other.sessionId === second.id}`,
      ),
    ).toEqual(["trainer Claire Dubois 660-720 true", "place Salle 2 960-990 true"]);
    expect((await load(second)).clashes.map((c) => c.reason)).toEqual(["trainer", "place"]);

    // Removing the 11 h slot leaves only the place's clash.
    const eleven = (await load(second)).slots.find((s) => s.startMinute === 660);
    expect((await post(second, { intent: "delete", id: eleven?.id ?? "" })).status).toBe(200);
    expect((await load(first)).clashes.map((c) => c.reason)).toEqual(["place"]);
    // Clearing a timetable empties it, audited.
    expect((await post(second, { intent: "clear", id: second.id })).status).toBe(200);
    expect((await load(second)).slots).toEqual([]);
    expect((await load(first)).clashes).toEqual([]);
  });

  it("'Modifier' changes a slot in place (day, times, place, link, trainer), with the same French refusals, audited; a clash it makes is shown; refused to a role-less account", async () => {
    const session = await newSession("2027-10-04", "2027-10-08", 0);
    const other = await newSession("2027-10-04", "2027-10-08", 1);
    const add = (s: typeof session, fields: Record<string, string>) =>
      post(s, { intent: "add", sessionId: s.id, day: "2027-10-05", place: "Salle 2", ...fields });
    await add(session, { start: "09:00", end: "12:00", trainerId: await trainer("Claire Dubois") });
    await add(session, { start: "14:00", end: "17:00", trainerId: await trainer("Claire Dubois") });
    // Ana Costa teaches elsewhere on Wednesday at 11 h.
    await add(other, {
      day: "2027-10-06",
      start: "11:00",
      end: "12:00",
      trainerId: await trainer("Ana Costa"),
      place: "Salle 9",
    });
    const [morning, afternoon] = (await load(session)).slots;
    if (!morning || !afternoon) throw new Error("no slots");
    const ana = await trainer("Ana Costa");
    const edit = (fields: Record<string, string>, cookie = moderator.cookie) =>
      post(
        session,
        {
          intent: "update",
          id: morning.id,
          sessionId: session.id,
          day: "2027-10-06",
          start: "10:00",
          end: "12:30",
          place: "Salle 4",
          link: "https://visio.example.test/rh",
          trainerId: ana,
          ...fields,
        },
        cookie,
      );

    expect((await edit({}, roleless.cookie)).status).toBe(403);
    const backwards = await edit({ start: "13:00" });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ end: "L'heure de fin doit suivre l'heure de début" });
    const outside = await edit({ day: "2027-10-11" });
    expect(outside.body.errors).toEqual({
      day: "Le lundi 11 octobre est en dehors de la session (du lundi 4 octobre au vendredi 8 octobre).",
    });
    // Onto the afternoon's start: two slots of one session never start together.
    const taken = await edit({ day: "2027-10-05", start: "14:00", end: "15:00" });
    expect(taken.body.errors).toEqual({
      start: "Un créneau de cette session commence déjà ce jour-là à cette heure.",
    });
    // A slot of another session, or one gone: refused in French.
    const otherSlot = (await load(other)).slots[0]?.id ?? "";
    for (const id of [otherSlot, "00000000-0000-4000-8000-000000000000"]) {
      const gone = await edit({ id });
      expect(gone.status).toBe(400);
      expect((gone.body.toast as { description: string }).description).toBe("Ce créneau n'existe plus.");
    }
    expect((await load(session)).slots.map((s) => `${s.day} ${s.startMinute}-${s.endMinute}`)).toEqual([
      "2027-10-05 540-720",
      "2027-10-05 840-1020",
    ]);

    const saved = await edit({});
    expect(saved.status).toBe(200);
    expect((saved.body.toast as { title: string }).title).toBe("Créneau modifié");
    const timetable = await load(session);
    expect(timetable.slots.find((s) => s.id === morning.id)).toMatchObject({
      day: "2027-10-06",
      startMinute: 600,
      endMinute: 750,
      place: "Salle 4",
      link: "https://visio.example.test/rh",
      trainerId: await trainer("Ana Costa"),
      trainer: "Ana Costa",
    });
    expect(timetable.totalMinutes).toBe(330);
    // Ana Costa now teaches two overlapping slots: the planning shows it.
    expect(timetable.clashes.map((c) => `${c.reason} ${c.shared} ${c.other.sessionId === other.id}`)).toEqual(
      ["trainer Ana Costa true"],
    );

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, session.id), eq(auditLog.entity, "formation_session")))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry?.details).toMatchObject({
      changes: [
        { field: "timetable", from: "2 créneaux, 6 h", to: "2 créneaux, 5 h 30" },
        {
          field: "slot",
          from: "mardi 5 octobre, 9 h–12 h, Salle 2",
          to: "mercredi 6 octobre, 10 h–12 h 30, Salle 4, à distance",
        },
      ],
    });
    // A trainer is a person: never named in the journal.
    expect(JSON.stringify(entry?.details)).not.toMatch(/Ana Costa|Claire Dubois/);
  });

  it("picks the trainer from the register: the active ones offered, an inactive or unknown one refused in French, the slot named as the register names them, renamed with it", async () => {
    const session = await newSession("2027-11-08", "2027-11-12", 0);
    const active = await makeTrainer(t.app.db, { firstName: "Hélène", lastName: "Boucher" });
    const retired = await makeTrainer(t.app.db, { firstName: "Jules", lastName: "Verne", active: false });
    const add = (fields: Record<string, string>) =>
      post(session, { intent: "add", sessionId: session.id, day: "2027-11-09", end: "12:00", ...fields });

    const offered = (await load(session)).trainers.map((c) => c.id);
    expect(offered).toContain(active.id);
    expect(offered).not.toContain(retired.id);

    const inactive = await add({ start: "09:00", trainerId: retired.id });
    expect(inactive.status).toBe(400);
    expect(inactive.body.errors).toEqual({
      trainerId: "Ce formateur ou cette formatrice n'est plus en activité : choisissez-en un autre.",
    });
    const unknown = await add({ start: "09:00", trainerId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.body.errors).toEqual({
      trainerId: "Ce formateur ou cette formatrice n'est plus au registre : choisissez-en un autre.",
    });
    const garbage = await add({ start: "09:00", trainerId: "Hélène Boucher" });
    expect(garbage.body.errors).toEqual({
      trainerId: "Choisissez un formateur ou une formatrice du registre",
    });
    expect((await load(session)).slots).toEqual([]);

    expect((await add({ start: "09:00", trainerId: active.id })).status).toBe(200);
    expect((await add({ start: "10:00", trainerId: "" })).status).toBe(200);
    const [taught, nobody] = (await load(session)).slots;
    expect(taught).toMatchObject({ trainerId: active.id, trainer: "Hélène Boucher" });
    expect(nobody).toMatchObject({ trainerId: null, trainer: null });

    // Made inactive since: the slot still shows them (offered for it), and editing its times keeps them.
    await t.app.db.update(trainers).set({ active: false }).where(eq(trainers.id, active.id));
    expect((await load(session)).trainers.find((c) => c.id === active.id)).toMatchObject({ active: false });
    const kept = await post(session, {
      intent: "update",
      id: taught?.id ?? "",
      sessionId: session.id,
      day: "2027-11-09",
      start: "09:00",
      end: "11:00",
      trainerId: active.id,
    });
    expect(kept.status).toBe(200);

    // The register renames her: her slots follow (the database keeps the name equal to the register's).
    await t.app.db.update(trainers).set({ lastName: "Boucher-Martin" }).where(eq(trainers.id, active.id));
    expect((await load(session)).slots[0]).toMatchObject({ trainer: "Hélène Boucher-Martin" });
  });
});
