import { and, eq, inArray, isNotNull } from "drizzle-orm";
import {
  createSignInLink,
  ensureInvitedAccount,
  SIGN_IN_LINK_MINUTES,
} from "~/features/accounts/index.server";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { payerTitle } from "~/features/billing/index.server";
import { payers } from "~/features/billing/schema.server";
import { learnerTitleOf } from "~/features/learners/index.server";
import { learners } from "~/features/learners/schema.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { enqueueMail } from "~/platform/mail/queue.server";
import { spaceInvitationMail } from "./mails.server";
import { SPACE_HOME, SPACE_SIGN_IN } from "./paths";
import { spaceMembers } from "./schema.server";
import type { SpaceRole } from "./vocabulary";

// Invitations: staff (or an admission) open a person's space. Each one, in the caller's transaction,
// makes the account if the address has none, the membership (or moves its date: 'Renvoyer
// l'invitation'), a sign-in link and the 'Votre espace personnel' e-mail in the outbox, and the
// Journal's entry. Nothing leaves before the commit.

export const NO_LEARNER = "Ce ou cette stagiaire n'existe plus.";
export const NO_LEARNER_EMAIL = "Ce ou cette stagiaire n'a pas d'adresse e-mail : impossible de l'inviter.";
export const NO_PAYER = "Ce financeur n'existe plus.";

type Target = { learnerId: string } | { payerId: string } | { trainerId: string };

const targetOf = (target: Target) =>
  "learnerId" in target
    ? { column: spaceMembers.learnerId, id: target.learnerId }
    : "payerId" in target
      ? { column: spaceMembers.payerId, id: target.payerId }
      : { column: spaceMembers.trainerId, id: target.trainerId };

/** The membership of `userId` for `target`, made or its invitation's date moved; answers its id. */
export async function openSpace(
  tx: Db,
  actor: Actor | null,
  userId: string,
  target: Target,
): Promise<string> {
  const { column, id } = targetOf(target);
  const invitedBy = actor?.id ?? null;
  const [existing] = await tx
    .select({ id: spaceMembers.id })
    .from(spaceMembers)
    .where(and(eq(spaceMembers.userId, userId), eq(column, id)))
    .for("update");
  if (existing) {
    await tx
      .update(spaceMembers)
      .set({ invitedAt: new Date(), invitedBy })
      .where(eq(spaceMembers.id, existing.id));
    return existing.id;
  }
  const [made] = await tx
    .insert(spaceMembers)
    .values({ userId, ...target, invitedBy })
    .returning({ id: spaceMembers.id });
  if (!made) throw new Error("space membership not made");
  return made.id;
}

/** The invitation e-mail with a fresh sign-in link, queued in `tx`. */
export async function queueInvitation(
  tx: Db,
  publicUrl: string,
  to: string,
  firstName: string,
  kind: SpaceRole,
): Promise<void> {
  const url = await createSignInLink(tx, publicUrl, to, { callback: SPACE_HOME, error: SPACE_SIGN_IN });
  const mail = spaceInvitationMail(await getCentreSettings(tx), {
    firstName,
    url,
    minutes: SIGN_IN_LINK_MINUTES,
    kind,
    signInUrl: new URL(SPACE_SIGN_IN, publicUrl).toString(),
  });
  await enqueueMail(tx, [{ kind: "space_invitation", to, ...mail }]);
}

/**
 * Every invitation's steps once the person is known: their account (made if their address has none),
 * the membership of `target`, the e-mail with its sign-in link, the Journal's entry.
 */
export async function invitePerson(
  tx: Db,
  actor: Actor | null,
  publicUrl: string,
  invitation: {
    person: { email: string; firstName: string; lastName: string };
    target: Target;
    role: SpaceRole;
    /** How the Journal names the record the space belongs to. */
    title: string;
  },
): Promise<void> {
  const { person, target, role, title } = invitation;
  const userId = await ensureInvitedAccount(tx, person);
  const memberId = await openSpace(tx, actor, userId, target);
  await queueInvitation(tx, publicUrl, person.email.trim().toLowerCase(), person.firstName, role);
  await writeAudit(tx, actor, {
    action: "invite",
    entity: "space_member",
    entityId: memberId,
    details: { title, role },
  });
}

/**
 * Invites the learner `learnerId` into their space (their e-mail's account). `actor` null: the
 * server, on an admission. A learner without an address (anonymised) cannot be invited.
 */
export async function inviteLearner(
  tx: Db,
  actor: Actor | null,
  learnerId: string,
  publicUrl: string,
): Promise<void> {
  const [learner] = await tx
    .select({
      email: learners.email,
      firstName: learners.firstName,
      lastName: learners.lastName,
      anonymisedAt: learners.anonymisedAt,
    })
    .from(learners)
    .where(eq(learners.id, learnerId));
  if (!learner) throw new AdminInputError(NO_LEARNER);
  if (!learner.email || learner.anonymisedAt) throw new AdminInputError(NO_LEARNER_EMAIL);
  await invitePerson(tx, actor, publicUrl, {
    person: { email: learner.email, firstName: learner.firstName ?? "", lastName: learner.lastName ?? "" },
    target: { learnerId },
    role: "learner",
    title: await learnerTitleOf(tx, learnerId),
  });
}

/** Invites a payer's company contact at `contact.email` into the payer's space. */
export async function invitePayerContact(
  tx: Db,
  actor: Actor,
  payerId: string,
  contact: { email: string; firstName: string; lastName: string },
  publicUrl: string,
): Promise<void> {
  const [payer] = await tx
    .select({ id: payers.id, kind: payers.kind, name: payers.name })
    .from(payers)
    .where(eq(payers.id, payerId));
  if (!payer) throw new AdminInputError(NO_PAYER);
  await invitePerson(tx, actor, publicUrl, {
    person: contact,
    target: { payerId },
    role: "payer",
    title: payerTitle(payer),
  });
}

/** When each learner of `learnerIds` was last invited (none: never), for the Stagiaires screen. */
export async function learnerInvitations(db: Db, learnerIds: string[]): Promise<Record<string, string>> {
  if (learnerIds.length === 0) return {};
  const rows = await db
    .select({ learnerId: spaceMembers.learnerId, invitedAt: spaceMembers.invitedAt })
    .from(spaceMembers)
    .where(and(isNotNull(spaceMembers.learnerId), inArray(spaceMembers.learnerId, learnerIds)));
  const invited: Record<string, string> = {};
  for (const row of rows) {
    if (!row.learnerId) continue;
    const at = row.invitedAt.toISOString();
    if (!invited[row.learnerId] || (invited[row.learnerId] ?? "") < at) invited[row.learnerId] = at;
  }
  return invited;
}
