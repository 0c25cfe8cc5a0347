// What an attacker tried on the running server, over HTTP: secret tokens never reach the logs, the
// auth endpoints do not tell which addresses have an account, a new password or a new reset link ends
// the old ones, a revoked role closes its iCalendar feed, odd addresses and stray posts get a clean
// 4xx with one log line, and personal pages are never kept by a shared cache.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { userRoles } from "~/features/accounts/schema.server";
import { feedToken } from "~/features/calendar/feed.server";
import { createLogger } from "~/platform/logger.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import { candidateFields } from "../support/candidate";
import { DRIVER } from "../support/db";
import { doc, msi, xls } from "../support/documents";
import { makeApplication, makeFormation, makeSession } from "../support/factories";
import { setUpHttpApp } from "../support/fixture";
import { signedInUser } from "../support/runtime";
import { settingsFormData } from "../support/settings";

const lines: string[] = [];
const logs = () => lines.join("");
const logger = createLogger({
  production: true,
  level: "debug",
  destination: { write: (line: string) => lines.push(line) },
});
// Every call comes from 127.0.0.1: better-auth's limiter would stop the test, not an attacker.
const t = setUpHttpApp({ AUTH_RATE_LIMIT: "false" }, {}, { logger });

// React Router's default error handler prints to stderr, outside the log's masking.
const stderr = vi.spyOn(console, "error");
afterEach(() => {
  const printed = stderr.mock.calls.map((call) => String(call[0]).slice(0, 200));
  stderr.mockClear();
  expect(printed).toEqual([]);
});

const PASSWORD = "motdepasse-solide";

function postJson(pathname: string, body: unknown, cookie?: string) {
  return fetch(`${t.base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/json", origin: t.base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** Signs in over HTTP: the Cookie header of a new session. */
async function signIn(email: string, password = PASSWORD): Promise<string> {
  const response = await postJson("/api/auth/sign-in/email", { email, password });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Whether `cookie` still opens a session. */
async function sessionOf(cookie: string): Promise<boolean> {
  const response = await fetch(`${t.base}/api/auth/get-session`, { headers: { cookie } });
  return (await response.json()) !== null;
}

const resetMails = async (email: string) =>
  (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter(
    (m) => m.kind === "reset_password",
  );

/** Asks for a reset link over HTTP and answers the token of the e-mail queued for it. */
async function resetLink(email: string): Promise<string> {
  const before = (await resetMails(email)).length;
  const response = await postJson("/api/auth/request-password-reset", { email });
  expect(response.status).toBe(200);
  await expect.poll(async () => (await resetMails(email)).length).toBe(before + 1);
  const mail = (await resetMails(email)).at(-1);
  const token = /\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error("no reset link in the e-mail");
  return token;
}

describe(`logs on ${DRIVER}`, () => {
  it("mask the reset link's, the e-mail confirmation's and the iCalendar feed's tokens in every line", async () => {
    const { email, userId } = await signedInUser(t, { role: "moderator" });
    const reset = await resetLink(email);
    const feed = await feedToken(t.app, userId);
    const confirm = "eyJhbGciOiJIUzI1NiJ9.secret-de-confirmation.signature";
    for (const pathname of [
      `/api/auth/reset-password/${reset}?callbackURL=/auth/nouveau-mot-de-passe`,
      `/auth/nouveau-mot-de-passe?token=${reset}`,
      `/api/auth/verify-email?token=${confirm}&callbackURL=/auth/verifie`,
      `/calendrier/${feed}.ics`,
      `/calendrier/${feed}.ics.data`,
    ]) {
      // The request's log line is written once the server has finished the response, which may be
      // after the client has read it: each request carries an id, and the test waits for its line.
      const reqId = randomUUID();
      await (
        await fetch(`${t.base}${pathname}`, { redirect: "manual", headers: { "x-request-id": reqId } })
      ).text();
      await expect.poll(logs).toContain(`"reqId":"${reqId}"`);
    }
    expect(logs()).toContain('"path":"/calendrier/[masqué].ics"');
    expect(logs()).toContain('"path":"/api/auth/reset-password/[masqué]"');
    for (const secret of [reset, feed, "secret-de-confirmation"]) expect(logs()).not.toContain(secret);
  });

  it("an error on a page with a token in its address goes to the log, masked, and not to stderr", async () => {
    const { userId } = await signedInUser(t, { role: "admin" });
    const feed = await feedToken(t.app, userId);
    await t.app.database.query("alter table calendar_feeds rename to calendar_feeds_hidden");
    try {
      expect((await fetch(`${t.base}/calendrier/${feed}.ics`)).status).toBe(500);
    } finally {
      await t.app.database.query("alter table calendar_feeds_hidden rename to calendar_feeds");
    }
    const line = lines.find((l) => l.includes('"msg":"server error"')) ?? "";
    expect(line).toContain('"path":"/calendrier/[masqué].ics"');
    expect(line).toContain("calendar_feeds");
    expect(line).not.toContain(feed);
    // The query's parameters (the token's hash) stay out as well.
    expect(line).not.toMatch(/params: (?!\[masqués\])/);
  });
});

describe(`odd addresses and stray articles on ${DRIVER}`, () => {
  it.each(["/formation/%00", "/ressources/article/%00", "/formation/a%00b/programme.pdf"])(
    "%s answers 404 with no error logged",
    async (pathname) => {
      const from = lines.length;
      expect((await fetch(`${t.base}${pathname}`)).status).toBe(404);
      const logged = lines.slice(from).join("");
      expect(logged).not.toContain('"level":50');
      expect(logged).not.toContain("params:");
    },
  );

  it("a POST to a page without an action: 405 in French, one short log line, no stack", async () => {
    const from = lines.length;
    const response = await fetch(`${t.base}/notre-centre`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: t.base },
      body: "a=b",
    });
    expect(response.status).toBe(405);
    expect(await response.text()).toContain("Cette page ne reçoit pas de formulaire");
    const logged = lines.slice(from).filter((l) => !l.includes('"msg":"request"'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('"status":405');
    expect(logged[0]).not.toContain("stack");
    expect(logged[0]?.length).toBeLessThan(300);
  });
});

describe(`accounts on ${DRIVER}`, () => {
  const signUp = (email: string, fields: Record<string, string> = {}) =>
    postJson("/api/auth/sign-up/email", {
      email,
      password: "un-mot-de-passe",
      name: "Nom Soumis",
      firstName: "Inès",
      lastName: "Roux",
      ...fields,
    });
  /** The answer without what differs between any two sign-ups (the address, the instants, the id). */
  const shape = async (response: Response) => {
    const body = (await response.json()) as { user?: Record<string, unknown> };
    const { id, email, createdAt, updatedAt, ...user } = body.user ?? {};
    return { status: response.status, body: { ...body, user }, id: typeof id, createdAt: typeof createdAt };
  };

  it("sign-up answers a registered address exactly as a new one", async () => {
    const { email } = await signedInUser(t);
    const registered = await shape(await signUp(email));
    const fresh = await shape(await signUp("adresse.nouvelle@example.test"));
    expect(registered).toEqual(fresh);
    expect(fresh.body.user).toMatchObject({ name: "Inès Roux" });
    // A field the form refuses is refused for both, with the same French message.
    const badRegistered = await signUp(email, { firstName: "x".repeat(101) });
    const badFresh = await signUp("autre.nouvelle@example.test", { firstName: "x".repeat(101) });
    expect(badRegistered.status).toBe(400);
    expect(await badRegistered.json()).toEqual(await badFresh.json());
  });

  it("a reset request is answered before the address is looked up: the same work whether it exists or not", async () => {
    const { email } = await signedInUser(t);
    // Nobody can read the accounts until the lock is released: the answers cannot depend on them.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const lock = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`lock table users in access exclusive mode`);
      locked();
      await released;
    });
    await holding;
    // Released however the test ends: a server that waits for the lookup (the defect) times the
    // test out, and the lock must not outlive it.
    onTestFinished(release);
    try {
      const known = await postJson("/api/auth/request-password-reset", { email });
      const unknown = await postJson("/api/auth/request-password-reset", { email: "personne@example.test" });
      expect(known.status).toBe(200);
      expect(await known.json()).toEqual(await unknown.json());
    } finally {
      release();
      await lock;
    }
    // The known address gets its link once the accounts can be read again.
    await expect.poll(async () => (await resetMails(email)).length).toBe(1);
  });

  it("a new reset link makes the older ones useless, before any is used", async () => {
    const { email } = await signedInUser(t);
    const older = await resetLink(email);
    const newer = await resetLink(email);
    const stale = await postJson("/api/auth/reset-password", { token: older, newPassword: "pirate-secret" });
    expect(stale.status).toBe(400);
    const fresh = await postJson("/api/auth/reset-password", { token: newer, newPassword: "nouveau-secret" });
    expect(fresh.status).toBe(200);
  });

  it("changing the password while signed in ends the account's other sessions", async () => {
    const { email } = await signedInUser(t);
    const here = await signIn(email);
    const elsewhere = await signIn(email);
    // The client does not ask for it: the server does it anyway.
    const changed = await postJson(
      "/api/auth/change-password",
      { currentPassword: PASSWORD, newPassword: "nouveau-secret" },
      here,
    );
    expect(changed.status).toBe(200);
    expect(await sessionOf(elsewhere)).toBe(false);
    // The one that changed it stays signed in, on the new session it was given.
    const renewed = changed.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(await sessionOf(renewed)).toBe(true);
  });

  it("setting a new password by a reset link ends every session", async () => {
    const { email } = await signedInUser(t);
    const session = await signIn(email);
    const token = await resetLink(email);
    const reset = await postJson("/api/auth/reset-password", { token, newPassword: "nouveau-secret" });
    expect(reset.status).toBe(200);
    expect(await sessionOf(session)).toBe(false);
  });
});

describe(`the iCalendar feed on ${DRIVER}`, () => {
  it("answers 404, as for an unknown token, once its owner's staff role is removed", async () => {
    const { userId } = await signedInUser(t, { role: "moderator" });
    const url = `${t.base}/calendrier/${await feedToken(t.app, userId)}.ics`;
    expect((await fetch(url)).status).toBe(200);
    await t.app.db.delete(userRoles).where(eq(userRoles.userId, userId));
    const refused = await fetch(url);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe("Calendrier introuvable.");
  });
});

describe(`shared caches on ${DRIVER}`, () => {
  it("a public page rendered for a signed-in visitor is private; every page varies on the cookie", async () => {
    const { email } = await signedInUser(t);
    const cookie = await signIn(email);
    for (const pathname of ["/formations", "/formations.data", "/"]) {
      const mine = await fetch(`${t.base}${pathname}`, { headers: { cookie } });
      expect(mine.headers.get("cache-control"), pathname).toContain("private");
      expect(mine.headers.get("vary"), pathname).toMatch(/cookie/i);
      const anonymous = await fetch(`${t.base}${pathname}`);
      expect(anonymous.headers.get("cache-control") ?? "", pathname).not.toContain("private");
      expect(anonymous.headers.get("vary"), pathname).toMatch(/cookie/i);
    }
    expect(await (await fetch(`${t.base}/formations`, { headers: { cookie } })).text()).toContain(email);
  });

  it("the feed's .data twin is no-store like the feed", async () => {
    const { userId } = await signedInUser(t, { role: "admin" });
    const token = await feedToken(t.app, userId);
    for (const pathname of [`/calendrier/${token}.ics`, `/calendrier/${token}.ics.data`]) {
      const response = await fetch(`${t.base}${pathname}`);
      expect(response.headers.get("cache-control"), pathname).toBe("no-store");
    }
  });
});

describe(`impossible dates and over-booking on ${DRIVER}`, () => {
  let admin: string;
  const ids = { formation: "", session: "" };
  beforeAll(async () => {
    admin = (await signedInUser(t, { role: "admin" })).cookie;
    const formation = await makeFormation(t.app.db, {
      title: "Dates impossibles",
      slug: "dates-impossibles",
    });
    ids.formation = formation.id;
    const session = await makeSession(t.app.db, {
      formationId: ids.formation,
      startDate: "2031-05-05",
      endDate: "2031-05-30",
      place: "Paris",
      seats: 10,
    });
    ids.session = session.id;
  });

  /** A console form posted as the page's own script does (`.data`): status and decoded payload. */
  async function post(pathname: string, fields: Record<string, string> | URLSearchParams) {
    const response = await fetch(`${t.base}${pathname}.data`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: t.base, cookie: admin },
      body: new URLSearchParams(fields),
    });
    return { status: response.status, text: await response.text() };
  }

  const session = (changes: Record<string, string>) => ({
    intent: "create",
    formationId: ids.formation,
    startDate: "2031-06-02",
    endDate: "2031-06-27",
    mode: "presentiel",
    place: "Paris",
    seats: "8",
    ...changes,
  });

  it.each(["2027-02-30", "0000-01-01", "2027-00-00"])(
    "%s in Paramètres and in a session: the field's French error, nothing stored",
    async (day) => {
      const before = await t.app.database.query("select * from centre_settings");
      const settings = await post("/admin/parametres", await settingsFormData(t.app.db, { foundedOn: day }));
      expect(settings.status).toBe(400);
      expect(settings.text).toContain("Date invalide");
      expect(settings.text).not.toContain("Une erreur s");
      expect(await t.app.database.query("select * from centre_settings")).toEqual(before);

      const sessions = `/admin/formations/${ids.formation}/sessions`;
      const count = async () =>
        (
          await t.app.database.query("select id from formation_sessions where formation_id = $1", [
            ids.formation,
          ])
        ).length;
      const stored = await count();
      for (const [field, message] of [
        ["startDate", "Date de début invalide"],
        ["endDate", "Date de fin invalide"],
        ["applicationDeadline", "Date limite invalide"],
      ]) {
        const answer = await post(sessions, session({ [field as string]: day }));
        expect(answer.status, field).toBe(400);
        expect(answer.text, field).toContain(message);
      }
      expect(await count()).toBe(stored);
    },
  );

  it("a session's seats cannot go below the candidates already admitted, with a French message naming them", async () => {
    for (const first of ["Léa", "Hugo", "Inès"]) {
      await makeApplication(t.app.db, {
        sessionId: ids.session,
        firstName: first,
        lastName: "Martin",
        email: "lea@example.test",
        phone: "0612345678",
        situation: "salarie",
        financing: "cpf",
        status: "admitted",
      });
    }
    const update = (seats: string) =>
      post(
        `/admin/formations/${ids.formation}/sessions`,
        session({
          intent: "update",
          id: ids.session,
          startDate: "2031-05-05",
          endDate: "2031-05-30",
          seats,
        }),
      );
    const refused = await update("2");
    expect(refused.text).toContain(
      "Cette session compte 3 candidat·es déjà admis·es\u202f: indiquez au moins 3 places.",
    );
    const [row] = await t.app.database.query<{ seats: number }>(
      "select seats from formation_sessions where id = $1",
      [ids.session],
    );
    expect(row?.seats).toBe(10);
    await update("3");
    const [lowered] = await t.app.database.query<{ seats: number }>(
      "select seats from formation_sessions where id = $1",
      [ids.session],
    );
    expect(lowered?.seats).toBe(3);
  });
});

describe(`CV files on ${DRIVER}`, () => {
  /** Posts the public application form with `bytes` as the CV named `CV.doc`: status and page. */
  async function applyWith(bytes: Uint8Array) {
    const [open] = await t.app.database.query<{ slug: string; id: string }>(
      `select f.slug, s.id from formation_sessions s join formations f on f.id = s.formation_id
        where f.active and s.start_date > current_date and not s.closed order by s.start_date limit 1`,
    );
    const form = new FormData();
    const fields = candidateFields(open?.id ?? "", { email: `candidat-${randomUUID()}@example.test` });
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set("cv", new File([new Uint8Array(bytes)], "CV.doc", { type: "application/msword" }));
    const response = await fetch(`${t.base}/formation/${open?.slug}/candidature`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: t.base },
      body: form,
    });
    const stored = await t.app.database.query("select id from applications where email = $1", [fields.email]);
    return { status: response.status, page: await response.text(), stored: stored.length };
  }

  it.each([
    ["an Excel 97-2003 workbook", xls()],
    ["a Windows Installer package", msi()],
  ])("refuses %s named .doc (same container as a .doc), with the French message", async (_, bytes) => {
    const answer = await applyWith(bytes);
    expect(answer.status).toBe(400);
    expect(answer.page).toContain("Le CV doit être un fichier PDF, DOC, DOCX ou ODT");
    expect(answer.stored).toBe(0);
  });

  it("accepts a Word 97-2003 document", async () => {
    const answer = await applyWith(doc());
    expect(answer.status).toBe(303);
    expect(answer.stored).toBe(1);
  });
});
