/**
 * A learner's absence follow-up page (Stagiaires › Suivi des absences): the alerts Paramètres'
 * thresholds raised, the follow-ups staff recorded (a call, a meeting, the abandon) with who recorded
 * them, and the form that records one. Read under learners:read, recorded under learners:write, each
 * follow-up with its Journal entry (its kind and day, never its note). 'Abandon' also sets the
 * learner's status as Stagiaires does (learners' recordAbandon), in the same transaction.
 */
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "~/features/accounts/schema.server";
import { writeAudit } from "~/features/audit/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { learnerTitleOf, recordAbandon } from "~/features/learners/index.server";
import { learners } from "~/features/learners/schema.server";
import {
  AdminInputError,
  attemptParsed,
  consoleAction,
  unknownIntent,
} from "~/platform/console/action.server";
import { parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { textFields } from "~/platform/form-data";
import { calendarDay, entityId } from "~/platform/form-schema";
import { multiLine } from "~/platform/text-fields";
import { learnerAbsenceAlerts } from "./absence-alerts.server";
import { absenceFollowUps } from "./schema.server";
import { FOLLOW_UP_KIND_LABELS, FOLLOW_UP_KINDS } from "./vocabulary";

/** A note of a few paragraphs at most. */
export const FOLLOW_UP_NOTE_MAX = 2000;

export const FOLLOW_UP_ERRORS = {
  kind: "Choisissez le suivi\u00a0: appel, entretien ou abandon",
  day: "Indiquez une date valide",
  future: "La date ne peut pas être dans le futur",
  gone: "Ce ou cette stagiaire n'existe plus ou a été anonymisé·e.",
} as const;

/** The posted follow-up, checked: its learner, kind, day (not after today, Paris) and note. */
export const followUpSchema = z
  .object({
    learnerId: entityId,
    kind: z.enum(FOLLOW_UP_KINDS, { error: FOLLOW_UP_ERRORS.kind }),
    happenedOn: calendarDay(FOLLOW_UP_ERRORS.day),
    note: z.preprocess(
      (v) => multiLine(typeof v === "string" ? v : ""),
      z.string().max(FOLLOW_UP_NOTE_MAX, `${FOLLOW_UP_NOTE_MAX} caractères maximum`),
    ),
  })
  .refine((v) => v.happenedOn <= parisToday(), { path: ["happenedOn"], message: FOLLOW_UP_ERRORS.future });

/** The page: the learner and their session, their alerts and follow-ups; null when there is no such learner. */
export async function learnerFollowUpPage(db: Db, learnerId: string) {
  const [learner] = await db
    .select({
      id: learners.id,
      firstName: learners.firstName,
      lastName: learners.lastName,
      status: learners.status,
      abandonedOn: learners.abandonedOn,
      anonymisedAt: learners.anonymisedAt,
      sessionId: learners.sessionId,
      formationTitle: formations.title,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
    })
    .from(learners)
    .innerJoin(formationSessions, eq(formationSessions.id, learners.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(learners.id, learnerId));
  if (!learner) return null;
  const [alerts, followUps] = await Promise.all([
    learnerAbsenceAlerts(db, learnerId),
    db
      .select({
        id: absenceFollowUps.id,
        kind: absenceFollowUps.kind,
        happenedOn: absenceFollowUps.happenedOn,
        note: absenceFollowUps.note,
        createdAt: absenceFollowUps.createdAt,
        recordedBy: users.name,
      })
      .from(absenceFollowUps)
      .leftJoin(users, eq(users.id, absenceFollowUps.recordedBy))
      .where(eq(absenceFollowUps.learnerId, learnerId))
      .orderBy(desc(absenceFollowUps.createdAt), desc(absenceFollowUps.id)),
  ]);
  const name = learner.anonymisedAt ? null : `${learner.firstName ?? ""} ${learner.lastName ?? ""}`.trim();
  return { learner: { ...learner, name }, alerts, followUps, today: parisToday() };
}

export type LearnerFollowUpPage = NonNullable<Awaited<ReturnType<typeof learnerFollowUpPage>>>;

/** The page's one intent and its permission: recording a follow-up is following the learner. */
export const FOLLOW_UP_PERMISSIONS = { "follow-up": "learners:write" } as const;

/**
 * Records a follow-up (`follow-up`): checked, written with its Journal entry; 'Abandon' sets the
 * learner's status too. An anonymised learner is followed no more.
 */
export const followUpAction = consoleAction(FOLLOW_UP_PERMISSIONS, async (app, actor, form) => {
  if (form.get("intent") !== "follow-up") return unknownIntent(String(form.get("intent") ?? ""));
  return attemptParsed(
    app,
    "follow-up",
    followUpSchema.safeParse(textFields(form)),
    "Suivi non enregistré",
    "Suivi enregistré",
    (input) =>
      app.db.transaction(async (tx) => {
        const [learner] = await tx
          .select({ anonymisedAt: learners.anonymisedAt })
          .from(learners)
          .where(eq(learners.id, input.learnerId));
        if (!learner || learner.anonymisedAt) throw new AdminInputError(FOLLOW_UP_ERRORS.gone);
        await tx.insert(absenceFollowUps).values({ ...input, recordedBy: actor.id });
        await writeAudit(tx, actor, {
          action: "update",
          entity: "learner",
          entityId: input.learnerId,
          details: {
            title: await learnerTitleOf(tx, input.learnerId),
            changes: [{ field: "followUp", to: FOLLOW_UP_KIND_LABELS[input.kind] }],
            followUp: { kind: input.kind, happenedOn: input.happenedOn },
          },
        });
        if (input.kind === "dropout") await recordAbandon(tx, actor, input.learnerId, input.happenedOn);
      }),
  );
});
