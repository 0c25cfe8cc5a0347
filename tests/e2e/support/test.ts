import { test as base } from "@playwright/test";
import { BASE_URL } from "../../../playwright.config";

/**
 * Every spec imports `test` and `expect` from here, never from @playwright/test, so that what a test
 * runs against (its server, its database) is decided in one place. `serverUrl` is the address of the
 * server this test's worker talks to: links in e-mails start with it, and so do headers such as
 * `origin`. Pages are opened with paths relative to it (`page.goto("/formations")`).
 */
export const test = base.extend<object, { serverUrl: string; ownServer: boolean }>({
  /** A spec that changes what every page shows (Paramètres, Pages) sets this to run on a server of its own. */
  ownServer: [false, { scope: "worker", option: true }],
  serverUrl: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(BASE_URL);
    },
    { scope: "worker" },
  ],
});

export type { ElementHandle, Locator, Page } from "@playwright/test";
export { expect } from "@playwright/test";
