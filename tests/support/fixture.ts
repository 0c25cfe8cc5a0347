// One set-up for an integration file instead of a copied `let t; beforeAll(…); afterAll(…)` block:
//
//   const t = setUpTestApp({ FORM_RATE_LIMIT: "0" }); // or setUpHttpApp(…) for the Express app
//   const admin = setUpSignedIn(t, "admin"); // "moderator", or null for a role-less account
//
// Each call registers the file's beforeAll (and afterAll) hooks, which Vitest runs in the order
// they were registered, and returns a stand-in that reads the real value once the hooks have run:
// test bodies use `t.app.db` and `admin.cookie` exactly as before. Reading one before the file's
// hooks ran (at the top level of the file) throws and says so.
import { afterAll, beforeAll } from "vitest";
import type { Role } from "~/features/accounts/schema.server";
import { setUpProductionBuild } from "./build";
import { type HttpTestApp, startHttpApp } from "./http";
import { createTestApp, signedInUser, type TestApp } from "./runtime";

/** What `signedInUser` answers: the session's Cookie header, the account's id and address. */
export type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

/**
 * A database, a runtime and an SMTP peer take seconds; on a loaded 2-core machine running several
 * files at once, more than Vitest's hook timeout at times (the longest any file allowed before).
 */
const SET_UP_TIMEOUT_MS = 180_000;

/** A stand-in for the object `load` resolves to in the file's beforeAll hook. */
function later<T extends object>(
  what: string,
  load: () => Promise<T>,
  unload?: (value: T) => Promise<void>,
): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await load();
  }, SET_UP_TIMEOUT_MS);
  if (unload) {
    afterAll(async () => {
      if (value) await unload(value);
    });
  }
  const ready = (): T => {
    if (!value) throw new Error(`${what} is ready in tests and hooks, not while the file is being read`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(ready(), key),
    has: (_, key) => Reflect.has(ready(), key),
  });
}

/** The real runtime on the file's own database (see createTestApp), closed after the file. */
export function setUpTestApp(...args: Parameters<typeof createTestApp>): TestApp {
  return later(
    "the test app",
    () => createTestApp(...args),
    (t) => t.close(),
  );
}

/**
 * The production build's Express app on the file's own database (see startHttpApp), after a hook of
 * its own that brings the build up to date (a minute or more, past the set-up's timeout).
 */
export function setUpHttpApp(...args: Parameters<typeof startHttpApp>): HttpTestApp {
  setUpProductionBuild();
  return later(
    "the HTTP test app",
    () => startHttpApp(...args),
    (t) => t.close(),
  );
}

/** A verified account signed in on `t` with `role` (null: none), made after `t` is up. */
export function setUpSignedIn(
  t: TestApp,
  role: Role | null,
  options: Omit<NonNullable<Parameters<typeof signedInUser>[1]>, "role"> = {},
): SignedIn {
  return later(`the ${role ?? "role-less"} account`, () => signedInUser(t, { ...options, role }));
}
