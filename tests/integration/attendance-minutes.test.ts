// The minutes each learner attended (attendedMinutes), what the attestation and the sheet read: the
// latest entry of a learner and a slot counts, present counts the slot, late the slot less the
// lateness, absent nothing; bounded by session, learners and Paris days. Entries are append-only in
// the database itself: changing or removing one is refused whatever code asks.
import { describe, expect, it } from "vitest";
import { attendedMinutes } from "~/features/attendance/index.server";
import { attendanceEntries } from "~/features/attendance/schema.server";
import { formationSessions } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";

const t = setUpTestApp();

async function newSession(start: string, end: string) {
  const [formation] = await t.app.database.query<{ id: string }>(
    "select id from formations order by title limit 1",
  );
  const [session] = await t.app.db
    .insert(formationSessions)
    .values({ formationId: formation?.id ?? "", startDate: start, endDate: end, place: "Salle 1", seats: 12 })
    .returning({ id: formationSessions.id });
  if (!session) throw new Error("no session");
  return session.id;
}

async function newLearners(sessionId: string, names: string[]) {
  const made = await t.app.db
    .insert(learners)
    .values(
      names.map((n) => ({
        sessionId,
        origin: "manual" as const,
        firstName: n,
        lastName: "Martin",
        email: `${n.toLowerCase()}.${sessionId.slice(0, 8)}@example.fr`,
      })),
    )
    .returning({ id: learners.id });
  return made.map((l) => l.id);
}

async function newSlot(sessionId: string, day: string, startMinute: number, endMinute: number) {
  const [slot] = await t.app.db
    .insert(sessionSlots)
    .values({ sessionId, day, startMinute, endMinute })
    .returning({ id: sessionSlots.id });
  if (!slot) throw new Error("no slot");
  return slot.id;
}

type Entry = Pick<typeof attendanceEntries.$inferInsert, "slotId" | "learnerId" | "status"> & {
  lateMinutes?: number;
};
const mark = (entry: Entry) => t.app.db.insert(attendanceEntries).values({ method: "staff", ...entry });

describe(`attendedMinutes on ${DRIVER}`, () => {
  it("counts present slots, late slots less the lateness, absences as 0; the latest entry wins; filters by session, learners and days", async () => {
    const sessionId = await newSession("2027-03-01", "2027-03-05");
    const [ana, bruno, chloe, dora] = await newLearners(sessionId, ["Ana", "Bruno", "Chloe", "Dora"]);
    if (!ana || !bruno || !chloe || !dora) throw new Error("no learners");
    const monAm = await newSlot(sessionId, "2027-03-01", 540, 750); // 210 min
    const monPm = await newSlot(sessionId, "2027-03-01", 810, 1020); // 210 min
    const tueAm = await newSlot(sessionId, "2027-03-02", 540, 720); // 180 min

    await mark({ slotId: monAm, learnerId: ana, status: "present" });
    await mark({ slotId: monPm, learnerId: ana, status: "late", lateMinutes: 30 });
    await mark({ slotId: tueAm, learnerId: ana, status: "present" });
    await mark({ slotId: monAm, learnerId: bruno, status: "absent" });
    // Bruno was marked absent in the afternoon, then corrected to present: the correction counts.
    await mark({ slotId: monPm, learnerId: bruno, status: "absent" });
    await mark({ slotId: monPm, learnerId: bruno, status: "present" });
    // Chloé was present, then corrected to absent.
    await mark({ slotId: tueAm, learnerId: chloe, status: "present" });
    await mark({ slotId: tueAm, learnerId: chloe, status: "absent" });
    // Lateness longer than the slot counts nothing, never less.
    await mark({ slotId: monAm, learnerId: chloe, status: "late", lateMinutes: 500 });

    const all = await attendedMinutes(t.app.db, { sessionId });
    expect(Object.fromEntries(all)).toEqual({ [ana]: 210 + 180 + 180, [bruno]: 210, [chloe]: 0, [dora]: 0 });

    const monday = await attendedMinutes(t.app.db, { sessionId, from: "2027-03-01", to: "2027-03-01" });
    expect(monday.get(ana)).toBe(390);
    const tuesday = await attendedMinutes(t.app.db, { sessionId, from: "2027-03-02" });
    expect(tuesday.get(ana)).toBe(180);
    expect(tuesday.get(bruno)).toBe(0);

    const some = await attendedMinutes(t.app.db, { learnerIds: [ana, dora] });
    expect(Object.fromEntries(some)).toEqual({ [ana]: 570, [dora]: 0 });
    expect((await attendedMinutes(t.app.db, { learnerIds: [] })).size).toBe(0);
    expect(await attendedMinutes(t.app.db, { learnerIds: [bruno], to: "2027-02-28" })).toEqual(
      new Map([[bruno, 0]]),
    );
  });

  it("keeps the entries of another session apart", async () => {
    const first = await newSession("2027-04-05", "2027-04-09");
    const second = await newSession("2027-04-05", "2027-04-09");
    const [eve] = await newLearners(first, ["Eve"]);
    const [fred] = await newLearners(second, ["Fred"]);
    if (!eve || !fred) throw new Error("no learners");
    await mark({ slotId: await newSlot(first, "2027-04-05", 540, 600), learnerId: eve, status: "present" });
    await mark({ slotId: await newSlot(second, "2027-04-05", 540, 660), learnerId: fred, status: "present" });
    expect(Object.fromEntries(await attendedMinutes(t.app.db, { sessionId: first }))).toEqual({ [eve]: 60 });
    expect(Object.fromEntries(await attendedMinutes(t.app.db, { sessionId: second }))).toEqual({
      [fred]: 120,
    });
  });

  it("refuses to change or delete an entry, in the database itself", async () => {
    const sessionId = await newSession("2027-05-03", "2027-05-07");
    const [gus] = await newLearners(sessionId, ["Gus"]);
    if (!gus) throw new Error("no learner");
    const slotId = await newSlot(sessionId, "2027-05-03", 540, 600);
    await mark({ slotId, learnerId: gus, status: "present" });
    await expect(
      t.app.database.query("update attendance_entries set status = 'absent' where learner_id = $1", [gus]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.app.database.query("delete from attendance_entries where learner_id = $1", [gus]),
    ).rejects.toThrow(/append-only/);
    // The slot it belongs to cannot go either: the sheet is evidence.
    await expect(t.app.database.query("delete from session_slots where id = $1", [slotId])).rejects.toThrow();
    expect((await attendedMinutes(t.app.db, { learnerIds: [gus] })).get(gus)).toBe(60);
  });
});
