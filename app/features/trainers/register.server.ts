// What other features read of the register: the trainers the timetable offers, a trainer's name and
// qualification (the slots, the agreements), a trainer found by e-mail (their space's sign-in).
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { type Trainer, trainers } from "./schema.server";
import { trainerName } from "./vocabulary";

/** What a picker and a slot read of a trainer. */
const choiceColumns = {
  id: trainers.id,
  firstName: trainers.firstName,
  lastName: trainers.lastName,
  active: trainers.active,
};

/** A trainer as a picker lists them. */
export interface TrainerChoice {
  id: string;
  name: string;
  active: boolean;
}

const asChoice = (r: {
  id: string;
  firstName: string;
  lastName: string;
  active: boolean;
}): TrainerChoice => ({
  id: r.id,
  name: trainerName(r),
  active: r.active,
});

/**
 * The trainers a slot may name: the active ones, by last name, and those of `alsoIds` even if made
 * inactive since (a slot keeps showing who taught it).
 */
export async function trainerChoices(db: Db, alsoIds: readonly string[] = []): Promise<TrainerChoice[]> {
  const rows = await db
    .select(choiceColumns)
    .from(trainers)
    .where(
      alsoIds.length
        ? or(eq(trainers.active, true), inArray(trainers.id, [...alsoIds]))
        : eq(trainers.active, true),
    )
    .orderBy(asc(sql`lower(${trainers.lastName})`), asc(sql`lower(${trainers.firstName})`), asc(trainers.id));
  return rows.map(asChoice);
}

/** The trainer `id` as a slot names them, or null when the register has no such trainer. */
export async function registeredTrainer(db: Db, id: string): Promise<TrainerChoice | null> {
  const [row] = await db.select(choiceColumns).from(trainers).where(eq(trainers.id, id));
  return row ? asChoice(row) : null;
}

/** What the agreements print of each trainer among `ids`: name and qualification ('' when none is recorded). */
export async function trainerQualifications(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { name: string; qualification: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: trainers.id,
      firstName: trainers.firstName,
      lastName: trainers.lastName,
      qualification: trainers.qualification,
    })
    .from(trainers)
    .where(inArray(trainers.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { name: trainerName(r), qualification: r.qualification }]));
}

/** The active trainer with this e-mail (compared without case), or null: who may sign in to a trainer's space. */
export async function activeTrainerByEmail(db: Db, email: string): Promise<Trainer | null> {
  const [row] = await db
    .select()
    .from(trainers)
    .where(and(eq(sql`lower(${trainers.email})`, email.trim().toLowerCase()), eq(trainers.active, true)));
  return row ?? null;
}
