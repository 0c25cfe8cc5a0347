// Every way into the users table keeps the form's rules; reset links die with a new password; the
// post-sign-in redirect stays on this site; malformed input gets a French 4xx, never a 500.
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~/features/accounts/schema.server";
import { formations } from "~/features/catalogue/schema.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import * as articlesRoute from "~/routes/admin/articles";
import * as contacts from "~/routes/admin/contacts";
import * as contactsExport from "~/routes/admin/contacts-export";
import * as formationsRoute from "~/routes/admin/formations";
import * as testimonialsRoute from "~/routes/admin/testimonials";
import * as usersRoute from "~/routes/admin/users";
import * as authApi from "~/routes/api/auth";
import * as authRoute from "~/routes/site/auth";
import * as forgotRoute from "~/routes/site/forgot-password";
import * as resetRoute from "~/routes/site/reset-password";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";
import {
  BASE_URL,
  bodyOf,
  cookieFrom,
  formRequest,
  getRequest,
  routeArgs,
  signedInUser,
  statusOf,
} from "../support/runtime";

const t = setUpTestApp();

// better-auth allows 3 sign-ins (and 3 reset requests) per window and address: one address a call.
let calls = 0;
const nextIp = () => `192.0.2.${++calls % 250}`;
const args = (request: Request) => routeArgs(t, request, {}, nextIp());

function jsonRequest(pathname: string, body: unknown, cookie?: string): Request {
  const headers = new Headers({ "content-type": "application/json", origin: BASE_URL });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${BASE_URL}${pathname}`, { method: "POST", headers, body: JSON.stringify(body) });
}

const userCount = async () => (await t.app.db.select({ id: users.id }).from(users)).length;
const mailCount = async () => (await t.app.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;

/** Signs up through /api/auth/*, as a script would, bypassing the /auth form. */
const apiSignUp = (body: Record<string, unknown>) =>
  authApi.action(args(jsonRequest("/api/auth/sign-up/email", body)));

describe(`better-auth endpoints keep the form's rules on ${DRIVER}`, () => {
  const valid = {
    email: "api@example.test",
    password: "secret1",
    firstName: "Léa",
    lastName: "Martin",
    name: "x",
  };

  it("refuses a 10 MB first name (413) and an over-long one (400, French); stores nothing, mails nothing", async () => {
    const users0 = await userCount();
    const mails0 = await mailCount();
    const huge = await apiSignUp({ ...valid, firstName: "A".repeat(10 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const long = await apiSignUp({ ...valid, firstName: "A".repeat(101) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toBe(
      "Ce champ ne peut pas dépasser 100 caractères",
    );
    for (const bad of [
      { ...valid, firstName: "Léa\u0000" },
      { ...valid, lastName: "   " },
      { email: valid.email, password: valid.password, name: "Sans prénom ni nom" },
    ]) {
      const response = await apiSignUp(bad);
      expect(response.status).toBe(400);
    }
    expect(await userCount()).toBe(users0);
    expect(await mailCount()).toBe(mails0);
    // The same request within the rules goes through; `name` is made from the two names.
    expect((await apiSignUp(valid)).status).toBe(200);
    const [stored] = await t.app.db.select().from(users).where(eq(users.email, valid.email));
    expect(stored).toMatchObject({ firstName: "Léa", lastName: "Martin", name: "Léa Martin" });
  });

  it("refuses update-user beyond the rules and keeps the stored names", async () => {
    const { cookie, userId } = await signedInUser(t);
    const update = (body: Record<string, unknown>) =>
      authApi.action(args(jsonRequest("/api/auth/update-user", body, cookie)));
    expect((await update({ firstName: "B".repeat(10 * 1024 * 1024) })).status).toBe(413);
    expect((await update({ firstName: "B".repeat(101) })).status).toBe(400);
    expect((await update({ name: "N".repeat(300) })).status).toBe(400);
    expect((await update({ lastName: "x\u0000y" })).status).toBe(400);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ firstName: "Camille", lastName: "Test" });
    expect((await update({ firstName: "Camille-Rose" })).status).toBe(200);
  });
});

describe("reset links", () => {
  const email = "reset@example.test";

  /** Asks for a reset link and returns the token of the e-mail that arrived. */
  async function resetLink(): Promise<string> {
    const resets = () => t.smtp.to(email).filter((m) => m.subject.startsWith("Réinitialisation"));
    const before = resets().length;
    const queued = async () =>
      (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "reset_password"))).length;
    const queuedBefore = await queued();
    await forgotRoute.action(args(formRequest("/auth/mot-de-passe-oublie", { email })));
    // The link is made after the answer (its delay must not tell a known address): wait for it.
    await expect.poll(queued).toBe(queuedBefore + 1);
    await t.app.mail.drain();
    const match = /\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(resets()[before]?.body ?? "");
    if (!match?.[1]) throw new Error(`no reset link in ${JSON.stringify(t.smtp.to(email))}`);
    return match[1];
  }

  const reset = (token: string, password: string) =>
    resetRoute.action(args(formRequest("/auth/nouveau-mot-de-passe", { token, password })));

  it("refuses an older link once the password was reset with a newer one", async () => {
    const { userId } = await signedInUser(t, { email });
    expect(userId).toBeTruthy();
    const older = await resetLink();
    const newer = await resetLink();
    expect(statusOf(await reset(newer, "nouveau-secret"))).toBe(302);
    const stale = await reset(older, "encore-un-autre");
    expect(statusOf(stale)).toBe(400);
    expect(await bodyOf(stale)).toMatchObject({
      toast: { description: "Ce lien est invalide ou a expiré. Demandez-en un nouveau." },
    });
  });

  it("refuses an outstanding link once the password was changed while signed in", async () => {
    const link = await resetLink();
    const signIn = (await authRoute.action(
      args(formRequest("/auth", { intent: "signin", email, password: "nouveau-secret" })),
    )) as Response;
    const cookie = cookieFrom(signIn);
    const changed = await authApi.action(
      args(
        jsonRequest(
          "/api/auth/change-password",
          { currentPassword: "nouveau-secret", newPassword: "change-secret" },
          cookie,
        ),
      ),
    );
    expect(changed.status).toBe(200);
    expect(statusOf(await reset(link, "pirate-secret"))).toBe(400);
  });
});

describe("where sign-in leads", () => {
  const email = "redirect@example.test";
  beforeAll(async () => {
    await signedInUser(t, { email });
  });

  const signInTo = async (redirectTo: string) => {
    const result = await authRoute.action(
      args(formRequest("/auth", { intent: "signin", email, password: "motdepasse-solide", redirectTo })),
    );
    return result as Response;
  };

  it.each([
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/.//evil.example", "/"],
    ["\u0001//evil.example", "/"],
    ["/admin\n/contacts", "/admin/contacts"],
    ["/admin\r", "/admin"],
    ["/\u3000", "/%E3%80%80"],
    ["/café", "/caf%C3%A9"],
  ])("redirectTo %j → %j, with the session cookie", async (redirectTo, location) => {
    const response = await signInTo(redirectTo);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(location);
    expect(cookieFrom(response)).toContain("cfa.session_token=");
  });
});

describe("malformed input gets a French 4xx", () => {
  let admin: { cookie: string };
  beforeAll(async () => {
    admin = await signedInUser(t, { role: "admin" });
  });

  it.each([
    ["/auth", authRoute],
    ["/auth/mot-de-passe-oublie", forgotRoute],
    ["/auth/nouveau-mot-de-passe", resetRoute],
  ])("a JSON body to the form of %s", async (pathname, route) => {
    const result = await route.action(args(jsonRequest(pathname, { intent: "signin", email: "a@b.c" })));
    expect(statusOf(result)).toBe(400);
    expect(await bodyOf(result)).toMatchObject({
      toast: { description: "Formulaire illisible. Rechargez la page et réessayez." },
    });
  });

  it.each([
    ["/admin/formations", formationsRoute],
    ["/admin/articles", articlesRoute],
    ["/admin/temoignages", testimonialsRoute],
    ["/admin/contacts", contacts],
    ["/admin/utilisateurs", usersRoute],
  ])("a JSON body to the console action of %s", async (pathname, route) => {
    const result = await route.action(args(jsonRequest(pathname, { intent: "create" }, admin.cookie)));
    expect(statusOf(result)).toBe(400);
    expect(await bodyOf(result)).toMatchObject({ ok: false, toast: { title: "Formulaire illisible" } });
  });

  it("a NUL byte in a console text field, nothing stored", async () => {
    const before = (await t.app.db.select({ id: formations.id }).from(formations)).length;
    const result = await formationsRoute.action(
      args(
        formRequest(
          "/admin/formations",
          {
            intent: "create",
            title: "Formation\u0000piégée",
            formationType: "courte",
            duration: "3 mois",
            entryLevel: "niveau-4",
            pricing: "prise-en-charge",
            description: "Une formation.",
            active: "true",
            financingEligible: "false",
          },
          admin.cookie,
        ),
      ),
    );
    expect(statusOf(result)).toBe(400);
    expect(await bodyOf(result)).toMatchObject({ ok: false, errors: { title: expect.any(String) } });
    expect((await t.app.db.select({ id: formations.id }).from(formations)).length).toBe(before);
  });

  it("a NUL in the CSV export filter", async () => {
    const response = (await contactsExport.loader(
      args(getRequest("/admin/contacts/export.csv?q=%00", admin.cookie)),
    )) as Response;
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Filtre de recherche invalide");
    const list = await contacts.loader(args(getRequest("/admin/contacts?q=%00", admin.cookie)));
    expect(statusOf(list)).toBe(200);
  });

  it("any fields on the auth forms: a 4xx with a message or a redirect, never a throw", async () => {
    const text = fc.string({ unit: "binary", maxLength: 300 });
    const fields = fc.record(
      {
        intent: fc.oneof(fc.constantFrom("signin", "signup", "resend"), text),
        email: fc.oneof(fc.emailAddress(), text),
        password: text,
        firstName: text,
        lastName: text,
        redirectTo: text,
        token: text,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(authRoute, forgotRoute, resetRoute), fields, async (route, form) => {
        const result = await route.action(args(formRequest("/auth", form as Record<string, string>)));
        const status = statusOf(result);
        expect(status).toBeLessThan(500);
        if (status >= 400) expect(JSON.stringify(await bodyOf(result))).toMatch(/description|errors/);
      }),
      { numRuns: 60 },
    );
  });
});
