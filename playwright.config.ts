import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Each run gets its own ports and data folder, so that two suites can run side by side.
const port = Number(process.env.E2E_PORT ?? 3210);
const smtpPort = port + 1;
const smtpApiPort = port + 2;
const dataDir = path.join(tmpdir(), `cfa-e2e-${port}`);

export const BASE_URL = `http://127.0.0.1:${port}`;
export const SMTP_API = `http://127.0.0.1:${smtpApiPort}`;
export const ADMIN = { email: "admin@centre.test", password: "admin-e2e-password" };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // One browser per core (two on the smallest machines); the server under test is one process.
  workers: Math.max(2, availableParallelism()),
  // One retry on CI only, to tell a flaky test (fails, then passes) from one that always fails:
  // both fail the run, since a race that shows once in a while is still a bug.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    baseURL: BASE_URL,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "retain-on-failure",
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // Read the seed as it is ('5 formations trouvées', the home teaser's first three, the three newest
    // testimonials): run before any spec creates a formation or a testimonial.
    { name: "seeded-catalogue", testMatch: /site-(catalogue|home)\.spec\.ts/ },
    {
      name: "chromium",
      testIgnore:
        /admin-paging\.spec\.ts|site-(catalogue|home)\.spec\.ts|settings\.spec\.ts|admin-pages\.spec\.ts/,
      dependencies: ["seeded-catalogue"],
    },
    // Adds 55 requests to the shared database: runs once the others are done, so their "five latest
    // requests" stay theirs. Alone: `npx playwright test tests/e2e/admin-paging.spec.ts --no-deps`.
    { name: "console-at-scale", testMatch: /admin-paging\.spec\.ts/, dependencies: ["chromium"] },
    // Changes the centre's phone and Qualiopi mention that every public page shows: after the others.
    { name: "centre-settings", testMatch: /settings\.spec\.ts/, dependencies: ["chromium"] },
    // Rewrites Notre centre's text, which site-pages.spec.ts reads as seeded: after the others.
    { name: "site-pages-edited", testMatch: /admin-pages\.spec\.ts/, dependencies: ["chromium"] },
  ],
  webServer: [
    {
      command: "npx tsx tests/e2e/support/smtp-peer.ts",
      url: `${SMTP_API}/health`,
      env: { SMTP_PEER_PORT: String(smtpPort), SMTP_API_PORT: String(smtpApiPort) },
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      // The build is brought up to date first: after an edit under app/ the suite never tests old code.
      command: `bash scripts/build-if-stale.sh && rm -rf ${dataDir} && node server.js`,
      url: `${BASE_URL}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: BASE_URL,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        CONTACT_NOTIFY_EMAIL: "equipe@centre.test",
        // Every e2e request comes from 127.0.0.1: the limits are tested in the integration suite.
        AUTH_RATE_LIMIT: "false",
        FORM_RATE_LIMIT: "0",
        LOG_LEVEL: "warn",
        // The specs read the demonstration centre (catalogue, articles, testimonials): asked for, not implied.
        DEMO_DATA: "on",
      },
    },
  ],
});
