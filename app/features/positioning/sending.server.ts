import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { formatDateRange } from "~/features/catalogue";
import { learnerTitleOf } from "~/features/learners/index.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { hashToken } from "~/features/surveys/index.server";
import { AdminInputError, type Outcome } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { enqueueMail } from "~/platform/mail/queue.server";
import { centreReplyTo } from "~/platform/mail/templates.server";
import { formatDateTime } from "~/platform/paris-time";
import { type PositioningLearner, positioningLearner } from "./learner.server";
import { positioningMail } from "./mails.server";
import { positionings } from "./schema.server";

export const NO_LEARNER = "Ce ou cette stagiaire n'existe plus.";
export const NO_EMAIL =
  "Ce ou cette stagiaire n'a pas d'adresse e-mail\u00a0: impossible de lui envoyer le questionnaire.";

/** The answering page of a link. */
export const positioningUrl = (publicUrl: string, token: string) => `${publicUrl}/positionnement/${token}`;

/**
 * A new link's token: 32 random bytes in base64url (43 characters, the surveys' token shape). Only its
 * SHA-256 is kept, so a copy of the database answers nobody's questionnaire; sending again makes a
 * new one, and the older link stops working.
 */
const newToken = () => randomBytes(32).toString("base64url");

async function queueLink(
  tx: Db,
  learner: PositioningLearner,
  email: string,
  token: string,
  publicUrl: string,
) {
  const centre = await getCentreSettings(tx);
  await enqueueMail(tx, [
    {
      kind: "positioning_invitation",
      to: email,
      replyTo: centreReplyTo(centre),
      ...positioningMail(centre, {
        firstName: learner.firstName,
        formation: learner.formation,
        dates: formatDateRange(learner.startDate, learner.endDate),
        url: positioningUrl(publicUrl, token),
      }),
    },
  ]);
}

const audited = async (tx: Db, actor: Actor | null, learnerId: string, again: boolean) =>
  writeAudit(tx, actor, {
    action: "send",
    entity: "positioning",
    entityId: learnerId,
    details: { title: await learnerTitleOf(tx, learnerId), ...(again ? { again: true } : {}) },
  });

/**
 * The automatic sending when an admission makes the learner (registered with learners'
 * `onLearnerAdmitted` at boot, inside the admission's transaction): once per learner. The row is
 * inserted with ON CONFLICT DO NOTHING and only the inserter queues the e-mail, so an admission undone
 * and made again, or two instances at once, send one questionnaire.
 */
export async function sendPositioningOnAdmission(
  tx: Db,
  actor: Actor | null,
  learnerId: string,
  publicUrl: string,
): Promise<void> {
  const learner = await positioningLearner(tx, learnerId);
  if (!learner?.email || learner.anonymisedAt) return;
  const token = newToken();
  const inserted = await tx
    .insert(positionings)
    .values({ learnerId, tokenHash: hashToken(token), email: learner.email, sentAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: positionings.id });
  if (inserted.length === 0) return;
  await queueLink(tx, learner, learner.email, token, publicUrl);
  await audited(tx, actor, learnerId, false);
}

/**
 * Staff's 'Envoyer le questionnaire' (or 'Renvoyer') from the learner's file: a new link replaces the
 * earlier one. Refused once answered (the answers are kept as given) and without an address.
 */
export async function sendPositioning(
  tx: Db,
  actor: Actor,
  learnerId: string,
  publicUrl: string,
): Promise<Outcome> {
  const learner = await positioningLearner(tx, learnerId);
  if (!learner) throw new AdminInputError(NO_LEARNER);
  if (!learner.email || learner.anonymisedAt) throw new AdminInputError(NO_EMAIL);
  const [current] = await tx
    .select({ sentAt: positionings.sentAt, answeredAt: positionings.answeredAt })
    .from(positionings)
    .where(eq(positionings.learnerId, learnerId))
    .for("update");
  if (current?.answeredAt) {
    throw new AdminInputError(
      `Ce ou cette stagiaire a déjà répondu au questionnaire le ${formatDateTime(current.answeredAt)}\u00a0: ses réponses sont sur sa fiche.`,
    );
  }
  const token = newToken();
  const now = new Date();
  const values = { tokenHash: hashToken(token), email: learner.email, sentAt: now, updatedAt: now };
  await tx
    .insert(positionings)
    .values({ learnerId, ...values })
    .onConflictDoUpdate({ target: positionings.learnerId, set: values });
  await queueLink(tx, learner, learner.email, token, publicUrl);
  const again = Boolean(current?.sentAt);
  await audited(tx, actor, learnerId, again);
  return {
    title: again ? "Questionnaire renvoyé" : "Questionnaire envoyé",
    description: again
      ? `Un nouveau lien part vers ${learner.email}\u00a0; le précédent ne fonctionne plus.`
      : `Le lien part vers ${learner.email}.`,
  };
}
