import { eq } from "drizzle-orm";
import { users } from "~/features/accounts/schema.server";
import { writeAudit } from "~/features/audit/index.server";
import { formatDateRange } from "~/features/catalogue";
import { learnerTitleOf } from "~/features/learners/index.server";
import type { ConsoleUser } from "~/platform/console/access.server";
import {
  AdminInputError,
  attemptOnRecord,
  attemptParsed,
  consoleAction,
  intentOf,
  unknownIntent,
} from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { textFields } from "~/platform/form-data";
import { type AdaptationInput, adaptationSchema } from "./console-schema";
import { positioningLearner } from "./learner.server";
import { positionings } from "./schema.server";
import { NO_LEARNER, sendPositioning } from "./sending.server";

/** A learner's Positionnement page: who, the questionnaire's state and answers, the adaptation decided. */
export async function learnerPositioningPage(db: Db, learnerId: string) {
  const learner = await positioningLearner(db, learnerId);
  if (!learner) return null;
  const [row] = await db
    .select({
      sentAt: positionings.sentAt,
      email: positionings.email,
      answeredAt: positionings.answeredAt,
      answers: positionings.answers,
      adaptation: positionings.adaptation,
      noAdaptation: positionings.noAdaptation,
      decidedAt: positionings.decidedAt,
      decidedBy: users.name,
    })
    .from(positionings)
    .leftJoin(users, eq(users.id, positionings.decidedBy))
    .where(eq(positionings.learnerId, learnerId));
  const name = [learner.firstName, learner.lastName].filter(Boolean).join(" ");
  return {
    learner: {
      id: learner.id,
      sessionId: learner.sessionId,
      name: learner.anonymisedAt || !name ? null : name,
      email: learner.anonymisedAt ? null : learner.email,
      formation: learner.formation,
      dates: formatDateRange(learner.startDate, learner.endDate),
    },
    positioning: row ?? null,
  };
}

export type LearnerPositioningPage = NonNullable<Awaited<ReturnType<typeof learnerPositioningPage>>>;

/**
 * Records the adaptation decided (or 'Aucune adaptation nécessaire') with when and who, whether or not
 * the learner answered; the Journal names the change, never its words (they may speak of health).
 */
export async function decideAdaptation(tx: Db, actor: ConsoleUser, input: AdaptationInput): Promise<void> {
  const learner = await positioningLearner(tx, input.id);
  if (!learner) throw new AdminInputError(NO_LEARNER);
  if (learner.anonymisedAt) throw new AdminInputError("Ce ou cette stagiaire est anonymisé·e.");
  const now = new Date();
  const decision = {
    adaptation: input.adaptation,
    noAdaptation: input.adaptation === null,
    decidedAt: now,
    decidedBy: actor.id,
    updatedAt: now,
  };
  await tx
    .insert(positionings)
    .values({ learnerId: input.id, ...decision })
    .onConflictDoUpdate({ target: positionings.learnerId, set: decision });
  await writeAudit(tx, actor, {
    action: "update",
    entity: "positioning",
    entityId: input.id,
    details: {
      title: await learnerTitleOf(tx, input.id),
      changes: [{ field: input.adaptation === null ? "noAdaptation" : "adaptation" }],
    },
  });
}

/** The Positionnement page's intents: (re)send the questionnaire, record the adaptation decided. */
export const positioningAction = consoleAction(
  { "send-positioning": "learners:write", adaptation: "learners:write" },
  async (app, actor, form) => {
    const intent = intentOf(form);
    if (intent === "send-positioning") {
      return attemptOnRecord(
        app,
        intent,
        form.get("id"),
        { error: "Questionnaire non envoyé", done: "Questionnaire envoyé", unknown: NO_LEARNER },
        (id) => app.db.transaction((tx) => sendPositioning(tx, actor, id, app.config.publicUrl)),
      );
    }
    if (intent === "adaptation") {
      return attemptParsed(
        app,
        intent,
        adaptationSchema.safeParse(textFields(form)),
        "Adaptation non enregistrée",
        "Adaptation enregistrée",
        (input) => app.db.transaction((tx) => decideAdaptation(tx, actor, input)),
      );
    }
    return unknownIntent(intent);
  },
);
