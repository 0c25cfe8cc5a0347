// An address is read one way by the router and by every rule that protects it (no-store, the page
// cache, `private`, the logs' masking): what an attacker tried on the running server with odd-case,
// percent-encoded, dotted or back-slashed paths, over HTTP as a client that does not tidy the path.
import { randomBytes } from "node:crypto";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { userRoles } from "~/features/accounts/schema.server";
import { feedToken } from "~/features/calendar/feed.server";
import { createLogger } from "~/platform/logger.server";
import { DRIVER } from "../support/db";
import { setUpHttpApp, setUpSignedIn } from "../support/fixture";
import { signedInUser } from "../support/runtime";

const lines: string[] = [];
const logger = createLogger({
  production: true,
  level: "debug",
  destination: { write: (line: string) => lines.push(line) },
});
const t = setUpHttpApp({ AUTH_RATE_LIMIT: "false" }, {}, { logger });
const admin = setUpSignedIn(t, "admin");
const roleless = setUpSignedIn(t, null);

// Whatever React Router or Express would print goes around the structured log.
const printed = [vi.spyOn(console, "warn"), vi.spyOn(console, "error")];
afterEach(() => {
  const calls = printed.flatMap((spy) => spy.mock.calls.map((call) => String(call[0]).slice(0, 200)));
  for (const spy of printed) spy.mockClear();
  expect(calls).toEqual([]);
});

/** A secret token as the site makes them (32 random bytes, base64url). */
const newToken = () => randomBytes(32).toString("base64url");

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request with `target` sent byte for byte (fetch would resolve `..` and `\` itself). */
function raw(target: string, options: { method?: string; cookie?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: "127.0.0.1",
      port: t.port,
      path: target,
      method: options.method ?? "GET",
      headers: options.cookie ? { cookie: options.cookie } : {},
    });
    req.on("error", reject);
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.end();
  });
}

describe(`one written form per address on ${DRIVER}`, () => {
  it.each([
    ["/%61dmin/stagiaires", "/admin/stagiaires"],
    ["/x/../admin/stagiaires", "/admin/stagiaires"],
    ["/x/%2E%2e/admin/./stagiaires", "/admin/stagiaires"],
    ["/admin\\stagiaires", "/admin/stagiaires"],
    ["//admin//stagiaires", "/admin/stagiaires"],
    ["/formation%73?type=courte&q=%C3%A9t%C3%A9", "/formations?type=courte&q=%C3%A9t%C3%A9"],
    ["/formation/caf%c3%a9", "/formation/caf%C3%A9"],
  ])("%s is redirected (301) to %s before any page is read", async (target, canonical) => {
    const answer = await raw(target, { cookie: admin.cookie });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(canonical);
  });

  it("a form posted to an odd form of its address keeps its method (308)", async () => {
    const answer = await raw("/c%6Fntact", { method: "POST" });
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe("/contact");
  });

  it("a redirect never leads to another site", async () => {
    const answer = await raw("//evil.example/%61");
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe("/evil.example/a");
  });

  it.each(["/ADMIN/stagiaires", "/Admin/Stagiaires", "/admin/STAGIAIRES", "/ADMIN/stagiaires.data"])(
    "%s names no page and is never kept, even for an administrator",
    async (pathname) => {
      const answer = await raw(pathname, { cookie: admin.cookie });
      if (!pathname.endsWith(".data")) expect(answer.status).toBe(404);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.body).not.toContain("Stagiaires | Console");
      const anonymous = await raw(pathname);
      expect(anonymous.headers["cache-control"]).toBe("no-store");
      expect(anonymous.headers["x-cache"]).toBeUndefined();
    },
  );

  it("a staff member's iCalendar feed answers only at its own address, never from a cache", async () => {
    const token = await feedToken(t.app, admin.userId);
    for (const pathname of [
      `/CALENDRIER/${token}.ics`,
      `/Calendrier/${token}.ICS`,
      `/calendrier/${token}.ICS`,
    ]) {
      for (let visit = 0; visit < 2; visit++) {
        const answer = await raw(pathname);
        expect(answer.status, pathname).toBe(404);
        expect(answer.headers["x-cache"], pathname).toBeUndefined();
        expect(answer.body).not.toContain("BEGIN:VCALENDAR");
      }
    }
    const own = await raw(`/calendrier/${token}.ics`);
    expect(own.status).toBe(200);
    expect(own.headers["cache-control"]).toBe("no-store");
    expect(lines.join("")).not.toContain(token);
  });

  it("the feed stops at every address once its owner's role is removed", async () => {
    const { userId } = await signedInUser(t, { role: "moderator" });
    const token = await feedToken(t.app, userId);
    const addresses = [`/calendrier/${token}.ics`, `/CALENDRIER/${token}.ics`, `/calendri%65r/${token}.ics`];
    for (const pathname of addresses) await raw(pathname);
    await t.app.db.delete(userRoles).where(eq(userRoles.userId, userId));
    for (const pathname of addresses) {
      const answer = await raw(pathname);
      expect(answer.body, pathname).not.toContain("BEGIN:VCALENDAR");
    }
  });

  it.each(["enquete", "ENQUETE", "Enquete", "emargement", "EMARGEMENT", "eMargement"])(
    "a personal link under /%s/ is never kept nor served from the page cache",
    async (prefix) => {
      const token = newToken();
      for (const pathname of [`/${prefix}/${token}`, `/${prefix}/${token}.data`]) {
        for (let visit = 0; visit < 2; visit++) {
          const answer = await raw(pathname);
          expect(answer.headers["cache-control"], pathname).toBe("no-store");
          expect(answer.headers["x-cache"], pathname).toBeUndefined();
        }
      }
    },
  );
});

describe(`secret tokens in the logs on ${DRIVER}`, () => {
  it.each([
    "/enquete/{token}",
    "/ENQUETE/{token}",
    "/emargement/{token}",
    "/Emargement/{token}.data",
    "/%65nquete/{token}",
    "/%45MARGEMENT/{token}",
    "/x/../enquete/{token}",
    "/api/auth/reset-password/{token}?callbackURL=/auth/nouveau-mot-de-passe",
    "/API/AUTH/RESET-PASSWORD/{token}",
    "/Api/Auth/Reset-Password/{token}",
    "/CALENDRIER/{token}.ics",
    "/auth/nouveau-mot-de-passe?TOKEN={token}",
    "/enquete/{token}%ZZ",
  ])("%s: the token never reaches a log line", async (address) => {
    const token = newToken();
    const from = lines.length;
    await raw(address.replace("{token}", token));
    const logged = lines.slice(from).join("");
    expect(logged).toContain('"msg":"request"');
    // The request log names the path; a token in the query string stays out of it altogether.
    if (!address.includes("=")) expect(logged).toContain("[masqué]");
    expect(logged).not.toContain(token);
  });
});

describe(`malformed addresses on ${DRIVER}`, () => {
  it.each(["/formation/%E0%A4%A", "/formation/%E0%A4", "/%ZZ", "/contact%"])(
    "%s: a clean 400 in French and one structured log line",
    async (target) => {
      const from = lines.length;
      const answer = await raw(target);
      expect(answer.status).toBe(400);
      expect(answer.headers["content-type"]).toContain("text/plain");
      expect(answer.body).toBe("Adresse invalide\u00a0: elle contient un caractère mal encodé.");
      const logged = lines.slice(from);
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0] ?? "{}")).toMatchObject({ msg: "request", status: 400 });
    },
  );
});

describe(`each header once on ${DRIVER}`, () => {
  /** Names of headers whose comma-separated values repeat one (Set-Cookie excepted: one per cookie). */
  const repeated = (headers: IncomingHttpHeaders) =>
    Object.entries(headers)
      .filter(([name, value]) => name !== "set-cookie" && typeof value === "string")
      .filter(([, value]) => {
        const parts = String(value)
          .split(",")
          .map((part) => part.trim().toLowerCase());
        return new Set(parts).size !== parts.length;
      })
      .map(([name, value]) => `${name}: ${value}`);

  it("a console file is 'no-store' once, a public file keeps its own policy for a signed-in visitor", async () => {
    const csv = await raw("/admin/contacts/export.csv", { cookie: admin.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers["cache-control"]).toBe("no-store");
    const robots = await raw("/robots.txt", { cookie: roleless.cookie });
    expect(robots.headers["cache-control"]).toBe("public, max-age=86400");
    for (const [pathname, cookie] of [
      ["/admin/contacts/export.csv", admin.cookie],
      ["/admin/stagiaires", admin.cookie],
      ["/admin/inconnue", admin.cookie],
      ["/admin/stagiaires.data", admin.cookie],
      ["/auth", undefined],
      ["/formations", roleless.cookie],
      ["/formations", undefined],
      ["/robots.txt", roleless.cookie],
      ["/api/auth/get-session", roleless.cookie],
    ] as const) {
      const answer = await raw(pathname, { cookie });
      expect(repeated(answer.headers), pathname).toEqual([]);
    }
  });

  it("a signed-in visitor's public page is private, an anonymous one's is not", async () => {
    expect((await raw("/formations", { cookie: roleless.cookie })).headers["cache-control"]).toBe("private");
    expect((await raw("/formations")).headers["cache-control"]).toBeUndefined();
  });
});
