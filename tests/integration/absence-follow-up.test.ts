// Absence follow-up (Qualiopi indicator 12): Paramètres' two thresholds, checked in French; a staff mark
// that crosses one writes one alert and queues one e-mail to the centre, however often the check runs
// and from however many instances; a late mark is no absence; a follow-up recorded on the learner's
// page closes the alert (the dashboard drops it), 'Abandon' sets the learner's status; indicator 12 is
// 'À compléter' while an alert is open and 'Prouvé' once followed up; anonymising empties the notes;
// anonymous and role-less visitors are refused on every new loader and action.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { detectAbsenceAlerts } from "~/features/attendance/absence-alerts.server";
import { absenceFollowUpCsv } from "~/features/attendance/absence-register.server";
import { absenceAlerts, absenceFollowUps } from "~/features/attendance/schema.server";
import { auditLog } from "~/features/audit/schema.server";
import { anonymised } from "~/features/learners/retention.server";
import { learners } from "~/features/learners/schema.server";
import type { IndicatorRow } from "~/features/quality/rules";
import { centreSettings } from "~/features/settings/schema.server";
import { addDays, parisToday } from "~/platform/dates";
import { openPostgres } from "~/platform/db/client.server";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as followUpRoute from "~/routes/admin/learner-follow-up";
import * as boardRoute from "~/routes/admin/quality";
import * as slotPage from "~/routes/admin/session-attendance-slot";
import * as settingsRoute from "~/routes/admin/settings";
import { attendanceSession } from "../support/attendance";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

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
  return {
    status: statusOf(result),
    body: await bodyOf(result).catch((): Record<string, unknown> => ({})),
  };
}

const today = parisToday();
/** Four past slots of three hours (12 hours planned): one absence is 25 % of them. */
const DAYS = [-6, -5, -4, -3].map((n) => addDays(today, n));

/** A session of its own, its learners named 'Prénom<i> <lastName><i>' (the e-mails' subjects tell them apart). */
async function session(people: number, lastName: string) {
  const made = await attendanceSession(t, {
    people,
    lastName,
    slots: DAYS.map((day) => ({ day, startMinute: 540, endMinute: 720 })),
    session: { startDate: DAYS[0], endDate: DAYS.at(-1) },
  });
  /** A staff mark (moderator) of learner `learnerId` on slot `i`. */
  const mark = async (learnerId: string, i: number, status: string, extra: Record<string, string> = {}) => {
    const slotId = made.slotIds[i] ?? "";
    const { status: code } = await call(
      slotPage,
      "action",
      made.baseOf(slotId),
      moderator.cookie,
      { intent: "mark", sessionId: made.session.id, slotId, learnerId, status, ...extra },
      made.paramsOf(slotId),
    );
    expect(code).toBe(200);
  };
  return { ...made, mark };
}

/** Paramètres' absence card posted by `cookie`'s account (the administrator's when not said). */
const thresholds = (fields: Record<string, string>, ...as: [cookie?: string | undefined]) =>
  call(settingsRoute, "action", "/admin/parametres", as.length ? as[0] : admin.cookie, {
    intent: "absence-alerts",
    ...fields,
  });

const alertsOf = (learnerId: string) =>
  t.app.db.select().from(absenceAlerts).where(eq(absenceAlerts.learnerId, learnerId));

const mailsAbout = async (name: string) =>
  (
    await t.app.database.query<{ to_address: string; subject: string; text_body: string }>(
      "select to_address, subject, text_body from mail_outbox where kind = 'absence_alert' order by created_at",
    )
  ).filter((m) => m.subject.includes(name));

const followUp = (learnerId: string, fields: Record<string, string>, cookie = moderator.cookie) =>
  call(
    followUpRoute,
    "action",
    `/admin/stagiaires/${learnerId}/suivi`,
    cookie,
    { intent: "follow-up", learnerId, ...fields },
    { id: learnerId },
  );

async function indicator12(): Promise<IndicatorRow> {
  const { body } = await call(boardRoute, "loader", "/admin/qualiopi", admin.cookie);
  const row = (body as { board: { rows: IndicatorRow[] } }).board.rows.find((r) => r.number === 12);
  if (!row) throw new Error("no indicator 12");
  return row;
}

describe(`absence follow-up on ${DRIVER}`, () => {
  it("refuses anonymous and role-less visitors on the follow-up page, its action and the thresholds", async () => {
    const { learnerIds } = await session(1, "Murs");
    const id = learnerIds[0] ?? "";
    const path = `/admin/stagiaires/${id}/suivi`;
    const fields = { intent: "follow-up", learnerId: id, kind: "call", happenedOn: today };
    for (const [cookie, expected] of [
      [undefined, 302],
      [roleless.cookie, 403],
    ] as const) {
      const who = cookie ? "sans rôle" : "anonymous";
      expect((await call(followUpRoute, "loader", path, cookie, undefined, { id })).status, who).toBe(
        expected,
      );
      expect((await call(followUpRoute, "action", path, cookie, fields, { id })).status, who).toBe(expected);
      expect(
        (await thresholds({ absenceAlertSlots: "3", absenceAlertPercent: "20" }, cookie)).status,
        who,
      ).toBe(expected);
    }
    // A moderator reads the thresholds but does not set them.
    expect(
      (await thresholds({ absenceAlertSlots: "3", absenceAlertPercent: "20" }, moderator.cookie)).status,
    ).toBe(403);
    expect(await t.app.db.select().from(absenceFollowUps).where(eq(absenceFollowUps.learnerId, id))).toEqual(
      [],
    );
  });

  it("Paramètres checks the thresholds in French and keeps them, with a Journal entry", async () => {
    const bad = await thresholds({ absenceAlertSlots: "deux", absenceAlertPercent: "150" });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors).toEqual({
      absenceAlertSlots: "Indiquez un nombre entier de créneaux entre 0 et 50 (0\u00a0: pas d'alerte)",
      absenceAlertPercent: "Indiquez un pourcentage entier entre 0 et 100 (0\u00a0: pas d'alerte)",
    });
    expect((await thresholds({ absenceAlertSlots: "3", absenceAlertPercent: "0" })).status).toBe(200);
    const [row] = await t.app.db
      .select({ slots: centreSettings.absenceAlertSlots, percent: centreSettings.absenceAlertPercent })
      .from(centreSettings);
    expect(row).toEqual({ slots: 3, percent: 0 });
    const [entry] = await t.app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(sql`${auditLog.details}->>'title' = 'Suivi des absences'`);
    expect(entry?.details).toMatchObject({
      changes: [
        { field: "absenceAlertSlots", from: "2", to: "3" },
        { field: "absenceAlertPercent", from: "10", to: "0" },
      ],
    });
    const { body } = await call(settingsRoute, "loader", "/admin/parametres", moderator.cookie);
    expect(body.absenceThresholds).toEqual({ absenceAlertSlots: 3, absenceAlertPercent: 0 });
  });

  it("absences in a row: one alert and one e-mail when the threshold is reached, however often and wherever it is checked; late is no absence", async () => {
    await thresholds({ absenceAlertSlots: "2", absenceAlertPercent: "0" });
    const s = await session(2, "Suite");
    const [ana, ben] = s.learnerIds;
    await s.mark(ana ?? "", 0, "absent");
    await s.mark(ana ?? "", 1, "late", { lateMinutes: "30" });
    await s.mark(ana ?? "", 2, "absent");
    // Absent, late, absent: never two absences in a row.
    expect(await alertsOf(ana ?? "")).toEqual([]);
    await s.mark(ana ?? "", 3, "absent");
    expect(await alertsOf(ana ?? "")).toMatchObject([{ kind: "consecutive", threshold: 2, observed: 2 }]);
    const mails = await mailsAbout("Prénom0 Suite000");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Absences à suivre\u00a0: Prénom0 Suite000");
    expect(mails[0]?.text_body).toContain(`/admin/stagiaires/${ana}/suivi`);
    expect(mails[0]?.text_body).toContain("Absences consécutives\u00a0: 2 créneaux");
    const [centre] = await t.app.db.select({ to: centreSettings.leadRecipient }).from(centreSettings);
    expect(mails[0]?.to_address).toBe(centre?.to);

    // The check again, twice at once, and from a second instance: nothing more.
    const second =
      DRIVER === "pg" && t.database.url ? await openPostgres(t.database.url, { poolSize: 2 }) : null;
    try {
      const runs = await Promise.all([
        t.app.db.transaction((tx) => detectAbsenceAlerts(tx, ana ?? "", t.app.config.publicUrl)),
        (second?.db ?? t.app.db).transaction((tx) =>
          detectAbsenceAlerts(tx, ana ?? "", t.app.config.publicUrl),
        ),
      ]);
      expect(runs).toEqual([0, 0]);
    } finally {
      await second?.close();
    }
    expect(await alertsOf(ana ?? "")).toHaveLength(1);
    expect(await mailsAbout("Prénom0 Suite000")).toHaveLength(1);

    // Late on every slot: no alert for Ben.
    for (const i of [0, 1, 2, 3]) await s.mark(ben ?? "", i, "late", { lateMinutes: "90" });
    expect(await alertsOf(ben ?? "")).toEqual([]);
  });

  it("share of the hours: one alert from the percent missed, whatever the marks after; two instances marking at once still alert once", async () => {
    await thresholds({ absenceAlertSlots: "0", absenceAlertPercent: "40" });
    const s = await session(2, "Heures");
    const [ana, ben] = s.learnerIds;
    await s.mark(ana ?? "", 0, "absent");
    // 3 hours of 12: 25 %, under 40 %.
    expect(await alertsOf(ana ?? "")).toEqual([]);
    await s.mark(ana ?? "", 2, "absent");
    expect(await alertsOf(ana ?? "")).toMatchObject([{ kind: "hours", threshold: 40, observed: 50 }]);
    await s.mark(ana ?? "", 3, "absent");
    expect(await alertsOf(ana ?? "")).toHaveLength(1);
    expect(await mailsAbout("Prénom0 Heures000")).toHaveLength(1);
    // Ben's two absences posted at once: each mark counts the other's, one alert.
    await Promise.all([s.mark(ben ?? "", 0, "absent"), s.mark(ben ?? "", 1, "absent")]);
    expect(await alertsOf(ben ?? "")).toMatchObject([{ kind: "hours", observed: 50 }]);
    expect(await mailsAbout("Prénom1 Heures001")).toHaveLength(1);
  });

  it("a follow-up closes the alert: the dashboard drops it, indicator 12 turns 'Prouvé'; 'Abandon' sets the status; anonymising empties the notes", async () => {
    await thresholds({ absenceAlertSlots: "2", absenceAlertPercent: "10" });
    const s = await session(1, "Suivi");
    const id = s.learnerIds[0] ?? "";
    await s.mark(id, 0, "absent");
    await s.mark(id, 1, "absent");
    expect((await alertsOf(id)).map((a) => a.kind).sort()).toEqual(["consecutive", "hours"]);

    const dashboard = async () =>
      (await call(dashboardRoute, "loader", "/admin", moderator.cookie)).body.absenceAlerts as {
        learnerId: string;
      }[];
    expect((await dashboard()).filter((a) => a.learnerId === id)).toHaveLength(2);
    const open = await indicator12();
    expect(open.state).toBe("incomplete");
    expect(open.missing).toMatch(/alertes? d'absences sans suivi/);
    expect(open.fix?.href).toMatch(/^\/admin\/stagiaires\/[0-9a-f-]+\/suivi$/);

    // Refused in French: an unknown kind, a day to come.
    const errorsOf = async (fields: Record<string, string>) => {
      const answer = await followUp(id, fields);
      expect(answer.status).toBe(400);
      return (answer.body as { errors: Record<string, string> }).errors;
    };
    expect(await errorsOf({ kind: "visite", happenedOn: "31/02" })).toEqual({
      kind: "Choisissez le suivi\u00a0: appel, entretien ou abandon",
      happenedOn: "Indiquez une date valide",
    });
    expect(await errorsOf({ kind: "call", happenedOn: addDays(today, 2) })).toEqual({
      happenedOn: "La date ne peut pas être dans le futur",
    });

    // Every open alert of the file followed up (other tests' learners too), then the board.
    const openIds = new Set((await dashboard()).map((a) => a.learnerId));
    for (const learnerId of openIds) {
      const done = await followUp(learnerId, {
        kind: "call",
        happenedOn: today,
        note: "Joint par téléphone.",
      });
      expect(done.status, learnerId).toBe(200);
    }
    expect(await dashboard()).toEqual([]);
    const proven = await indicator12();
    expect(proven.state).toBe("proven");
    const all = (await t.app.db.select().from(absenceAlerts)).length;
    expect(proven.evidence.map((e) => e.text)).toContain(
      `${all} alertes d'absences en 12\u00a0mois, ${all} suivies`,
    );

    // The page lists the follow-up with who recorded it; the Journal names its kind, never its note.
    const page = await call(
      followUpRoute,
      "loader",
      `/admin/stagiaires/${id}/suivi`,
      moderator.cookie,
      undefined,
      {
        id,
      },
    );
    const loaded = page.body.page as {
      alerts: { open: boolean }[];
      followUps: { kind: string; note: string; recordedBy: string }[];
    };
    expect(loaded.alerts.map((a) => a.open)).toEqual([false, false]);
    expect(loaded.followUps).toMatchObject([
      { kind: "call", note: "Joint par téléphone.", recordedBy: "Camille Test" },
    ]);
    const entries = await t.app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), sql`${auditLog.details} ? 'followUp'`));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain("Joint par téléphone");

    // The evidence pack's folder 12: each alert with its first follow-up, never the note.
    const csv = await absenceFollowUpCsv(t.app.db, { from: addDays(today, -1), to: today });
    const line = csv.split("\n").find((l) => l.includes("Prénom0 Suivi000") && l.includes("consécutives"));
    expect(line).toContain("Appel");
    expect(line).toContain("Camille Test");
    expect(csv).not.toContain("Joint par téléphone");

    // 'Abandon': the learner's status, as Stagiaires records it.
    expect(
      (await followUp(id, { kind: "dropout", happenedOn: addDays(today, -1), note: "Déménage." })).status,
    ).toBe(200);
    const [after] = await t.app.db
      .select({ status: learners.status, abandonedOn: learners.abandonedOn })
      .from(learners)
      .where(eq(learners.id, id));
    expect(after).toEqual({ status: "dropped_out", abandonedOn: addDays(today, -1) });

    // Anonymised: the notes go, the follow-ups' kinds and days stay for the counts; no more follow-up.
    await t.app.db.update(learners).set(anonymised(new Date())).where(eq(learners.id, id));
    const kept = await t.app.db
      .select({ kind: absenceFollowUps.kind, note: absenceFollowUps.note })
      .from(absenceFollowUps)
      .where(eq(absenceFollowUps.learnerId, id));
    expect(kept.map((f) => f.note)).toEqual(["", ""]);
    expect(kept.map((f) => f.kind).sort()).toEqual(["call", "dropout"]);
    const refused = await followUp(id, { kind: "call", happenedOn: today });
    expect(refused.status).toBe(400);
  });
});
