import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { magicLink } from "better-auth/plugins/magic-link";
import { and, eq, like, ne } from "drizzle-orm";
import { z } from "zod/mini";
import {
  accounts,
  authSessions,
  rateLimits,
  userRoles,
  users,
  verifications,
} from "~/features/accounts/schema.server";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { fieldErrors } from "~/platform/field-errors";
import type { Logger } from "~/platform/logger.server";
import { enqueueMail } from "~/platform/mail/queue.server";
import {
  accountExistsMail,
  type MailCentre,
  resetPasswordMail,
  signInLinkMail,
  verificationMail,
} from "~/platform/mail/templates.server";
import { accountFieldsSchema, emailOnlySchema, PASSWORD_MAX, PASSWORD_MIN } from "./auth-schema";
import {
  hashSignInToken,
  isSitePath,
  SIGN_IN_LINK_MINUTES,
  SIGN_IN_LINK_SECONDS,
} from "./sign-in-links.server";

export const SESSION_COOKIE_PREFIX = "cfa";

export interface AuthDeps {
  db: Db;
  config: Config;
  logger: Logger;
  /** Called after mail has been queued, so the worker sends it without waiting for its next poll. */
  onMailQueued: () => void;
  /** Starts `work` once the request's answer is sent; the runtime waits for it before closing. */
  background: (work: () => Promise<unknown>) => void;
  /**
   * The centre's identity its e-mails are signed with (Paramètres). Given by app/boot rather than read
   * from the settings feature here: Paramètres' screen asks accounts who may edit it, so importing
   * settings from accounts would make the two features lean on each other.
   */
  centre: (db: Db) => Promise<MailCentre>;
  /**
   * Whether `email` (lower case) may receive a sign-in link: an invited person (spaces' memberships).
   * Given by app/boot: spaces leans on accounts, so accounts cannot ask it directly. Unset: nobody.
   */
  signInLinkAllowed?: (db: Db, email: string) => Promise<boolean>;
}

/**
 * Reset links are verification rows `reset-password:<token>` whose value is the user id. Forgets the
 * account's links, all of them or all but the one just sent (`keep`, its token).
 */
export async function forgetResetLinks(db: Db, userId: string, keep?: string): Promise<void> {
  const links = and(like(verifications.identifier, "reset-password:%"), eq(verifications.value, userId));
  await db
    .delete(verifications)
    .where(keep ? and(links, ne(verifications.identifier, `reset-password:${keep}`)) : links);
}

/** better-auth's answer to every well-formed reset request, whether the address has an account or not. */
const RESET_REQUESTED = {
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
};

/** A sign-in link request's own fields, when they are what our page sends (an address, paths of this site). */
function deferrableSignInLink(
  body: unknown,
): { email: string; callbackURL: string; errorCallbackURL: string } | null {
  if (!body || typeof body !== "object") return null;
  const { email, callbackURL = "/", errorCallbackURL = "/" } = body as Record<string, unknown>;
  if (!emailOnlySchema.safeParse({ email }).success || typeof email !== "string") return null;
  if (!isSitePath(callbackURL) || !isSitePath(errorCallbackURL)) return null;
  return { email: email.toLowerCase(), callbackURL, errorCallbackURL };
}

/** A reset request's own fields, when they are what our forms send (an address, a path of this site). */
function deferrableReset(body: unknown): { email: string; redirectTo?: string } | null {
  if (!body || typeof body !== "object") return null;
  const { email, redirectTo } = body as Record<string, unknown>;
  if (!emailOnlySchema.safeParse({ email }).success || typeof email !== "string") return null;
  if (redirectTo === undefined) return { email };
  const sitePath = typeof redirectTo === "string" && /^\/(?![/\\])/.test(redirectTo);
  return sitePath ? { email, redirectTo } : null;
}

/**
 * The form's rules for the user fields, applied to whatever better-auth is about to write, whichever
 * endpoint it comes from (sign-up, update-user, a future plugin). On creation every field is required
 * and `name` is made from the first and last names; on an update only the fields present are checked.
 */
function checkUserFields(user: Record<string, unknown>, mode: "create" | "update"): Record<string, unknown> {
  const schema =
    mode === "create" ? z.omit(accountFieldsSchema, { name: true }) : z.partial(accountFieldsSchema);
  const fields = Object.fromEntries(
    Object.keys(accountFieldsSchema.shape)
      .filter((key) => mode === "create" || user[key] !== undefined)
      .map((key) => [key, user[key]]),
  );
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const [field, message] = Object.entries(fieldErrors(parsed.error))[0] ?? ["form", "Champ invalide"];
    throw new APIError("BAD_REQUEST", { code: "INVALID_USER_FIELD", field, message });
  }
  const checked: Record<string, unknown> = { ...user, ...parsed.data };
  if (mode === "create") checked.name = `${checked.firstName} ${checked.lastName}`;
  return checked;
}

function displayName(user: { name: string; firstName?: string | null }): string {
  return user.firstName || user.name || "";
}

export function createAuth({
  db,
  config,
  logger,
  onMailQueued,
  background,
  centre: centreOf,
  signInLinkAllowed = async () => false,
}: AuthDeps) {
  // The real reset request, run after the answer (see the before hook); set once `auth` exists.
  let requestResetLater: (body: { email: string; redirectTo?: string }) => Promise<unknown> = async () => {};
  // The real sign-in link request, likewise: only for an invited address, after the answer.
  let requestSignInLinkLater: (
    body: NonNullable<ReturnType<typeof deferrableSignInLink>>,
  ) => Promise<unknown> = async () => {};
  const auth = betterAuth({
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: authSessions,
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
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      // A reset makes every other reset link of the account useless (an older e-mail, a stolen one).
      async onPasswordReset({ user }) {
        await forgetResetLinks(db, user.id);
      },
      async sendResetPassword({ user, url, token }) {
        // The newest link alone opens the account: an older e-mail (forwarded, stolen) is useless.
        await forgetResetLinks(db, user.id, token);
        const centre = await centreOf(db);
        await enqueueMail(db, [
          { kind: "reset_password", to: user.email, ...resetPasswordMail(centre, displayName(user), url) },
        ]);
        onMailQueued();
      },
      // Signing up again with a registered address answers the same 'Inscription réussie' (no
      // account enumeration), and tells that address, which alone reads it, how to get in.
      async onExistingUserSignUp({ user }) {
        const mail = accountExistsMail(
          await centreOf(db),
          displayName(user),
          `${config.publicUrl}/auth`,
          `${config.publicUrl}/auth/mot-de-passe-oublie`,
        );
        await enqueueMail(db, [{ kind: "account_exists", to: user.email, ...mail }]);
        onMailQueued();
      },
      // The answer to a registered address is made from the submitted fields as a new account's is
      // (the same `name` from first and last names), so its body does not tell the two apart.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...checkUserFields({ ...coreFields, ...additionalFields }, "create"),
        id,
      }),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      async sendVerificationEmail({ user, url }) {
        const centre = await centreOf(db);
        await enqueueMail(db, [
          { kind: "verify_email", to: user.email, ...verificationMail(centre, displayName(user), url) },
        ]);
        onMailQueued();
      },
    },
    databaseHooks: {
      user: {
        create: { before: async (user) => ({ data: checkUserFields(user, "create") as typeof user }) },
        update: { before: async (user) => ({ data: checkUserFields(user, "update") }) },
      },
      account: {
        update: {
          // change-password and set-password update one account row with its new hash.
          async after(account) {
            if (account && typeof account === "object" && "password" in account && account.password) {
              await forgetResetLinks(db, account.userId);
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Sign-up: the form's rules before the address is looked up, so that a registered address and
        // a new one are refused (or accepted) alike.
        if (ctx.path === "/sign-up/email") {
          checkUserFields({ ...(ctx.body as Record<string, unknown>) }, "create");
          return;
        }
        // A new password ends every other session of the account, whatever the client asked.
        if (ctx.path === "/change-password") {
          return {
            context: { body: { ...(ctx.body as Record<string, unknown>), revokeOtherSessions: true } },
          };
        }
        // A sign-in link request is answered like a reset request, before the address is looked up:
        // an invited address gets a link and an e-mail once the answer is sent, an unknown one
        // nothing (no link, no account), and neither the answer nor its delay tells which.
        if (ctx.path === "/sign-in/magic-link" && ctx.request) {
          const body = deferrableSignInLink(ctx.body);
          if (!body) throw new APIError("BAD_REQUEST", { code: "INVALID_EMAIL", message: "Invalid email" });
          background(() =>
            requestSignInLinkLater(body).catch((error: unknown) =>
              logger.error({ err: error }, "auth: sign-in link request failed"),
            ),
          );
          return ctx.json({ status: true });
        }
        // A reset request is answered before the address is looked up: a registered one costs a
        // link and an e-mail, an unknown one nothing, and the answer's delay must not tell which.
        // The request itself runs once the answer is sent (without `request`: this hook lets it by).
        if (ctx.path === "/request-password-reset" && ctx.request) {
          const body = deferrableReset(ctx.body);
          if (!body) return;
          background(() =>
            requestResetLater(body).catch((error: unknown) =>
              logger.error({ err: error }, "auth: password reset request failed"),
            ),
          );
          return ctx.json(RESET_REQUESTED);
        }
      }),
    },
    plugins: [
      // Sign-in links (personal spaces): single use (the plugin consumes its row atomically), 15
      // minutes, stored hashed, never creating an account (only invited people have one).
      magicLink({
        expiresIn: SIGN_IN_LINK_SECONDS,
        disableSignUp: true,
        storeToken: { type: "custom-hasher", hash: hashSignInToken },
        async sendMagicLink({ email, url }) {
          const [user] = await db
            .select({ name: users.name, firstName: users.firstName })
            .from(users)
            .where(eq(users.email, email.toLowerCase()));
          if (!user) return;
          const mail = signInLinkMail(await centreOf(db), displayName(user), url, SIGN_IN_LINK_MINUTES);
          await enqueueMail(db, [{ kind: "sign_in_link", to: email, ...mail }]);
          onMailQueued();
        },
      }),
    ],
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
      // We hand better-auth the client address ourselves (see app/boot/app.server.ts).
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    },
    logger: {
      log(level, message, ...args) {
        // Only errors' names and messages: better-auth's arguments may hold a user with its e-mail.
        const errors = args.filter((arg): arg is Error => arg instanceof Error);
        logger[level]({ errors: errors.map((e) => `${e.name}: ${e.message}`) }, `auth: ${message}`);
      },
    },
  });
  requestResetLater = (body) => auth.api.requestPasswordReset({ body });
  requestSignInLinkLater = async (body) => {
    if (!(await signInLinkAllowed(db, body.email))) return;
    await auth.api.signInMagicLink({ body, headers: new Headers() });
  };
  return auth;
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
    await forgetResetLinks(tx, user.id);
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

// The process's runtime carries the one auth instance (built in app/boot/runtime.server.ts).
declare module "~/platform/runtime.server" {
  interface AppRuntime {
    auth: Auth;
  }
}
