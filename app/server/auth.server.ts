import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { and, eq } from "drizzle-orm";
import { PASSWORD_MIN } from "~/lib/schemas/auth";
import type { Config } from "./config.server";
import type { Db } from "./db/client.server";
import { accounts, rateLimits, sessions, userRoles, users, verifications } from "./db/schema.server";
import type { Logger } from "./logger.server";
import { enqueueMail } from "./mail/queue.server";
import { accountExistsMail, resetPasswordMail, verificationMail } from "./mail/templates.server";

export const SESSION_COOKIE_PREFIX = "cfa";

export interface AuthDeps {
  db: Db;
  config: Config;
  logger: Logger;
  /** Called after mail has been queued, so the worker sends it without waiting for its next poll. */
  onMailQueued: () => void;
}

function displayName(user: { name: string; firstName?: string | null }): string {
  return user.firstName || user.name || "";
}

export function createAuth({ db, config, logger, onMailQueued }: AuthDeps) {
  return betterAuth({
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, input: true },
        lastName: { type: "string", required: false, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await enqueueMail(db, [
          { kind: "reset_password", to: user.email, ...resetPasswordMail(displayName(user), url) },
        ]);
        onMailQueued();
      },
      // Signing up again with a registered address answers the same 'Inscription réussie' (no
      // account enumeration), and tells that address, which alone reads it, how to get in.
      async onExistingUserSignUp({ user }) {
        const mail = accountExistsMail(
          displayName(user),
          `${config.publicUrl}/auth`,
          `${config.publicUrl}/auth/mot-de-passe-oublie`,
        );
        await enqueueMail(db, [{ kind: "account_exists", to: user.email, ...mail }]);
        onMailQueued();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      async sendVerificationEmail({ user, url }) {
        await enqueueMail(db, [
          { kind: "verify_email", to: user.email, ...verificationMail(displayName(user), url) },
        ]);
        onMailQueued();
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: config.authRateLimit,
      storage: "database",
      window: 60,
      max: 100,
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.startsWith("https://"),
      // We hand better-auth the client address ourselves (see app/server/app.server.ts).
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    },
    logger: {
      log(level, message, ...args) {
        logger[level]({ args }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Makes sure ADMIN_EMAIL can sign in with ADMIN_PASSWORD and holds the admin role. The password is
 * reset to ADMIN_PASSWORD at each start, so an operator who lost it restarts with a new one.
 */
export async function ensureAdmin(auth: Auth, db: Db, email: string, password: string): Promise<void> {
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(password);
  const normalized = email.toLowerCase();
  await db.transaction(async (tx) => {
    let [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, normalized));
    if (user) {
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    } else {
      [user] = await tx
        .insert(users)
        .values({
          id: randomUUID(),
          email: normalized,
          name: "Administrateur",
          firstName: "Administrateur",
          emailVerified: true,
        })
        .returning({ id: users.id });
    }
    if (!user) throw new Error("ensureAdmin: user could not be created");
    const credential = and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential"));
    const [account] = await tx.select({ id: accounts.id }).from(accounts).where(credential);
    if (account) {
      await tx
        .update(accounts)
        .set({ password: hash, updatedAt: new Date() })
        .where(eq(accounts.id, account.id));
    } else {
      await tx.insert(accounts).values({
        id: randomUUID(),
        userId: user.id,
        accountId: user.id,
        providerId: "credential",
        password: hash,
      });
    }
    await tx
      .insert(userRoles)
      .values({ userId: user.id, role: "admin" })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role: "admin" } });
  });
}
