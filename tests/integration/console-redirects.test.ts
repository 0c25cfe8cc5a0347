// Every console URL is French; the English paths of before answer a permanent redirect to the French
// path, query string kept, to anyone (the redirect reads nothing; the screen checks its permission).
import { describe, expect, it } from "vitest";
import { RENAMED_CONSOLE_PATHS } from "~/features/console/renamed-paths";
import { DRIVER } from "../support/db";
import { setUpHttpApp, setUpSignedIn } from "../support/fixture";

const t = setUpHttpApp();
const admin = setUpSignedIn(t, "admin");

/** Old URL → new URL, one per renamed screen and its sub-paths, as bookmarks and old links hold them. */
const MOVED: [string, string][] = [
  ["/admin/blog", "/admin/articles"],
  ["/admin/blog?q=r%C3%A9ussir&page=2", "/admin/articles?q=r%C3%A9ussir&page=2"],
  ["/admin/testimonials", "/admin/temoignages"],
  ["/admin/testimonials?q=karim", "/admin/temoignages?q=karim"],
  ["/admin/users", "/admin/utilisateurs"],
  ["/admin/statistics", "/admin/statistiques"],
  ["/admin/statistics?periode=12-mois", "/admin/statistiques?periode=12-mois"],
  ["/admin/statistics/entonnoir.csv?periode=12-mois", "/admin/statistiques/entonnoir.csv?periode=12-mois"],
  ["/admin/settings", "/admin/parametres"],
  ["/admin/calendar", "/admin/calendrier"],
  ["/admin/calendar?mois=2027-02", "/admin/calendrier?mois=2027-02"],
];

const get = (url: string, cookie?: string) =>
  fetch(`${t.base}${url}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

describe(`the console's old English paths on ${DRIVER}`, () => {
  it("this list covers every renamed screen", () => {
    const listed = new Set(MOVED.map(([old]) => old.split(/[/?]/)[2]));
    expect([...listed].sort()).toEqual(Object.keys(RENAMED_CONSOLE_PATHS).sort());
  });

  it.each(MOVED)("GET %s → 301 to %s, signed out or in", async (old, now) => {
    for (const cookie of [undefined, admin.cookie]) {
      const response = await get(old, cookie);
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(now);
    }
  });

  it.each(MOVED)("POST %s → 308 to %s, nothing read or written", async (old, now) => {
    const before = await t.app.database.query("select * from audit_log");
    const response = await fetch(`${t.base}${old}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete", id: "x" }),
    });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe(now);
    expect(await t.app.database.query("select * from audit_log")).toEqual(before);
  });

  it.each(MOVED)("the new path of %s is the screen: an administrator gets it (%s)", async (_, now) => {
    const response = await get(now, admin.cookie);
    expect(response.status).toBe(200);
  });

  it("the redirect leaks nothing: signed out, the new path still sends to /auth", async () => {
    const response = await get("/admin/parametres");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/auth?redirectTo=${encodeURIComponent("/admin/parametres")}`,
    );
  });

  it("the French paths are not redirected, and a path that merely starts like an old one is not either", async () => {
    expect((await get("/admin/articles", admin.cookie)).status).toBe(200);
    const lookalike = await get("/admin/blogueurs", admin.cookie);
    expect(lookalike.status).toBe(404);
  });
});
