import { describe, expect, it } from "vitest";
import { setUpHttpApp } from "../support/fixture";

// The real Express app of the production build, on this test's own database, with a 1 MB cache.

const t = setUpHttpApp({ PAGE_CACHE_MAX_MB: "1" });

/** Reads the whole body, as a browser does. */
async function get(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.base}${pathname}`, { headers });
  const body = await response.text();
  return { status: response.status, headers: response.headers, text: async () => body };
}

function cache() {
  const pageCache = t.express.pageCache;
  if (!pageCache) throw new Error("the page cache is off");
  return pageCache;
}

describe("public page cache", () => {
  it("serves an anonymous visitor's second visit from memory, compressed once: Brotli when taken, else gzip", async () => {
    const first = await get("/formations", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBeNull();
    // The first visitors are answered as soon as the page is rendered and gzipped: Brotli at its
    // best quality takes ten times longer, and is made afterwards for the next ones.
    expect(first.headers.get("content-encoding")).toBe("gzip");
    const html = await first.text();
    await cache().compressed();
    // Browsers list br among equals ("gzip, deflate, br, zstd"): the smaller one is chosen.
    const second = await get("/formations", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("content-encoding")).toBe("br");
    expect(await second.text()).toBe(html);
    const third = await get("/formations", { "accept-encoding": "gzip, deflate" });
    expect(third.headers.get("content-encoding")).toBe("gzip");
    expect(await third.text()).toBe(html);
  });

  it("shows a change made in the console on the very next visit", async () => {
    await get("/");
    expect((await get("/")).headers.get("x-cache")).toBe("HIT");
    await t.app.events.publish({ table: "testimonials", op: "insert" });
    expect((await get("/")).headers.get("x-cache")).toBeNull();
  });

  it("never serves a cached page to a visitor with a cookie, nor caches the console or a 404", async () => {
    await get("/financements");
    const withCookie = await get("/financements", { cookie: "cfa.session_token=abc" });
    expect(withCookie.headers.get("x-cache")).toBeNull();
    await get("/nulle-part");
    const missing = await get("/nulle-part");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-cache")).toBeNull();
    await get("/auth");
    expect((await get("/auth")).headers.get("x-cache")).toBeNull();
  });

  it("renders a page once when 30 visitors arrive together after a change, serving them the previous copy", async () => {
    await get("/notre-centre");
    const before = cache().renders;
    await t.app.events.publish({ table: "formations", op: "update" });
    const visits = await Promise.all(Array.from({ length: 30 }, () => get("/notre-centre")));
    expect(cache().renders - before).toBe(1);
    for (const v of visits) expect(v.status).toBe(200);
    // One visitor waited for the new render; the others got the previous copy, or the new one once stored.
    const states = visits.map((v) => v.headers.get("x-cache"));
    expect(states.filter((s) => s === null)).toHaveLength(1);
    expect(states.filter((s) => s !== null).every((s) => s === "STALE" || s === "HIT")).toBe(true);
  });

  it("renders a page nobody has asked for yet once for all who ask together", async () => {
    const before = cache().renders;
    const visits = await Promise.all(Array.from({ length: 20 }, () => get("/mentions-legales")));
    expect(cache().renders - before).toBe(1);
    const bodies = new Set(await Promise.all(visits.map((v) => v.text())));
    expect(bodies.size).toBe(1);
  });

  it("keys a page on what changes it: filter order and campaign tags share a copy, unknown parameters get none", async () => {
    await get("/formations?type=courte&q=web");
    expect((await get("/formations?q=web&type=courte")).headers.get("x-cache")).toBe("HIT");
    expect((await get("/formations?utm_source=lettre&type=courte&q=web")).headers.get("x-cache")).toBe("HIT");
    // Junk parameters are rendered for that visitor and never kept.
    const size = cache().size;
    for (const junk of ["a", "b", "c"]) {
      const page = await get(`/formations?x=${junk}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("x-cache")).toBeNull();
      expect((await get(`/formations?x=${junk}`)).headers.get("x-cache")).toBeNull();
    }
    expect(cache().size).toBe(size);
  });

  it("stays within its memory bound, dropping the least recently used pages first", async () => {
    await get("/formations?q=premiere");
    for (let i = 0; i < 40; i++) {
      await get(`/formations?q=recherche-${i}`);
      // The first page keeps being read: it must survive the evictions.
      if (i % 5 === 0) expect((await get("/formations?q=premiere")).headers.get("x-cache")).toBe("HIT");
      expect(cache().bytes).toBeLessThanOrEqual(1024 * 1024);
    }
    expect(cache().size).toBeLessThan(40);
    expect((await get("/formations?q=recherche-0")).headers.get("x-cache")).toBeNull();
    expect((await get("/formations?q=recherche-39")).headers.get("x-cache")).toBe("HIT");
  }, 60_000);
});
