import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as AppServer from "~/server/app.server";
import { createTestApp, type TestApp } from "../support/runtime";

// The real Express app of the production build, on this test's own database.
const buildEntry = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
let t: TestApp;
let server: Server;
let base: string;

beforeAll(async () => {
  if (!existsSync(buildEntry)) throw new Error("run `npm run build` first (npm test does)");
  const mod = (await import(pathToFileURL(buildEntry).href)) as typeof AppServer;
  t = await createTestApp();
  const { app } = mod.createExpressApp(t.app, mod.getServerBuild);
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** Reads the whole body, as a browser does: a page is cached once it has been sent in full. */
async function get(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${pathname}`, { headers });
  const body = await response.text();
  return { status: response.status, headers: response.headers, text: async () => body };
}

describe("public page cache", () => {
  it("serves an anonymous visitor's second visit from memory, compressed once", async () => {
    const first = await get("/formations");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBeNull();
    const html = await first.text();
    const second = await get("/formations");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(await second.text()).toBe(html);
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
});
