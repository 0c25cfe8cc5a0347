// The signing links sent by the server itself before each slot (Paramètres › Émargement): off by
// default; once on, each learner still following the session gets one e-mail per slot, that many
// minutes before it starts, with their personal code for the room's QR code; two rounds, or two
// instances at once, send nothing twice; an ended slot, an abandoned or an anonymised learner get
// nothing; the Journal says the server sent them. Administrators turn it on; moderators may not.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attendanceCode, codeText } from "~/features/attendance/attendance-links.server";
import { AttendanceLinkScheduler } from "~/features/attendance/link-scheduler.server";
import { auditLog } from "~/features/audit/schema.server";
import { formationSessions } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { openPostgres } from "~/platform/db/client.server";
import * as settingsPage from "~/routes/admin/settings";
import { parisAt } from "../support/attendance";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");

const at = parisAt;

async function newSession(day: string) {
  const [formation] = await t.app.database.query<{ id: string }>("select id from formations limit 1");
  const [session] = await t.app.db
    .insert(formationSessions)
    .values({ formationId: formation?.id ?? "", startDate: day, endDate: day, seats: 10 })
    .returning({ id: formationSessions.id });
  if (!session) throw new Error("no session");
  const tag = session.id.slice(0, 8);
  const made = await t.app.db
    .insert(learners)
    .values(
      [
        { firstName: "Ana", status: "enrolled" as const },
        { firstName: "Ben", status: "enrolled" as const },
        { firstName: "Chloé", status: "dropped_out" as const, abandonedOn: day },
      ].map((p) => ({
        ...p,
        lastName: "Auto",
        email: `${p.firstName.toLowerCase()}.${tag}@example.fr`,
        sessionId: session.id,
        origin: "manual" as const,
      })),
    )
    .returning({ id: learners.id, firstName: learners.firstName });
  const slots = await t.app.db
    .insert(sessionSlots)
    .values([
      { sessionId: session.id, day, startMinute: 540, endMinute: 750 },
      { sessionId: session.id, day, startMinute: 810, endMinute: 1020 },
    ])
    .returning({ id: sessionSlots.id });
  const outbox = () =>
    t.app.database.query<{ to_address: string; text_body: string; slot_id: string }>(
      `select m.to_address, m.text_body, a.slot_id from mail_outbox m
         join attendance_links a on a.id = m.attendance_link_id
        where m.to_address like $1 order by m.to_address, m.created_at`,
      [`%.${tag}@example.fr`],
    );
  return { session, learners: made, slots, outbox, tag };
}

const saveMinutes = (cookie: string, fields: Record<string, string>) =>
  settingsPage.action(
    routeArgs(t, formRequest("/admin/parametres", { intent: "attendance-links", ...fields }, cookie)),
  );

describe(`automatic signing links on ${DRIVER}`, () => {
  it("off by default; once on, each learner gets one e-mail per slot before it, whatever the rounds or instances", async () => {
    const s = await newSession("2027-04-05");
    const [morning, afternoon] = s.slots;
    // Off: a round at the slot's start sends nothing.
    expect(await t.app.attendanceLinks.runOnce(at("2027-04-05", "09:00"))).toBe(0);
    expect(await s.outbox()).toHaveLength(0);

    // A moderator may not turn it on; a wrong number is refused in French, nothing changed.
    const refused = await saveMinutes(moderator.cookie, { automatic: "on", minutes: "15" }).catch(
      (thrown: unknown) => thrown,
    );
    expect(statusOf(refused)).toBe(403);
    const wrong = await saveMinutes(admin.cookie, { automatic: "on", minutes: "2" });
    expect(statusOf(wrong)).toBe(400);
    expect(JSON.stringify(await bodyOf(wrong))).toContain("entre 5 et 720");
    const on = await saveMinutes(admin.cookie, { automatic: "on", minutes: "20" });
    expect(statusOf(on)).toBe(200);

    // 8 h 39: 21 minutes before the morning: nothing yet. 8 h 40: the morning's links, not the afternoon's.
    expect(await t.app.attendanceLinks.runOnce(at("2027-04-05", "08:39"))).toBe(0);
    expect(await t.app.attendanceLinks.runOnce(at("2027-04-05", "08:40"))).toBe(2);
    let mails = await s.outbox();
    expect(mails.map((m) => [m.to_address, m.slot_id])).toEqual([
      [`ana.${s.tag}@example.fr`, morning?.id],
      [`ben.${s.tag}@example.fr`, morning?.id],
    ]);
    const ana = s.learners.find((l) => l.firstName === "Ana");
    const body = (mails[0]?.text_body ?? "").replace(/\s+/g, " ");
    expect(body).toContain(codeText(attendanceCode(t.app.config.authSecret, ana?.id ?? "")));

    // A second round, and two instances at once: nothing more.
    const second =
      DRIVER === "pg" && t.database.url ? await openPostgres(t.database.url, { poolSize: 2 }) : null;
    try {
      const other = new AttendanceLinkScheduler(
        { db: second?.db ?? t.app.db, config: t.app.config, mail: t.app.mail },
        t.app.logger,
      );
      const rounds = await Promise.all([
        t.app.attendanceLinks.runOnce(at("2027-04-05", "08:45")),
        other.runOnce(at("2027-04-05", "08:45")),
      ]);
      expect(rounds).toEqual([0, 0]);
      // The afternoon: both instances at once, from 13 h 10; each learner's link leaves once.
      const afternoonRounds = await Promise.all([
        t.app.attendanceLinks.runOnce(at("2027-04-05", "13:10")),
        other.runOnce(at("2027-04-05", "13:10")),
      ]);
      expect(afternoonRounds[0] + afternoonRounds[1]).toBe(2);
      expect(await other.runOnce(at("2027-04-05", "13:20"))).toBe(0);
    } finally {
      await second?.close();
    }
    mails = await s.outbox();
    expect(mails).toHaveLength(4);
    expect(mails.filter((m) => m.slot_id === afternoon?.id).map((m) => m.to_address)).toEqual([
      `ana.${s.tag}@example.fr`,
      `ben.${s.tag}@example.fr`,
    ]);
    // Never to the learner who abandoned.
    expect(mails.some((m) => m.to_address.startsWith("chloé"))).toBe(false);

    // The Journal: sent by the server itself (no account), the slot and how many, no name.
    const sends = (await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, s.session.id))).filter(
      (e) => e.action === "send",
    );
    expect(sends).toHaveLength(2);
    expect(sends.every((e) => e.actorId === null && e.actorEmail === null)).toBe(true);
    expect(sends.map((e) => (e.details as { attendanceLinks: number }).attendanceLinks)).toEqual([2, 2]);

    // An ended slot sends nothing even when its links never left (the server was stopped).
    const late = await newSession("2027-04-06");
    expect(await t.app.attendanceLinks.runOnce(at("2027-04-06", "17:30"))).toBe(0);
    expect(await late.outbox()).toHaveLength(0);

    // Off again: nothing leaves.
    expect(statusOf(await saveMinutes(admin.cookie, {}))).toBe(200);
    const off = await newSession("2027-04-07");
    expect(await t.app.attendanceLinks.runOnce(at("2027-04-07", "08:50"))).toBe(0);
    expect(await off.outbox()).toHaveLength(0);
  });
});
