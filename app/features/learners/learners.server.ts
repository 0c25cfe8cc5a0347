/**
 * The learners (stagiaires) of each session: who they are, where they are in the training, and the
 * certification's outcome. An admitted application becomes a learner in the transaction that admits
 * it; staff add others by hand or by CSV (import.server.ts). Every write is audited without
 * personal data (the audit log outlives an erased learner). The Stagiaires list and its CSV are in
 * learner-list.server.ts.
 */
import { and, eq, sql } from "drizzle-orm";
import { diffFields } from "~/features/audit";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { seatsOf } from "~/features/catalogue/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import { AdminInputError, type Outcome } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { learnerTitleOf } from "./audit-record.server";
import { heldLearner } from "./learner-holds.server";
import type { LearnerCreateInput, LearnerUpdateInput } from "./learner-schema";
import { anonymiseLearners } from "./retention.server";

export const LEARNER_GONE = "Ce ou cette stagiaire n'existe plus.";
export const SESSION_GONE = "Cette session n'existe plus.";

/**
 * Adding `wanted` learners to a session with `left` places: the French refusal, naming what remains,
 * or null when they fit. Enrolled learners take seats as admitted candidates do; staff who mean to go
 * beyond raise the session's seats first (Sessions › Modifier › Places), an act the Journal keeps.
 */
export function seatsRefusal(left: number, wanted: number): string | null {
  if (wanted <= left) return null;
  const raise = "Pour inscrire au-delà, augmentez d'abord les places de la session (Sessions › Modifier).";
  if (left === 0) return `Cette session est complète : il ne reste aucune place. ${raise}`;
  const places = left === 1 ? "qu'une place" : `que ${left.toLocaleString("fr-FR")} places`;
  return `Il ne reste ${places} dans cette session pour ${wanted.toLocaleString("fr-FR")} stagiaires : rien n'a été enregistré. ${raise}`;
}

/** Throws the French refusal when `wanted` more learners do not fit the session's seats (locked). */
async function takeSeats(tx: Db, sessionId: string, wanted: number, field?: string) {
  const seats = await seatsOf(tx, sessionId, true);
  if (!seats) throw new AdminInputError(SESSION_GONE, field);
  const refusal = seatsRefusal(seats.left, wanted);
  if (refusal) throw new AdminInputError(refusal, field);
}
export const ALREADY_LEARNER = "Cette adresse e-mail est déjà celle d'un·e stagiaire de cette session.";
export const NOT_CERTIFYING = "Cette formation ne mène pas à une certification : laissez ce champ vide.";

/** The same person in the same session: one learner (e-mail compared without case). */
const sameEmail = (sessionId: string, email: string) =>
  and(eq(learners.sessionId, sessionId), sql`lower(${learners.email}) = lower(${email})`);

/* ------------------------------------------------------------------------------------------------
 * Admissions.
 * --------------------------------------------------------------------------------------------- */

/** What an admission hands over to make its learner: the application's key, session and identity. */
export interface AdmittedCandidate {
  applicationId: string;
  sessionId: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Makes the admitted application a learner of its session, inside the admission's transaction.
 * Applications passes the candidate in: learners never reads the applications' table, so the lower
 * feature does not import the higher one. Idempotent: an application already a learner changes
 * nothing; a learner staff added with the same e-mail in the session is linked to the application
 * instead of being doubled.
 */
export async function enrolAdmitted(
  tx: Db,
  actor: Actor,
  candidate: AdmittedCandidate,
  publicUrl: string,
): Promise<void> {
  const { applicationId } = candidate;
  const [linked] = await tx
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.applicationId, applicationId));
  if (linked) return;
  const [same] = await tx
    .select({ id: learners.id })
    .from(learners)
    .where(sameEmail(candidate.sessionId, candidate.email))
    .for("update");
  if (same) {
    await tx.update(learners).set({ applicationId, updatedAt: new Date() }).where(eq(learners.id, same.id));
    await writeAudit(tx, actor, {
      action: "update",
      entity: "learner",
      entityId: same.id,
      details: { title: await learnerTitleOf(tx, same.id), changes: [{ field: "applicationId" }] },
    });
    await learnerAdmitted(tx, actor, same.id, publicUrl);
    return;
  }
  const created = await insertLearner(tx, actor, {
    applicationId,
    sessionId: candidate.sessionId,
    firstName: candidate.firstName,
    lastName: candidate.lastName,
    email: candidate.email,
    origin: "admission",
  });
  await learnerAdmitted(tx, actor, created, publicUrl);
}

/**
 * What else happens, in the admission's transaction, once an admitted candidate is a learner: the
 * personal spaces invite them (features/spaces). Spaces leans on learners, so it registers here at
 * boot (app/boot) rather than being called from here.
 */
export type LearnerAdmitted = (
  tx: Db,
  actor: Actor,
  learnerId: string,
  publicUrl: string,
) => Promise<unknown>;

// A set: registering the same listener again (a module evaluated twice in development) adds nothing.
const admittedListeners = new Set<LearnerAdmitted>();

export function onLearnerAdmitted(listener: LearnerAdmitted): void {
  admittedListeners.add(listener);
}

async function learnerAdmitted(...args: Parameters<LearnerAdmitted>): Promise<void> {
  for (const listener of admittedListeners) await listener(...args);
}

/** One new learner and its audit entry (its session and reference, how it came; no name). */
async function insertLearner(tx: Db, actor: Actor, values: typeof learners.$inferInsert): Promise<string> {
  const [created] = await tx.insert(learners).values(values).returning({ id: learners.id });
  if (!created) throw new Error("learner not created");
  await writeAudit(tx, actor, {
    action: "create",
    entity: "learner",
    entityId: created.id,
    details: { title: await learnerTitleOf(tx, created.id), origin: values.origin },
  });
  return created.id;
}

/**
 * An application leaves 'Admis·e' (inside that change's transaction). The learner its admission
 * made goes with it while nothing has been recorded about their training (still 'Inscrit·e', no
 * certification outcome): the admission was a mistake or was withdrawn before the start. Once the
 * training is under way the learner stays as recorded (staff set 'Abandon' with its date): what
 * happened in a session is not rewritten by an application's status. A learner staff added by hand
 * and linked to the application stays too.
 */
export async function admissionUndone(tx: Db, actor: Actor, applicationId: string): Promise<void> {
  const [learner] = await tx
    .select({
      id: learners.id,
      status: learners.status,
      certification: learners.certification,
      origin: learners.origin,
    })
    .from(learners)
    .where(eq(learners.applicationId, applicationId))
    .for("update");
  if (learner?.origin !== "admission") return;
  if (learner.status !== "enrolled" || learner.certification !== null) return;
  const title = await learnerTitleOf(tx, learner.id);
  await tx.delete(learners).where(eq(learners.id, learner.id));
  await writeAudit(tx, actor, {
    action: "delete",
    entity: "learner",
    entityId: learner.id,
    details: { title, reason: "admission annulée" },
  });
}

/* ------------------------------------------------------------------------------------------------
 * Writes from the console.
 * --------------------------------------------------------------------------------------------- */

async function sessionOf(tx: Db, sessionId: string) {
  const [row] = await tx
    .select({ id: formationSessions.id, certifying: formations.certifying })
    .from(formationSessions)
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(formationSessions.id, sessionId));
  return row;
}

async function refuseDouble(tx: Db, sessionId: string, email: string, except?: string) {
  const [same] = await tx.select({ id: learners.id }).from(learners).where(sameEmail(sessionId, email));
  if (same && same.id !== except) throw new AdminInputError(ALREADY_LEARNER, "email");
}

/** 'Ajouter un·e stagiaire': a person joins a session by hand. */
export async function addLearner(tx: Db, actor: Actor, input: LearnerCreateInput): Promise<string> {
  if (!(await sessionOf(tx, input.sessionId))) throw new AdminInputError(SESSION_GONE, "sessionId");
  await refuseDouble(tx, input.sessionId, input.email);
  await takeSeats(tx, input.sessionId, 1, "sessionId");
  return insertLearner(tx, actor, { ...input, origin: "manual" });
}

/** 'Modifier': the person, the status (and an abandon's date) and the certification outcome. */
export async function updateLearner(tx: Db, actor: Actor, input: LearnerUpdateInput): Promise<void> {
  const [before] = await tx.select().from(learners).where(eq(learners.id, input.id)).for("update");
  if (!before) throw new AdminInputError(LEARNER_GONE);
  if (before.anonymisedAt) {
    throw new AdminInputError("Ce dossier a été anonymisé au terme de sa durée de conservation.");
  }
  const session = await sessionOf(tx, before.sessionId);
  if (input.certification && !session?.certifying) {
    throw new AdminInputError(NOT_CERTIFYING, "certification");
  }
  await refuseDouble(tx, before.sessionId, input.email, input.id);
  const { id, ...values } = input;
  await tx
    .update(learners)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(learners.id, id));
  await writeAudit(tx, actor, {
    action: "update",
    entity: "learner",
    entityId: id,
    details: { title: await learnerTitleOf(tx, id), changes: diffFields("learner", before, values) },
  });
}

/**
 * GDPR erasure of one learner (administrators): the row goes; the audit entry says it happened,
 * never whose it was. The application the learner came from is its own record (erased on its page).
 * A learner that other features keep records about (billing's funding plan, quotes and invoices,
 * declared through learner-holds.server.ts) is anonymised instead: the law keeps an issued invoice ten
 * years as issued, with the name it printed, and anonymising the learner's row does not touch it
 * (art. 17.3 b of the GDPR: erasure yields to a legal obligation).
 */
export async function eraseLearner(tx: Db, actor: Actor, id: string): Promise<Outcome> {
  const [before] = await tx
    .select({ status: learners.status })
    .from(learners)
    .where(eq(learners.id, id))
    .for("update");
  if (!before) throw new AdminInputError(LEARNER_GONE);
  const title = await learnerTitleOf(tx, id);
  const held = await heldLearner(tx, id);
  if (held.length) await anonymiseLearners(tx, [id]);
  else await tx.delete(learners).where(eq(learners.id, id));
  await writeAudit(tx, actor, {
    action: "erase",
    entity: "learner",
    entityId: id,
    details: { title, status: before.status },
  });
  if (!held.length) return { title: "Stagiaire effacé·e" };
  return {
    title: "Stagiaire anonymisé·e",
    description: `Ce ou cette stagiaire a un plan de financement ou une facture\u00a0: ${held.join(", ")}. Ses données personnelles sont effacées et sa fiche reste, anonyme, pour ces pièces\u202f; une facture émise se conserve dix ans telle qu'elle a été émise, avec le nom imprimé.`,
  };
}
