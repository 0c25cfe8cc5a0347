import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/features/accounts/schema.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import * as authRoute from "~/routes/site/auth";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";
import { BASE_URL, bodyOf, formRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();

let calls = 0;
const signUp = (email: string, password: string) =>
  authRoute.action(
    routeArgs(
      t,
      formRequest("/auth", { intent: "signup", firstName: "Nora", lastName: "Petit", email, password }),
      {},
      `198.51.100.${++calls}`,
    ),
  );

const queuedFor = (email: string) => t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe(`sign-up with an address that has an account, on ${DRIVER}`, () => {
  it("answers exactly as a new sign-up, creates nothing, and mails that address a sign-in and a reset link", async () => {
    const email = "nora.petit@example.test";
    const first = await signUp(email, "premier-mot-de-passe");
    await expect.poll(async () => (await queuedFor(email)).length).toBe(1);

    const again = await signUp(email, "autre-mot-de-passe");
    // No account enumeration: the same status and the same screen as the first time.
    expect(statusOf(again)).toBe(statusOf(first));
    expect(await bodyOf(again)).toEqual(await bodyOf(first));
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);

    // The mail is queued after better-auth's transaction, possibly in the background: wait for it.
    await expect
      .poll(async () => (await queuedFor(email)).map((m) => m.kind).sort())
      .toEqual(["account_exists", "verify_email"]);
    while ((await t.app.mail.drain()) > 0);
    const mail = t.smtp.to(email).find((m) => m.subject === "Vous avez déjà un compte");
    expect(mail?.body).toContain("Bonjour Nora");
    expect(mail?.body).toContain(`${BASE_URL}/auth`);
    expect(mail?.body).toContain(`${BASE_URL}/auth/mot-de-passe-oublie`);
    expect(mail?.body).toContain("Un compte existe déjà");
  });

  it("sends no such mail to an address without an account", async () => {
    const email = "nouvelle.adresse@example.test";
    await signUp(email, "un-mot-de-passe");
    await expect.poll(async () => (await queuedFor(email)).length).toBe(1);
    expect((await queuedFor(email)).map((m) => m.kind)).toEqual(["verify_email"]);
  });
});
