import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userRoles, users } from "~/features/accounts/schema.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import { loader as rootLoader } from "~/root";
import * as authApi from "~/routes/api/auth";
import * as authRoute from "~/routes/site/auth";
import * as forgotRoute from "~/routes/site/forgot-password";
import * as resetRoute from "~/routes/site/reset-password";
import * as signOutRoute from "~/routes/site/sign-out";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";
import {
  BASE_URL,
  bodyOf,
  cookieFrom,
  formRequest,
  getRequest,
  routeArgs,
  statusOf,
} from "../support/runtime";

const t = setUpTestApp({ ADMIN_EMAIL: "Direction@Centre.test", ADMIN_PASSWORD: "mot-de-passe-admin" });

// better-auth allows 3 sign-ins per 10 s from one address: each call here comes from its own,
// except in the rate-limit test, which picks its address on purpose.
let calls = 0;
const nextIp = () => `198.51.100.${++calls % 250}`;
const args = (request: Request, clientIp = nextIp()) => routeArgs(t, request, {}, clientIp);

async function rootUser(cookie: string) {
  const result = await rootLoader(args(getRequest("/", cookie)));
  return (await bodyOf(result)).user as { firstName: string; email: string } | null;
}

function linkIn(body: string, prefix: string): string {
  const match = new RegExp(`${prefix.replace(/[.?]/g, "\\$&")}[^\\s"<>]+`).exec(body);
  if (!match) throw new Error(`no ${prefix} link`);
  return match[0].replaceAll("&amp;", "&");
}

describe(`authentication on ${DRIVER}`, () => {
  const email = "lea.martin@example.test";

  it("refuses a sign-up without the required fields, with French messages, and writes nothing", async () => {
    const result = await authRoute.action(
      args(
        formRequest("/auth", {
          intent: "signup",
          firstName: "",
          lastName: "M",
          email: "pas-un-email",
          password: "123",
        }),
      ),
    );
    expect(statusOf(result)).toBe(400);
    const body = await bodyOf(result);
    expect(body.errors).toMatchObject({
      firstName: "Ce champ est obligatoire",
      email: "Adresse e-mail invalide",
      password: "Le mot de passe doit contenir au moins 6 caractères",
    });
    expect(await t.app.db.select().from(users).where(eq(users.email, "pas-un-email"))).toHaveLength(0);
  });

  it("signs up, sends the confirmation through SMTP, refuses sign-in until confirmed, then signs in", async () => {
    const signUp = await authRoute.action(
      args(
        formRequest("/auth", {
          intent: "signup",
          firstName: "Léa",
          lastName: "Martin",
          email,
          password: "secret1",
        }),
      ),
    );
    expect(await bodyOf(signUp)).toMatchObject({
      signedUp: true,
      toast: {
        title: "Inscription réussie",
        description: "Vérifiez votre email pour confirmer votre compte",
      },
    });
    const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: "Léa", lastName: "Martin", emailVerified: false });

    const refused = await authRoute.action(
      args(formRequest("/auth", { intent: "signin", email, password: "secret1" })),
    );
    expect(await bodyOf(refused)).toMatchObject({
      toast: { title: "Erreur de connexion" },
      unverifiedEmail: email,
    });

    expect(await t.app.mail.drain()).toBe(1);
    const [mail] = t.smtp.to(email);
    expect(mail?.subject).toBe("Confirmez votre adresse e-mail");
    expect(mail?.body).toContain("Bonjour Léa");
    const link = linkIn(mail?.body ?? "", `${BASE_URL}/api/auth/verify-email`);
    expect(link).toContain("callbackURL=%2Fauth%2Fverifie");

    const verified = await authApi.loader(args(getRequest(link.replace(BASE_URL, ""))));
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/auth/verifie");
    const cookie = cookieFrom(verified);
    expect(await rootUser(cookie)).toMatchObject({ firstName: "Léa", email });

    const signIn = await authRoute.action(
      args(formRequest("/auth", { intent: "signin", email, password: "secret1" })),
    );
    expect(signIn).toBeInstanceOf(Response);
    const response = signIn as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const setCookies = response.headers.getSetCookie().join("\n");
    expect(setCookies).toMatch(/cfa\.session_token=[^;]+;.*HttpOnly/i);
    expect(setCookies).toContain("toast=");
  });

  it("refuses a wrong password with the French message", async () => {
    const result = await authRoute.action(
      args(formRequest("/auth", { intent: "signin", email, password: "mauvais" })),
    );
    expect(await bodyOf(result)).toMatchObject({
      toast: {
        type: "error",
        title: "Erreur de connexion",
        description: "E-mail ou mot de passe incorrect.",
      },
    });
  });

  it("only redirects to a path of this site after sign-in", async () => {
    const result = (await authRoute.action(
      args(
        formRequest("/auth", {
          intent: "signin",
          email,
          password: "secret1",
          redirectTo: "//evil.example/x",
        }),
      ),
    )) as Response;
    expect(result.headers.get("location")).toBe("/");
    const back = (await authRoute.action(
      args(
        formRequest("/auth", {
          intent: "signin",
          email,
          password: "secret1",
          redirectTo: "/admin/formations",
        }),
      ),
    )) as Response;
    expect(back.headers.get("location")).toBe("/admin/formations");
  });

  it("sends a signed-in visitor from /auth to /", async () => {
    const response = (await authRoute.action(
      args(formRequest("/auth", { intent: "signin", email, password: "secret1" })),
    )) as Response;
    const cookie = cookieFrom(response);
    await expect(authRoute.loader(args(getRequest("/auth", cookie)))).rejects.toMatchObject({ status: 302 });
    await expect(authRoute.loader(args(getRequest("/auth")))).resolves.toBeNull();
  });

  it("signs out: the session cookie no longer opens a session", async () => {
    const response = (await authRoute.action(
      args(formRequest("/auth", { intent: "signin", email, password: "secret1" })),
    )) as Response;
    const cookie = cookieFrom(response);
    expect(await rootUser(cookie)).not.toBeNull();
    const out = await signOutRoute.action(args(formRequest("/auth/deconnexion", {}, cookie)));
    expect(out.status).toBe(302);
    expect(await rootUser(cookie)).toBeNull();
  });

  it("resets a forgotten password by e-mail, and says the same for unknown addresses", async () => {
    const unknown = await forgotRoute.action(
      args(formRequest("/auth/mot-de-passe-oublie", { email: "inconnu@example.test" })),
    );
    expect(await bodyOf(unknown)).toMatchObject({ sent: true });
    const known = await forgotRoute.action(args(formRequest("/auth/mot-de-passe-oublie", { email })));
    expect(await bodyOf(known)).toMatchObject({ sent: true });
    // The link is made after the answer (its delay must not tell a known address): wait for it.
    const resets = () => t.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "reset_password"));
    await expect.poll(async () => (await resets()).map((m) => m.to)).toEqual([email]);
    await t.app.mail.drain();
    const mail = t.smtp.to(email).find((m) => m.subject === "Réinitialisation de votre mot de passe");
    expect(t.smtp.to("inconnu@example.test")).toHaveLength(0);
    const link = linkIn(mail?.body ?? "", `${BASE_URL}/api/auth/reset-password/`);
    const landing = await authApi.loader(args(getRequest(link.replace(BASE_URL, ""))));
    const target = new URL(landing.headers.get("location") ?? "", BASE_URL);
    expect(target.pathname).toBe("/auth/nouveau-mot-de-passe");
    const token = target.searchParams.get("token") ?? "";

    const tooShort = await resetRoute.action(
      args(formRequest("/auth/nouveau-mot-de-passe", { token, password: "123" })),
    );
    expect(statusOf(tooShort)).toBe(400);
    const done = (await resetRoute.action(
      args(formRequest("/auth/nouveau-mot-de-passe", { token, password: "nouveau-secret" })),
    )) as Response;
    expect(done.status).toBe(302);
    const old = await authRoute.action(
      args(formRequest("/auth", { intent: "signin", email, password: "secret1" })),
    );
    expect(await bodyOf(old)).toMatchObject({ toast: { title: "Erreur de connexion" } });
    const fresh = await authRoute.action(
      args(formRequest("/auth", { intent: "signin", email, password: "nouveau-secret" })),
    );
    expect((fresh as Response).status).toBe(302);
  });

  it("ensures ADMIN_EMAIL is a verified admin who can sign in", async () => {
    const [admin] = await t.app.db.select().from(users).where(eq(users.email, "direction@centre.test"));
    expect(admin?.emailVerified).toBe(true);
    const [role] = await t.app.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, admin?.id ?? ""));
    expect(role?.role).toBe("admin");
    const signIn = await authRoute.action(
      args(
        formRequest("/auth", {
          intent: "signin",
          email: "direction@centre.test",
          password: "mot-de-passe-admin",
        }),
      ),
    );
    expect((signIn as Response).status).toBe(302);
  });

  it("queues no mail for a refused sign-up", async () => {
    const before = (await t.app.db.select().from(mailOutbox)).length;
    await authRoute.action(
      args(
        formRequest("/auth", {
          intent: "signup",
          firstName: "A",
          lastName: "B",
          email: "x@y.z",
          password: "1",
        }),
      ),
    );
    expect((await t.app.db.select().from(mailOutbox)).length).toBe(before);
  });
});

describe("rate limiting", () => {
  it("refuses repeated sign-in attempts from one address with a French message and 429", async () => {
    const statuses: number[] = [];
    let last: unknown;
    for (let i = 0; i < 5; i++) {
      last = await authRoute.action(
        args(
          formRequest("/auth", { intent: "signin", email: "cible@example.test", password: "essai" }),
          "203.0.113.9",
        ),
      );
      statuses.push(statusOf(last));
    }
    expect(statuses).toContain(429);
    expect(await bodyOf(last)).toMatchObject({
      toast: { description: "Trop de tentatives. Réessayez dans quelques instants." },
    });
    // Another address is not affected.
    const other = await authRoute.action(
      args(
        formRequest("/auth", { intent: "signin", email: "cible@example.test", password: "essai" }),
        "203.0.113.10",
      ),
    );
    expect(statusOf(other)).toBe(400);
  });
});
