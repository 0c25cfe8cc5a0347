import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { users, verifications } from "~/features/accounts/schema.server";
import type { Db } from "~/platform/db/client.server";

// Sign-in links ('liens de connexion'): better-auth's magic-link plugin, configured in auth.server.ts,
// verifies them at /api/auth/magic-link/verify. A link opens one account once (the plugin consumes its
// row atomically) and for 15 minutes; only an address that already has an account gets one (no
// sign-up through a link: only invited people).

/** How long a sign-in link opens the account. */
export const SIGN_IN_LINK_MINUTES = 15;
export const SIGN_IN_LINK_SECONDS = SIGN_IN_LINK_MINUTES * 60;

/**
 * What the verification row stores instead of the token (the plugin's `storeToken` custom hasher):
 * someone who reads the database cannot use a pending link.
 */
export async function hashSignInToken(token: string): Promise<string> {
  return createHash("sha256").update(token).digest("base64url");
}

/** Only paths of this site ('/espace'): never another origin, nor '//host'. */
export const isSitePath = (value: unknown): value is string =>
  typeof value === "string" && /^\/(?![/\\])/.test(value);

/** The verify address of `token`, leading to `callbackPath` once signed in and to `errorPath` when refused. */
export function signInLinkUrl(
  publicUrl: string,
  token: string,
  callbackPath: string,
  errorPath: string,
): string {
  const url = new URL("/api/auth/magic-link/verify", publicUrl);
  url.searchParams.set("token", token);
  url.searchParams.set("callbackURL", callbackPath);
  url.searchParams.set("errorCallbackURL", errorPath);
  return url.toString();
}

/**
 * A sign-in link written inside the caller's transaction (an invitation is queued in the same
 * transaction as the membership it announces): the same row the plugin's own endpoint writes,
 * `magic-link:<hash>` with the address, so the plugin verifies and consumes it as its own.
 */
export async function createSignInLink(
  tx: Db,
  publicUrl: string,
  email: string,
  paths: { callback: string; error: string },
): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await tx.insert(verifications).values({
    id: randomUUID(),
    identifier: `magic-link:${await hashSignInToken(token)}`,
    value: JSON.stringify({ type: "magic-link", email: email.toLowerCase() }),
    expiresAt: new Date(Date.now() + SIGN_IN_LINK_SECONDS * 1000),
  });
  return signInLinkUrl(publicUrl, token, paths.callback, paths.error);
}

/**
 * The account of an invited person (a learner, a payer's contact), made if the address has none:
 * no password and the address unconfirmed until their first sign-in link proves it (the plugin then
 * marks it confirmed). An existing account (a staff member, an earlier invitation) is kept as is.
 */
export async function ensureInvitedAccount(
  tx: Db,
  person: { email: string; firstName: string; lastName: string },
): Promise<string> {
  const email = person.email.trim().toLowerCase();
  const name = `${person.firstName} ${person.lastName}`.trim() || email;
  await tx
    .insert(users)
    .values({
      id: randomUUID(),
      email,
      name,
      firstName: person.firstName || null,
      lastName: person.lastName || null,
      emailVerified: false,
    })
    .onConflictDoNothing({ target: users.email });
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error("ensureInvitedAccount: account could not be made");
  return user.id;
}
