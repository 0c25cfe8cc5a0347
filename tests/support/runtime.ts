import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { type AppRuntime, createLoadContext, createRuntime } from "~/boot/runtime.server";
import { type Role, userRoles, users } from "~/features/accounts/schema.server";
import { loadConfig } from "~/platform/config.server";
import { createLogger, type Logger } from "~/platform/logger.server";
import { smtpTransport } from "~/platform/mail/transport.server";
import { createTestDatabase, type TestDatabase } from "./db";
import { scratchDir } from "./scratch";
import { type SmtpPeer, startSmtpPeer } from "./smtp";

export const BASE_URL = "http://localhost:3000";

export interface TestApp {
  app: AppRuntime;
  database: TestDatabase;
  smtp: SmtpPeer;
  context(clientIp?: string): RouterContextProvider;
  close(): Promise<void>;
}

/**
 * The real runtime on a fresh database, with a real SMTP peer on loopback. The mail worker does
 * not poll: tests call `app.mail.drain()` when they want mail to leave.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logger?: Logger } = {},
): Promise<TestApp> {
  const smtp = await startSmtpPeer();
  const database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: scratchDir("cfa-test-"),
    PUBLIC_URL: BASE_URL,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    CONTACT_NOTIFY_EMAIL: "equipe@centre.test",
    SMTP_URL: smtp.url,
    NODE_ENV: "test",
    // The suite reads the demonstration centre's catalogue, on PostgreSQL too.
    DEMO_DATA: "on",
    ...env,
  });
  const app = await createRuntime(config, {
    database,
    transport: smtpTransport(smtp.url),
    logger: options.logger ?? createLogger({ production: true, level: process.env.LOG_LEVEL ?? "silent" }),
    startMailWorker: false,
  });
  return {
    app,
    database,
    smtp,
    context: (clientIp = "127.0.0.1") => createLoadContext(app, clientIp),
    async close() {
      await app.close();
      await smtp.close();
    },
  };
}

/** A Request as a browser form post would send it. */
export function formRequest(pathname: string, fields: Record<string, string>, cookie?: string): Request {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", origin: BASE_URL });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${BASE_URL}${pathname}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
  });
}

/** A multipart form post with one file in its `file` field, as the console's upload forms send it. */
export function fileRequest(
  pathname: string,
  fields: Record<string, string>,
  file: { bytes: Uint8Array; name: string; type: string },
  cookie: string,
): Request {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  body.set("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return new Request(`${BASE_URL}${pathname}`, {
    method: "POST",
    headers: { origin: BASE_URL, cookie },
    body,
  });
}

export function getRequest(pathname: string, cookie?: string): Request {
  return new Request(`${BASE_URL}${pathname}`, cookie ? { headers: { cookie } } : {});
}

/** The cookie header a browser would send back after these Set-Cookie headers. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * A verified account with an optional role, signed in: returns the Cookie header of its session.
 * Goes through better-auth's real sign-up and sign-in, only the e-mail click is skipped.
 */
export async function signedInUser(
  t: TestApp,
  options: { role?: Role | null; email?: string; firstName?: string } = {},
): Promise<{ cookie: string; userId: string; email: string }> {
  const email = options.email ?? `user-${randomUUID()}@example.test`;
  const password = "motdepasse-solide";
  const { auth, db } = t.app;
  const { user } = await auth.api.signUpEmail({
    body: { email, password, name: "Test", firstName: options.firstName ?? "Camille", lastName: "Test" },
  });
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  if (options.role) await db.insert(userRoles).values({ userId: user.id, role: options.role });
  const response = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
  return { cookie: cookieFrom(response), userId: user.id, email };
}

/**
 * The arguments React Router hands a loader or action. Typed `never` on purpose: each route's
 * generated Args type differs only in fields a server function does not read, and this lets one
 * helper call them all.
 */
export function routeArgs(
  t: TestApp,
  request: Request,
  params: Record<string, string> = {},
  clientIp?: string,
): never {
  return { request, params, context: t.context(clientIp) } as never;
}

/** The body of what a loader or action returned: a Response, `data()` or a plain object. */
export async function bodyOf(result: unknown): Promise<Record<string, unknown>> {
  if (result instanceof Response) return (await result.json()) as Record<string, unknown>;
  if (result && typeof result === "object" && "data" in result && "init" in result) {
    return result.data as Record<string, unknown>;
  }
  return result as Record<string, unknown>;
}

/** The HTTP status of what a loader or action returned (200 for plain data). */
export function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  if (result && typeof result === "object" && "init" in result) {
    return (result as { init?: { status?: number } | null }).init?.status ?? 200;
  }
  return 200;
}
