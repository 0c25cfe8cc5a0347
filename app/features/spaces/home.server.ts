import { asc, eq, inArray } from "drizzle-orm";
import { payers } from "~/features/billing/schema.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import type { LearnerStatus } from "~/features/learners";
import { learners } from "~/features/learners/schema.server";
import { trainerName } from "~/features/trainers";
import { trainers } from "~/features/trainers/schema.server";
import type { Db } from "~/platform/db/client.server";
import type { SpaceMembership } from "./members.server";

// The space's home: one section per role the person holds, each listing their own records only
// (read through their memberships, never from the URL).

export interface LearnerFileSummary {
  learnerId: string;
  formationTitle: string;
  startDate: string;
  endDate: string;
  status: LearnerStatus;
}

export interface PayerSummary {
  payerId: string;
  name: string;
}

export interface TrainerSummary {
  trainerId: string;
  name: string;
}

export interface SpaceHome {
  learnerFiles: LearnerFileSummary[];
  payers: PayerSummary[];
  trainers: TrainerSummary[];
}

export async function spaceHome(db: Db, memberships: SpaceMembership[]): Promise<SpaceHome> {
  const learnerIds = memberships.flatMap((m) => (m.learnerId ? [m.learnerId] : []));
  const payerIds = memberships.flatMap((m) => (m.payerId ? [m.payerId] : []));
  const learnerFiles = learnerIds.length
    ? await db
        .select({
          learnerId: learners.id,
          formationTitle: formations.title,
          startDate: formationSessions.startDate,
          endDate: formationSessions.endDate,
          status: learners.status,
        })
        .from(learners)
        .innerJoin(formationSessions, eq(formationSessions.id, learners.sessionId))
        .innerJoin(formations, eq(formations.id, formationSessions.formationId))
        .where(inArray(learners.id, learnerIds))
        .orderBy(asc(formationSessions.startDate))
    : [];
  const payerRows = payerIds.length
    ? await db
        .select({ payerId: payers.id, name: payers.name })
        .from(payers)
        .where(inArray(payers.id, payerIds))
        .orderBy(asc(payers.name))
    : [];
  const trainerIds = memberships.flatMap((m) => (m.trainerId ? [m.trainerId] : []));
  const trainerRows = trainerIds.length
    ? await db
        .select({ trainerId: trainers.id, firstName: trainers.firstName, lastName: trainers.lastName })
        .from(trainers)
        .where(inArray(trainers.id, trainerIds))
    : [];
  return {
    learnerFiles,
    payers: payerRows,
    trainers: trainerRows.map((t) => ({ trainerId: t.trainerId, name: trainerName(t) })),
  };
}
