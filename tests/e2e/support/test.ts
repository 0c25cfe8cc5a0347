import { test as base, type Page } from "@playwright/test";
import { VISITOR } from "../../../playwright.config";
import { ServerPool, SHARED, type TestServer } from "./server";

/** The wall clock of a spec's own server (`test.use({ ownServer: "with a movable clock" })`). */
export interface ServerClock {
  /** The server's time now, in ms since the epoch. */
  now(): number;
  /** Moves the server's wall clock so that it reads `at` now; its timers keep their real pace. */
  set(at: number): Promise<void>;
}

/**
 * `{ postgres }`: a real centre's first start on PostgreSQL, without demo data (see ServerOptions);
 * with `clock: true`, its wall clock movable too (the database's own clock keeps the machine's time).
 */
type OwnServer = boolean | "with a movable clock" | { postgres: { setUp?: string }; clock?: boolean };

/** The worker's warm pages, one per server (see `warmPage`). */
interface WarmPages {
  get(url: string): Promise<Page>;
  discard(url: string): Promise<void>;
  /** The servers this worker has a warm page of. */
  urls(): string[];
}

function serverOf(servers: ServerPool, ownServer: OwnServer, file: string): Promise<TestServer> {
  if (!ownServer) return servers.server(SHARED);
  // A spec's own server serves that spec only: see `shortLived`.
  return servers.server(file, {
    clock: ownServer === "with a movable clock",
    shortLived: true,
    ...(typeof ownServer === "object" ? ownServer : {}),
  });
}

/**
 * Every spec imports `test` and `expect` from here, never from @playwright/test: what a test runs
 * against is decided in one place. Each Playwright worker starts its own server on its own fresh
 * database (the demo centre), so specs never depend on the order they run in nor on another worker's
 * writes. A spec that changes what every page shows (Paramètres, Pages, the demo data) sets
 * `test.use({ ownServer: true })` and gets a server for that file alone.
 *
 * A spec that waits for a date (a scheduled publication) sets `ownServer: "with a movable clock"`: its
 * server reads the time through tests/e2e/support/server-clock.mjs, and the `serverClock` fixture
 * moves it forward, so the spec does not wait for the minute to come.
 *
 * `warmPage` is one page per worker and server whose browser context outlives the test: each test
 * starts with its own `goto`, no cookie and the viewport it asks for, but the context's cache and
 * compiled scripts stay warm. A fresh context per test (the `page` fixture) is a new renderer with a
 * cold cache that downloads and compiles the page's JavaScript again: for the 31 French-typography
 * tests, 67 → 38 CPU-seconds and 36 → 22 s. For a test that needs nothing else of its context: no
 * second page, route, clock, offline mode, permission or storage state of its own. Signed-in tests
 * call signInAsAdmin on it as on `page`.
 *
 * `serverUrl` is the address of the server the test talks to: links in e-mails start with it, and so
 * do headers such as `origin`. Pages are opened with paths relative to it (`page.goto("/formations")`),
 * and `expect(page).toHaveURL("/formations")` resolves against it too.
 */
export const test = base.extend<
  { ownServer: OwnServer; serverUrl: string; serverClock: ServerClock; warmPage: Page },
  { servers: ServerPool; warmPages: WarmPages }
>({
  ownServer: [false, { option: true }],
  servers: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const pool = new ServerPool(workerInfo.parallelIndex);
      // The shared server starts with the worker, not inside the first test's time.
      await pool.url(SHARED);
      await use(pool);
      await pool.stopAll();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  serverUrl: [
    async ({ servers, ownServer }, use, testInfo) => {
      await servers.stopOthers(testInfo.file);
      await use((await serverOf(servers, ownServer, testInfo.file)).url);
    },
    // A spec's own server starts inside its first test: that start has its own allowance.
    { timeout: 120_000 },
  ],
  serverClock: async ({ servers, ownServer }, use, testInfo) => {
    const server = await serverOf(servers, ownServer, testInfo.file);
    const { setClockOffset } = server;
    if (!setClockOffset) {
      throw new Error(
        'serverClock needs test.use({ ownServer: "with a movable clock" }) or { postgres, clock: true }',
      );
    }
    let offset = 0;
    await use({
      now: () => Date.now() + offset,
      async set(at) {
        offset = at - Date.now();
        await setClockOffset(offset);
      },
    });
  },
  warmPages: [
    async ({ browser }, use) => {
      const pages = new Map<string, Promise<Page>>();
      await use({
        get(url) {
          let page = pages.get(url);
          if (!page) {
            page = browser.newContext({ baseURL: url, ...VISITOR }).then((context) => context.newPage());
            pages.set(url, page);
          }
          return page;
        },
        async discard(url) {
          const page = pages.get(url);
          pages.delete(url);
          if (page) await (await page).context().close();
        },
        urls: () => [...pages.keys()],
      });
      for (const page of pages.values()) await (await page).context().close();
    },
    { scope: "worker" },
  ],
  warmPage: async ({ warmPages, servers, serverUrl, viewport }, use, testInfo) => {
    // The pages of servers stopped since (another spec's own server) are of no further use.
    const running = await servers.urls();
    for (const url of warmPages.urls()) if (!running.includes(url)) await warmPages.discard(url);
    const page = await warmPages.get(serverUrl);
    await page.context().clearCookies();
    await page.setViewportSize(viewport ?? { width: 1280, height: 720 });
    await use(page);
    // A test that failed may leave its page in any state: the next one gets a new context.
    if (testInfo.status !== testInfo.expectedStatus) return warmPages.discard(serverUrl);
    for (const event of ["request", "response", "console", "pageerror", "dialog", "download"] as const) {
      page.removeAllListeners(event);
    }
  },
  baseURL: async ({ serverUrl }, use) => {
    await use(serverUrl);
  },
});

export type { ElementHandle, Locator, Page } from "@playwright/test";
export { expect } from "@playwright/test";
