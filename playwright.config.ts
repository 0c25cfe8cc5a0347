import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";

// Each run gets its own SMTP ports (E2E_PORT + 1 and + 2), so that two suites can run side by side; the
// servers under test take ports of their own (tests/e2e/support/server.ts, serverPort).
const port = Number(process.env.E2E_PORT ?? 3210);
export const SMTP_PORT = port + 1;
const smtpApiPort = port + 2;

export const SMTP_API = `http://127.0.0.1:${smtpApiPort}`;
export const ADMIN = { email: "admin@centre.test", password: "admin-e2e-password" };
/**
 * Debian's headless shell (package chromium-headless-shell, the same Chromium release as the
 * `chromium` package): Playwright never downloads a browser here. It is the browser Playwright itself
 * runs headless tests in: Chromium's rendering engine without the desktop browser around it. The full
 * browser in headless mode cost a fifth more CPU for the same 183 tests (1 009 → 815 CPU-seconds,
 * 513 → 415 s on 2 cores), and the suite is CPU-bound.
 */
export const CHROMIUM = "/usr/bin/chromium-headless-shell";
/** A French visitor in Paris: every page's context, and the contexts support code opens itself. */
export const VISITOR = { locale: "fr-FR", timezoneId: "Europe/Paris" };

export default defineConfig({
  testDir: "tests/e2e",
  // The build is brought up to date once, before any worker starts its server: after an edit under
  // app/ the suite never tests old code.
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  // Each worker has its own server and database (tests/e2e/support/test.ts), so no spec waits for
  // another. The tests mostly wait (pages, e-mails, live updates, a scheduled minute): three workers on
  // 2 cores kept 0.9 of a core busy and ran the suite in 7.0 min instead of 8.5, so one more worker
  // than cores.
  workers: Math.max(3, availableParallelism() + 1),
  // One retry on CI only, to tell a flaky test (fails, then passes) from one that always fails:
  // both fail the run, since a race that shows once in a while is still a bug.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  // A test's whole story may take a minute: a test fails for what a page does, never for how fast a
  // loaded runner plays it (speed is measured under bench/). With the PostgreSQL integration run beside
  // three workers on 2 cores, long stories (an upload, a download, two axe scans) reached 31 s under
  // the former 30 s. Each step still has its own 10 s (`expect`).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    ...VISITOR,
    // A trace records a screencast of every paint and a DOM snapshot per action: kept for every test,
    // it cost a fifth of the suite's CPU (279 → 219 CPU-seconds for 75 tests on 2 cores), and the suite
    // is CPU-bound. A test that fails is run once more on CI with the trace on; locally, ask for one
    // with `npx playwright test --trace on`. Every failure still writes its page's accessibility
    // snapshot (test-results/…/error-context.md).
    trace: "on-first-retry",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        // With the GPU off, Chromium would still start SwiftShader to rasterise: 9 % of the suite's CPU
        // (235 → 214 CPU-seconds for 75 tests) for nothing a test looks at (no WebGL here).
        "--disable-software-rasterizer",
      ],
    },
  },
  // One SMTP peer for the whole run: every server sends to it, and specs find their messages by address.
  webServer: {
    command: "npx tsx tests/e2e/support/smtp-peer.ts",
    url: `${SMTP_API}/health`,
    env: { SMTP_PEER_PORT: String(SMTP_PORT), SMTP_API_PORT: String(smtpApiPort) },
    reuseExistingServer: false,
    stdout: "ignore",
  },
});
