import { and, asc, eq, inArray, isNotNull, max } from "drizzle-orm";
import { attendanceCountersignatures } from "~/features/attendance/schema.server";
import type { Actor } from "~/features/audit/index.server";
import {
  type TrainerLearner,
  type TrainerSession,
  trainerLearners,
  trainerSessions,
} from "~/features/timetable/index.server";
import { trainerName } from "~/features/trainers";
import { trainerRecord, trainerTitle } from "~/features/trainers/index.server";
import { trainers } from "~/features/trainers/schema.server";
import { AdminInputError, attemptOnRecord, intentOf, unknownIntent } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { invitePerson } from "./invitations.server";
import { spaceMembers } from "./schema.server";

// The trainer's space: only what belongs to the register entry the walls (trainerOf) let through.
// Their sessions are those they teach a slot of (the timetable's `trainerSessions`), the learners
// those of these sessions only, their documents those the register keeps on them. Each read here
// takes that entry's id, never one from the URL. The invitation comes from the trainer's page of the
// register ('Inviter dans son espace').

export const NO_TRAINER = "Ce formateur ou cette formatrice n'existe plus.";
export const NO_TRAINER_EMAIL =
  "Ce formateur ou cette formatrice n'a pas d'adresse e-mail\u00a0: ajoutez-la à sa fiche pour l'inviter.";
export const INACTIVE_TRAINER =
  "Ce formateur ou cette formatrice n'est plus en activité\u00a0: son espace ne s'ouvre pas.";

/** Invites the trainer `trainerId` into their space, at the register's e-mail (active trainers only). */
export async function inviteTrainer(
  tx: Db,
  actor: Actor,
  trainerId: string,
  publicUrl: string,
): Promise<void> {
  const [trainer] = await tx
    .select({
      email: trainers.email,
      firstName: trainers.firstName,
      lastName: trainers.lastName,
      active: trainers.active,
    })
    .from(trainers)
    .where(eq(trainers.id, trainerId));
  if (!trainer) throw new AdminInputError(NO_TRAINER);
  if (!trainer.email) throw new AdminInputError(NO_TRAINER_EMAIL);
  if (!trainer.active) throw new AdminInputError(INACTIVE_TRAINER);
  await invitePerson(tx, actor, publicUrl, {
    person: { email: trainer.email, firstName: trainer.firstName, lastName: trainer.lastName },
    target: { trainerId },
    role: "trainer",
    title: trainerTitle(trainerId),
  });
}

/** 'Inviter dans son espace' / 'Renvoyer l'invitation' on a trainer's page of the register. */
export const TRAINER_SPACE_INTENTS = { "invite-space": "spaces:invite" } as const;

export async function trainerSpaceIntent(app: AppRuntime, actor: Actor, form: FormData) {
  const intent = intentOf(form);
  if (intent !== "invite-space") return unknownIntent(intent);
  const titles = { error: "Invitation impossible", done: "Invitation envoyée", unknown: NO_TRAINER };
  const answer = await attemptOnRecord(app, intent, form.get("id"), titles, (id) =>
    app.db.transaction((tx) => inviteTrainer(tx, actor, id, app.config.publicUrl)),
  );
  app.mail.wake();
  return answer;
}

/** When the trainer was last invited into their space (ISO), or null: never. */
export async function trainerInvitedAt(db: Db, trainerId: string): Promise<string | null> {
  const [row] = await db
    .select({ at: max(spaceMembers.invitedAt) })
    .from(spaceMembers)
    .where(and(isNotNull(spaceMembers.trainerId), eq(spaceMembers.trainerId, trainerId)));
  return row?.at ? new Date(row.at).toISOString() : null;
}

export interface TrainerSpaceSession extends TrainerSession {
  learners: TrainerLearner[];
  /** The slots of theirs already countersigned. */
  countersigned: string[];
}

export interface TrainerSpace {
  trainerId: string;
  name: string;
  sessions: TrainerSpaceSession[];
  documents: NonNullable<Awaited<ReturnType<typeof trainerRecord>>>["documents"];
}

/** Everything the trainer's page shows. Null: the register no longer has them (a 404). */
export async function trainerSpace(db: Db, trainerId: string): Promise<TrainerSpace | null> {
  const record = await trainerRecord(db, trainerId);
  if (!record) return null;
  const [sessions, people] = await Promise.all([
    trainerSessions(db, trainerId),
    trainerLearners(db, trainerId),
  ]);
  const slotIds = sessions.flatMap((s) => s.slots.map((slot) => slot.id));
  const signed = slotIds.length
    ? await db
        .select({ slotId: attendanceCountersignatures.slotId })
        .from(attendanceCountersignatures)
        .where(inArray(attendanceCountersignatures.slotId, slotIds))
        .orderBy(asc(attendanceCountersignatures.slotId))
    : [];
  const countersigned = new Set(signed.map((s) => s.slotId));
  return {
    trainerId,
    name: trainerName(record.trainer),
    sessions: sessions.map((session) => ({
      ...session,
      learners: people.filter((l) => l.sessionId === session.id),
      countersigned: session.slots.filter((slot) => countersigned.has(slot.id)).map((slot) => slot.id),
    })),
    documents: record.documents,
  };
}
