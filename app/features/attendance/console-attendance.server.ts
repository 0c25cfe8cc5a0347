/**
 * The console's attendance screens: a session's slots with how many signed, and one slot's signing
 * page (its learners, their latest entry, their personal links, the trainer's countersignature),
 * with the actions that record signatures, marks and corrections. A mark or a correction is a new
 * entry, audited on the learner with the status before and after; nothing is ever changed in place.
 */

import { and, asc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { attendanceCountersignatures, attendanceEntries } from "~/features/attendance/schema.server";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { sessionHeading, sessionTitleOf } from "~/features/catalogue/index.server";
import { learners } from "~/features/learners/schema.server";
import { consoleAction, failure, intentOf, success } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { entityId } from "~/platform/form-schema";
import { formatTime } from "~/platform/paris-time";
import type { AppRuntime } from "~/platform/runtime.server";
import { detectAbsenceAlerts } from "./absence-alerts.server";
import { attendanceCode, attendanceUrl, codeText, slotLinks } from "./attendance-links.server";
import { linkMailsOf, SLOT_CLOSED, sendSlotLinks } from "./link-mails.server";
import { attendedMinutes } from "./minutes.server";
import { slotHeading } from "./sheet";
import {
  type CountersignOutcome,
  countersign,
  type Device,
  type SignOutcome,
  sessionSlotsOf,
  signOnPad,
  slotOf,
} from "./signing.server";
import { windowState } from "./signing-window";
import { ATTENDANCE_STATUS_LABELS, type AttendanceMethod, type AttendanceStatus } from "./vocabulary";

export interface LatestEntry {
  id: string;
  status: AttendanceStatus;
  lateMinutes: number;
  reason: string | null;
  method: AttendanceMethod;
  recordedAt: Date;
  /** How many entries the learner has for the slot (more than one: corrected). */
  count: number;
}

/** The latest entry of each learner for one slot. */
async function latestEntries(db: Db, slotId: string): Promise<Map<string, LatestEntry>> {
  const found = await rows<{
    id: string;
    learner_id: string;
    status: AttendanceStatus;
    late_minutes: number;
    reason: string | null;
    method: AttendanceMethod;
    recorded_at: Date | string;
    count: number | string;
  }>(
    db,
    sql`select distinct on (learner_id) id, learner_id, status, late_minutes, reason, method, recorded_at,
               count(*) over (partition by learner_id) as count
          from attendance_entries where slot_id = ${slotId}
         order by learner_id, seq desc`,
  );
  return new Map(
    found.map((r) => [
      r.learner_id,
      {
        id: r.id,
        status: r.status,
        lateMinutes: r.late_minutes,
        reason: r.reason,
        method: r.method,
        recordedAt: new Date(r.recorded_at),
        count: Number(r.count),
      },
    ]),
  );
}

function sessionLearners(db: Db, sessionId: string) {
  return db
    .select({ id: learners.id, firstName: learners.firstName, lastName: learners.lastName })
    .from(learners)
    .where(and(eq(learners.sessionId, sessionId), sql`${learners.anonymisedAt} is null`))
    .orderBy(asc(learners.lastName), asc(learners.firstName));
}

/** A session's attendance overview: its slots with their counts, its learners with their hours. */
export async function sessionAttendance(db: Db, sessionId: string) {
  const session = await sessionHeading(db, sessionId);
  if (!session) return null;
  const [slots, people, minutes, counts] = await Promise.all([
    sessionSlotsOf(db, sessionId),
    sessionLearners(db, sessionId),
    attendedMinutes(db, { sessionId }),
    rows<{ slot_id: string; present: number | string; absent: number | string; countersigned: boolean }>(
      db,
      sql`select s.id as slot_id,
                 count(*) filter (where latest.status in ('present', 'late')) as present,
                 count(*) filter (where latest.status = 'absent') as absent,
                 exists (select 1 from attendance_countersignatures c where c.slot_id = s.id) as countersigned
            from session_slots s
            left join lateral (
              select distinct on (e.learner_id) e.status from attendance_entries e
               where e.slot_id = s.id order by e.learner_id, e.seq desc
            ) latest on true
           where s.session_id = ${sessionId}
           group by s.id`,
    ),
  ]);
  const bySlot = new Map(counts.map((c) => [c.slot_id, c]));
  return {
    session,
    slots: slots.map((s) => ({
      ...s,
      heading: slotHeading(s),
      present: Number(bySlot.get(s.id)?.present ?? 0),
      absent: Number(bySlot.get(s.id)?.absent ?? 0),
      countersigned: Boolean(bySlot.get(s.id)?.countersigned),
    })),
    learners: people.map((p) => ({
      id: p.id,
      name: `${p.firstName ?? ""} ${p.lastName ?? ""}`.trim(),
      minutes: minutes.get(p.id) ?? 0,
    })),
  };
}

/** One slot's signing page: its learners with their latest entry and personal link. */
export async function slotAttendance(
  app: Pick<AppRuntime, "db" | "config">,
  sessionId: string,
  slotId: string,
  now: Date,
) {
  const { db } = app;
  const [session, slot] = await Promise.all([sessionHeading(db, sessionId), slotOf(db, sessionId, slotId)]);
  if (!session || !slot) return null;
  const [people, latest, links, mails, countersignature] = await Promise.all([
    sessionLearners(db, sessionId),
    latestEntries(db, slotId),
    slotLinks(db, app.config.authSecret, slotId),
    linkMailsOf(db, slotId),
    db
      .select({
        trainerName: attendanceCountersignatures.trainerName,
        signedAt: attendanceCountersignatures.signedAt,
      })
      .from(attendanceCountersignatures)
      .where(eq(attendanceCountersignatures.slotId, slotId)),
  ]);
  const linkOf = new Map(links.map((l) => [l.learnerId, attendanceUrl(app.config.publicUrl, l.token)]));
  return {
    session,
    slot: { ...slot, heading: slotHeading(slot), window: windowState(slot, now) },
    learners: people.map((p) => ({
      id: p.id,
      name: `${p.firstName ?? ""} ${p.lastName ?? ""}`.trim(),
      entry: latest.get(p.id) ?? null,
      link: linkOf.get(p.id) ?? null,
      linkMail: mails.get(p.id) ?? null,
      code: codeText(attendanceCode(app.config.authSecret, p.id)),
    })),
    countersignature: countersignature[0] ?? null,
  };
}

/* ---------------------------------------------------------------------------------------------- */
/* Actions                                                                                         */
/* ---------------------------------------------------------------------------------------------- */

const markSchema = z
  .object({
    sessionId: entityId,
    slotId: entityId,
    learnerId: entityId,
    status: z.enum(["present", "late", "absent"], { message: "Choisissez présent·e, en retard ou absent·e" }),
    lateMinutes: z.string().optional(),
    reason: z.string().trim().max(300, "300 caractères au plus").optional(),
  })
  .transform((v, ctx) => {
    const late = v.status === "late" ? Number(v.lateMinutes ?? "") : 0;
    if (v.status === "late" && (!Number.isInteger(late) || late < 1 || late > 1440)) {
      ctx.addIssue({
        code: "custom",
        path: ["lateMinutes"],
        message: "Indiquez le retard en minutes (1 ou plus)",
      });
      return z.NEVER;
    }
    return { ...v, lateMinutes: late, reason: v.reason ? v.reason : null };
  });

const statusText = (e: { status: AttendanceStatus; lateMinutes: number } | null | undefined) =>
  !e
    ? "non renseigné"
    : e.status === "late"
      ? `${ATTENDANCE_STATUS_LABELS.late} (${e.lateMinutes} min)`
      : ATTENDANCE_STATUS_LABELS[e.status];

/**
 * A mark by staff ('mark': the first entry of the learner for the slot) or a correction ('correct':
 * a new entry over the latest one), audited with the status before and after. The trainer's space
 * posts its marks here too (trainer-attendance.server.ts), the slot checked as theirs first.
 */
export async function recordMark(app: AppRuntime, actor: Actor, form: FormData, correction: boolean) {
  const intent = correction ? "correct" : "mark";
  const parsed = markSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = Object.fromEntries(
      parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message]),
    );
    return failure(intent, "Saisie incomplète", 400, "Vérifiez les champs signalés.", errors);
  }
  const v = parsed.data;
  const slot = await slotOf(app.db, v.sessionId, v.slotId);
  const [learner] = await app.db
    .select({ id: learners.id, firstName: learners.firstName, lastName: learners.lastName })
    .from(learners)
    .where(and(eq(learners.id, v.learnerId), eq(learners.sessionId, v.sessionId)));
  if (!slot || !learner) return failure(intent, "Créneau ou stagiaire introuvable", 404);
  let alerted = 0;
  const answer = await app.db.transaction(async (tx) => {
    // One correction at a time per learner and slot: the latest entry read here is the one corrected.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attendance:${v.slotId}:${v.learnerId}`}))`);
    const before = (await latestEntries(tx, v.slotId)).get(v.learnerId) ?? null;
    if (before && !correction) {
      return failure(
        intent,
        "Émargement déjà renseigné",
        409,
        "Une saisie existe déjà pour ce créneau\u00a0: utilisez «\u00a0Corriger\u00a0» (réservé aux administrateurs).",
      );
    }
    if (!before && correction)
      return failure(intent, "Rien à corriger", 409, "Aucune saisie pour ce créneau.");
    await tx.insert(attendanceEntries).values({
      slotId: v.slotId,
      learnerId: v.learnerId,
      status: v.status,
      lateMinutes: v.lateMinutes,
      reason: v.reason,
      method: "staff",
      correctsId: before?.id ?? null,
      recordedBy: actor.id,
    });
    await writeAudit(tx, actor, {
      action: "update",
      entity: "learner",
      entityId: v.learnerId,
      details: {
        attendance: { slotId: v.slotId, slot: slotHeading(slot), correction, reason: v.reason },
        changes: [{ field: "attendance", from: statusText(before), to: statusText(v) }],
      },
    });
    // An absence may cross Paramètres' thresholds: the alert and its e-mail go with the mark.
    if (v.status === "absent") alerted = await detectAbsenceAlerts(tx, v.learnerId, app.config.publicUrl);
    const name = `${learner.firstName ?? ""} ${learner.lastName ?? ""}`.trim();
    return success(
      intent,
      `${correction ? "Correction enregistrée" : "Émargement enregistré"}\u00a0: ${name}, ${statusText(v).toLowerCase()}`,
    );
  });
  if (alerted > 0) app.mail.wake();
  return answer;
}

function signFailure(intent: string, outcome: Exclude<SignOutcome, { state: "signed" }>) {
  switch (outcome.state) {
    case "already":
      return failure(intent, `Déjà signé à ${formatTime(outcome.signedAt)}`, 409);
    case "early":
      return failure(intent, `La signature ouvre à ${formatTime(outcome.opensAt)}`, 409);
    case "closed":
      return failure(
        intent,
        "Le créneau est terminé",
        410,
        "Il n'est plus possible de signer ; notez la présence avec « Présent·e » si besoin.",
      );
    case "invalid":
      return failure(intent, outcome.error, 400, undefined, { signature: outcome.error });
    case "unknown":
      return failure(intent, "Créneau ou stagiaire introuvable", 404);
  }
}

/** The device a console post comes from: the address the server saw and the browser's name. */
export const deviceOf = (request: Request, clientIp: string): Device => ({
  ip: clientIp,
  userAgent: request.headers.get("user-agent"),
});

/**
 * 'Tous présents' on a slot that has ended (the paper sheet of the week typed in afterwards): every
 * learner still following the session who has no entry for the slot is marked present by staff, one
 * new entry each (method 'staff', recorded by the actor), in one transaction audited on the session
 * with the slot and how many; those with an entry (signed, absent, late, marked) keep it. The
 * exceptions are then marked or corrected one by one as before. Nothing is changed in place: the
 * entries stay append-only. Each learner's lock is the one a single mark takes, so a mark of one of
 * them at the same moment is either seen (and kept) or waits and finds the entry.
 */
async function markAllPresent(app: AppRuntime, actor: Actor, sessionId: string, slotId: string, now: Date) {
  const intent = "all-present";
  const slot = await slotOf(app.db, sessionId, slotId);
  if (!slot) return failure(intent, "Créneau introuvable", 404);
  if (windowState(slot, now) !== "closed") {
    return failure(
      intent,
      "Le créneau n'est pas terminé",
      409,
      "« Tous présents » sert après le créneau : pendant celui-ci, chacun·e signe.",
    );
  }
  const marked = await app.db.transaction(async (tx) => {
    const members = await tx
      .select({ id: learners.id })
      .from(learners)
      .where(
        and(
          eq(learners.sessionId, sessionId),
          ne(learners.status, "dropped_out"),
          sql`${learners.anonymisedAt} is null`,
        ),
      )
      .orderBy(asc(learners.id));
    // In the order of their ids: two such actions at once never wait for each other in a circle.
    for (const m of members) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attendance:${slotId}:${m.id}`}))`);
    }
    const recorded = new Set((await latestEntries(tx, slotId)).keys());
    const missing = members.filter((m) => !recorded.has(m.id));
    if (missing.length === 0) return 0;
    await tx.insert(attendanceEntries).values(
      missing.map((m) => ({
        slotId,
        learnerId: m.id,
        status: "present" as const,
        method: "staff" as const,
        recordedBy: actor.id,
        recordedAt: now,
      })),
    );
    await writeAudit(tx, actor, {
      action: "update",
      entity: "formation_session",
      entityId: sessionId,
      details: {
        title: await sessionTitleOf(tx, sessionId),
        slotId,
        slot: slotHeading(slot),
        allPresent: missing.length,
      },
    });
    return missing.length;
  });
  if (marked === 0) return failure(intent, "Chaque stagiaire a déjà une saisie pour ce créneau", 409);
  await app.events.publish({ table: "attendance_entries", op: "insert" });
  return success(
    intent,
    marked === 1 ? "1 stagiaire marqué·e présent·e" : `${marked} stagiaires marqué·es présent·es`,
  );
}

/** Which permission each intent of the slot signing page needs. */
export const ATTENDANCE_PERMISSIONS = {
  sign: "attendance:sign",
  countersign: "attendance:sign",
  mark: "attendance:sign",
  correct: "attendance:correct",
  "send-links": "attendance:sign",
  "all-present": "attendance:sign",
} as const;

/**
 * The slot signing page's action for one request: `device` is where the post comes from, `now` the
 * server's clock (a chosen instant in tests). Signatures and countersignatures are what the trainer's
 * device posts; marks and corrections are staff's.
 */
export function attendanceAction(device: Device, now: Date) {
  return consoleAction(ATTENDANCE_PERMISSIONS, async (app, actor, form) => {
    const intent = intentOf(form);
    if (intent === "mark" || intent === "correct") return recordMark(app, actor, form, intent === "correct");
    const ids = z.object({ sessionId: entityId, slotId: entityId }).safeParse(Object.fromEntries(form));
    if (!ids.success) return failure(intent, "Créneau introuvable", 404);
    if (intent === "all-present") return markAllPresent(app, actor, ids.data.sessionId, ids.data.slotId, now);
    if (intent === "send-links") {
      const sent = await sendSlotLinks(app, actor, ids.data.sessionId, ids.data.slotId, now);
      if (sent === null) return failure(intent, "Créneau introuvable", 404);
      if (sent === "closed") return failure(intent, SLOT_CLOSED, 410);
      return success(
        intent,
        sent === 0
          ? "Aucun lien à envoyer : chaque stagiaire a déjà reçu le sien."
          : sent === 1
            ? "1 lien envoyé par e-mail"
            : `${sent} liens envoyés par e-mail`,
      );
    }
    if (intent === "sign") {
      const learnerId = entityId.safeParse(form.get("learnerId"));
      if (!learnerId.success) return failure(intent, "Stagiaire introuvable", 404);
      const outcome = await signOnPad(
        app.db,
        { ...ids.data, learnerId: learnerId.data, recordedBy: actor.id },
        form,
        device,
        now,
      );
      if (outcome.state !== "signed") return signFailure(intent, outcome);
      await app.events.publish({ table: "attendance_entries", op: "insert" });
      return success(intent, "Signature enregistrée");
    }
    const outcome = await countersign(app.db, { ...ids.data, signedBy: actor.id }, form, device, now);
    return countersignAnswer(app, intent, outcome);
  });
}

/** What a countersignature's outcome answers, from the console or the trainer's space. */
export async function countersignAnswer(app: AppRuntime, intent: string, outcome: CountersignOutcome) {
  switch (outcome.state) {
    case "signed":
      await app.events.publish({ table: "attendance_entries", op: "insert" });
      return success(intent, "Créneau contresigné");
    case "already":
      return failure(intent, `Déjà contresigné à ${formatTime(outcome.signedAt)}`, 409);
    case "early":
      return failure(intent, `La contresignature ouvre à ${formatTime(outcome.opensAt)}`, 409);
    case "invalid":
      return failure(intent, outcome.error, 400, undefined, { [outcome.field]: outcome.error });
    case "unknown":
      return failure(intent, "Créneau introuvable", 404);
  }
}
