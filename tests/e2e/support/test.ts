import { test as base } from "@playwright/test";
import { ServerPool, SHARED } from "./server";

/**
 * Every spec imports `test` and `expect` from here, never from @playwright/test: what a test runs
 * against is decided in one place. Each Playwright worker starts its own server on its own fresh
 * database (the demo centre), so specs never depend on the order they run in nor on another worker's
 * writes. A spec that changes what every page shows (Paramètres, Pages, the demo data) sets
 * `test.use({ ownServer: true })` and gets a server for that file alone.
 *
 * `serverUrl` is the address of the server the test talks to: links in e-mails start with it, and so
 * do headers such as `origin`. Pages are opened with paths relative to it (`page.goto("/formations")`),
 * and `expect(page).toHaveURL("/formations")` resolves against it too.
 */
export const test = base.extend<{ ownServer: boolean; serverUrl: string }, { servers: ServerPool }>({
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
      await use(await servers.url(ownServer ? testInfo.file : SHARED));
    },
    // A spec's own server starts inside its first test: that start has its own allowance.
    { timeout: 120_000 },
  ],
  baseURL: async ({ serverUrl }, use) => {
    await use(serverUrl);
  },
});

export type { ElementHandle, Locator, Page } from "@playwright/test";
export { expect } from "@playwright/test";
