import { and, asc, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import { redirect } from "react-router";
import { currentUser, type RequestArgs, type SignedInUser } from "~/features/accounts/index.server";
import { users } from "~/features/accounts/schema.server";
import { learners } from "~/features/learners/schema.server";
import { isPendingSignerEmail } from "~/features/signatures/index.server";
import { trainers } from "~/features/trainers/schema.server";
import type { Db } from "~/platform/db/client.server";
import { signInHref } from "./paths";
import { spaceMembers } from "./schema.server";
import type { SpaceRole } from "./vocabulary";

// The walls of the personal spaces. Every loader and action under /espace asks here first: who is
// signed in, and which records are theirs. An id in the URL is never enough: `learnerOf` and
// `payerOf` answer only for the signed-in person's own memberships, and a 404 otherwise (the same
// answer as an unknown id, so nobody learns which ids exist).

/** One thing the person's space opens: exactly one of its targets is set. */
export interface SpaceMembership {
  id: string;
  role: SpaceRole;
  learnerId: string | null;
  payerId: string | null;
  trainerId: string | null;
}

export interface SpaceMemberPrincipal {
  user: SignedInUser;
  memberships: SpaceMembership[];
}

const roleOf = (row: { learnerId: string | null; trainerId: string | null }): SpaceRole =>
  row.learnerId ? "learner" : row.trainerId ? "trainer" : "payer";

/**
 * The memberships that open a space, of the accounts `accounts` selects: a learner's counts while the
 * record keeps its identity (an anonymised learner has left every space; the database removes the row
 * too), a trainer's while the register keeps them active (made inactive: their space closes, reopened
 * with them).
 */
function openMemberships(db: Db, accounts: SQL | undefined) {
  return db
    .select({
      id: spaceMembers.id,
      learnerId: spaceMembers.learnerId,
      payerId: spaceMembers.payerId,
      trainerId: spaceMembers.trainerId,
    })
    .from(spaceMembers)
    .leftJoin(learners, eq(learners.id, spaceMembers.learnerId))
    .leftJoin(trainers, eq(trainers.id, spaceMembers.trainerId))
    .where(
      and(
        accounts,
        isNull(learners.anonymisedAt),
        or(isNull(spaceMembers.trainerId), eq(trainers.active, true)),
      ),
    );
}

/** The person's memberships that open a space, oldest first. */
export async function membershipsOf(db: Db, userId: string): Promise<SpaceMembership[]> {
  const rows = await openMemberships(db, eq(spaceMembers.userId, userId)).orderBy(
    asc(spaceMembers.createdAt),
    asc(spaceMembers.id),
  );
  return rows.map((row) => ({ ...row, role: roleOf(row) }));
}

/**
 * Whether `email` may get a sign-in link: an account with a membership that opens a space (not the
 * space of a trainer made inactive: the link would lead to a refusal), or an outside signer a request
 * en cours names (staff named them: invited too; the request made their account).
 */
export async function isSpaceMemberEmail(db: Db, email: string): Promise<boolean> {
  const account = db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  const rows = await openMemberships(db, inArray(spaceMembers.userId, account)).limit(1);
  return rows.length > 0 || isPendingSignerEmail(db, email);
}

const notFound = () => new Response("Page introuvable", { status: 404 });

/**
 * The signed-in person and their memberships. A visitor who is not signed in goes to the sign-in
 * page (and comes back here after); a signed-in account without any membership (a staff member who
 * follows no training) gets a 403: there is no space for them.
 */
export async function requireSpaceMember(args: RequestArgs): Promise<SpaceMemberPrincipal> {
  const user = await currentUser(args);
  if (!user) {
    const url = new URL(args.request.url);
    throw redirect(signInHref(url.pathname));
  }
  const memberships = await membershipsOf(args.context.app.db, user.id);
  if (memberships.length === 0) {
    throw new Response("Aucun espace personnel n'est ouvert pour ce compte.", { status: 403 });
  }
  return { user, memberships };
}

/**
 * The signed-in person's membership whose `target` column holds `id`, or a 404 (not theirs,
 * unknown, malformed): the same answer, so nobody learns which ids exist.
 */
async function memberOf<Target extends "learnerId" | "payerId" | "trainerId">(
  args: RequestArgs,
  target: Target,
  id: unknown,
) {
  const principal = await requireSpaceMember(args);
  const membership = principal.memberships.find((m) => m[target] !== null && m[target] === id);
  const targetId = membership?.[target];
  if (!membership || !targetId) throw notFound();
  return {
    ...principal,
    membership: { ...membership, [target]: targetId } as SpaceMembership & Record<Target, string>,
  };
}

/** The signed-in person's membership of the learner `learnerId`, or a 404. */
export const learnerOf = (args: RequestArgs, learnerId: string | undefined) =>
  memberOf(args, "learnerId", learnerId);

/** The signed-in person's membership of the payer `payerId` (its company contact), or a 404. */
export const payerOf = (args: RequestArgs, payerId: string | undefined) => memberOf(args, "payerId", payerId);

/** The signed-in person's membership of the trainer `trainerId` (their own register entry), or a 404. */
export const trainerOf = (args: RequestArgs, trainerId: string | undefined) =>
  memberOf(args, "trainerId", trainerId);
