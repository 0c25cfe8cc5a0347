// What other features keep about a learner that must outlive an erasure, asked of them before one: each
// declares how to find its records naming a learner (billing: funding plan, quotes, invoices), and
// app/boot registers them when the process starts, so learners names none of them (they import learners
// for its learners: an import the other way would close a circle between features).
import type { Db } from "~/platform/db/client.server";

/** The records of one feature that name learner `learnerId` and stay, each in words ('la facture F-2027-00042'). */
export type LearnerHold = (db: Db, learnerId: string) => Promise<string[]>;

// Keyed by name: registering again (a module evaluated twice in development) replaces in place, so the
// phrases keep the order of the first registration.
const learnerHolds = new Map<string, LearnerHold>();

export function registerLearnerHold(name: string, hold: LearnerHold): void {
  learnerHolds.set(name, hold);
}

/** What other features keep about learner `id`, in words, in the order the holds were registered. */
export async function heldLearner(db: Db, id: string): Promise<string[]> {
  const found: string[][] = [];
  // One after the other: inside the erasure's transaction, one connection answers one query at a time.
  for (const hold of learnerHolds.values()) found.push(await hold(db, id));
  return found.flat();
}
