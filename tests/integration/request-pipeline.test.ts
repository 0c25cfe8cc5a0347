import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { contactRequests } from "~/features/leads/schema.server";
import { createLogger } from "~/platform/logger.server";
import { setUpHttpApp } from "../support/fixture";
import type { HttpTestApp } from "../support/http";
import { signedInUser } from "../support/runtime";

// Requests through the real Express app of the production build, as a browser or a proxy sends them.

function post(t: HttpTestApp, pathname: string, fields: Record<string, string>, headers = {}) {
  return fetch(`${t.base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: t.base, ...headers },
    body: new URLSearchParams(fields),
  });
}

/** One callback request from `address` as the proxy in front of us reports it. */
const callbackFrom = (t: HttpTestApp, forwardedFor: string) =>
  post(t, "/api/rappel", {}, { accept: "application/json", "x-forwarded-for": forwardedFor });

/** One wrong-password sign-in on the /auth form from `forwardedFor`. */
const signInFrom = (t: HttpTestApp, forwardedFor: string) =>
  post(
    t,
    "/auth",
    { intent: "signin", email: "personne@example.test", password: "mauvais-mot" },
    { "x-forwarded-for": forwardedFor },
  );

describe("behind one proxy hop (TRUST_PROXY=1)", () => {
  const t = setUpHttpApp({ TRUST_PROXY: "1", FORM_RATE_LIMIT: "2" });

  it("gives two visitors with different addresses separate form limits", async () => {
    expect((await callbackFrom(t, "203.0.113.1")).status).toBe(400);
    expect((await callbackFrom(t, "203.0.113.1")).status).toBe(400);
    expect((await callbackFrom(t, "203.0.113.1")).status).toBe(429);
    // Another visitor behind the same load balancer still gets through.
    expect((await callbackFrom(t, "203.0.113.2")).status).toBe(400);
  });

  it("gives two visitors with different addresses separate sign-in limits", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signInFrom(t, "198.51.100.1")).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect((await signInFrom(t, "198.51.100.2")).status).toBe(400);
  });
});

describe("without TRUST_PROXY", () => {
  const t = setUpHttpApp({ FORM_RATE_LIMIT: "2" });

  it("ignores a forged X-Forwarded-For: the limit stays on the real peer", async () => {
    expect((await callbackFrom(t, "203.0.113.1")).status).toBe(400);
    expect((await callbackFrom(t, "203.0.113.2")).status).toBe(400);
    expect((await callbackFrom(t, "203.0.113.3")).status).toBe(429);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signInFrom(t, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe("state-changing requests from another site", () => {
  const t = setUpHttpApp();

  it("refuses sign-out posted from a sibling site (403, French), the session stays valid", async () => {
    const { cookie } = await signedInUser(t);
    const foreign = await post(t, "/auth/deconnexion", {}, { origin: "https://evil.example", cookie });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain("ne provient pas du site");
    const session = await t.app.auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(session?.user).toBeTruthy();
    // Our own page may sign out.
    const own = await post(t, "/auth/deconnexion", {}, { cookie });
    expect(own.status).toBe(302);
    expect(await t.app.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it("refuses a callback request posted by another site, stores nothing", async () => {
    const fields = {
      firstName: "Léa",
      lastName: "Martin",
      phone: "0612345678",
      source: "callback_home_hero",
    };
    for (const headers of [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "http://sous.localhost:3000" },
    ]) {
      const response = await post(t, "/api/rappel", fields, { accept: "application/json", ...headers });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toContain("ne provient pas du site");
    }
    const sibling = await fetch(`${t.base}/api/rappel`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-site" },
      body: new URLSearchParams(fields),
    });
    expect(sibling.status).toBe(403);
    expect(await t.app.db.select().from(contactRequests)).toHaveLength(0);
  });

  it("accepts our own origin, PUBLIC_URL's origin, and clients that are not browsers", async () => {
    const fields = {
      firstName: "Léa",
      lastName: "Martin",
      phone: "0612345678",
      source: "callback_home_hero",
    };
    const json = { accept: "application/json" };
    expect((await post(t, "/api/rappel", fields, json)).status).toBe(200);
    expect((await post(t, "/api/rappel", fields, { ...json, origin: "http://localhost:3000" })).status).toBe(
      200,
    );
    const noOrigin = await fetch(`${t.base}/api/rappel`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...json },
      body: new URLSearchParams(fields),
    });
    expect(noOrigin.status).toBe(200);
  });
});

/**
 * Posts `size` bytes of form body in 8 KB chunks without a Content-Length (Transfer-Encoding:
 * chunked), as a streaming client does; resolves with the status and body, or the network error.
 */
function postChunked(t: HttpTestApp, pathname: string, size: number, accept: string) {
  return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const req = httpRequest(`${t.base}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: t.base, accept },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", (error) => resolve({ error: error.message }));
    const chunk = `message=${"x".repeat(8 * 1024 - 8)}`;
    let sent = 0;
    const write = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

describe("an oversized chunked body", () => {
  const t = setUpHttpApp();

  it.each(["/contact", "/api/rappel"])(
    "to %s answers 413 with the French message, as with a Content-Length",
    async (pathname) => {
      const chunked = await postChunked(t, pathname, 200 * 1024, "application/json");
      expect(chunked).toMatchObject({ status: 413 });
      expect("body" in chunked ? chunked.body : "").toContain("Votre demande est trop volumineuse");
      expect(await t.app.db.select().from(contactRequests)).toHaveLength(0);
    },
  );
});

describe("headers and logs", () => {
  const lines: string[] = [];
  const logger = createLogger({
    production: true,
    level: "debug",
    destination: { write: (line: string) => lines.push(line) },
  });
  const t = setUpHttpApp({ PUBLIC_URL: "https://www.centre.test" }, {}, { logger });

  it("sends Permissions-Policy and HSTS everywhere, no-store on console and account pages", async () => {
    const home = await fetch(`${t.base}/`);
    expect(home.headers.get("permissions-policy")).toContain("camera=()");
    expect(home.headers.get("strict-transport-security")).toContain("max-age=31536000");
    expect(home.headers.get("cache-control") ?? "").not.toContain("no-store");
    for (const pathname of ["/auth", "/auth/mot-de-passe-oublie", "/admin", "/admin/contacts"]) {
      const response = await fetch(`${t.base}${pathname}`, { redirect: "manual" });
      expect(response.headers.get("cache-control"), pathname).toBe("no-store");
    }
  });

  it("never logs what a visitor typed, even when storing the request fails", async () => {
    const fields = {
      firstName: "Zoé-Traçable",
      lastName: "Témoin-Unique",
      email: "zoe.tracable@example.test",
      phone: "0698765432",
      source: "callback_home_hero",
    };
    const json = { accept: "application/json", "x-forwarded-for": "203.0.113.50" };
    expect((await post(t, "/api/rappel", fields, json)).status).toBe(200);
    // The database refuses the next one: its error names the query's parameters.
    await t.database.query(
      "alter table contact_requests add constraint refuse_test check (first_name <> 'Zoé-Traçable') not valid",
    );
    expect((await post(t, "/api/rappel", fields, json)).status).toBe(503);
    const logs = lines.join("");
    expect(logs).toContain("contact: storing the request failed");
    for (const value of ["Zoé", "Traçable", "Témoin", "zoe.tracable", "0698765432", "98 76"]) {
      expect(logs).not.toContain(value);
    }
  });
});
