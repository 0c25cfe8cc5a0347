/**
 * The console's attendance actions: they record signatures, marks and corrections (the screens'
 * readings are in attendance-views.server.ts). A mark or a correction is a new entry, audited on the
 * learner with the status before and after; nothing is ever changed in place.
 */

import { and, asc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { attendanceEntries } from "~/features/attendance/schema.server";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { sessionTitleOf } from "~/features/catalogue/index.server";
import { learners } from "~/features/learners/schema.server";
import { consoleAction, failure, intentOf, success } from "~/platform/console/action.server";
import { entityId } from "~/platform/form-schema";
import { formatTime } from "~/platform/paris-time";
import type { AppRuntime } from "~/platform/runtime.server";
import { detectAbsenceAlerts } from "./absence-alerts.server";
import { latestEntries } from "./attendance-views.server";
import { SLOT_CLOSED, sendSlotLinks } from "./link-mails.server";
import { slotHeading } from "./sheet";
import {
  type CountersignOutcome,
  countersign,
  type Device,
  type SignOutcome,
  signOnPad,
  slotOf,
} from "./signing.server";
import { windowState } from "./signing-window";
import { ATTENDANCE_STATUS_LABELS, type AttendanceStatus } from "./vocabulary";

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
