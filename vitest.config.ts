import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// React Router ships a CommonJS and an ES module copy. Node loads one for both the server build and
// @react-router/express; Vite would hand the tests the other, and with middleware on, the load context
// built by one copy is not a RouterContextProvider of the other. Resolve it as Node does.
const reactRouter = createRequire(import.meta.url).resolve("react-router");

export default defineConfig({
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      { find: /^react-router$/, replacement: reactRouter },
    ],
  },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One file per core at a time, each on its own database (two on the smallest machines).
    maxWorkers: Math.max(2, availableParallelism()),
    setupFiles: ["tests/support/scratch-cleanup.ts"],
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Builds what is stale and makes the database template, once per run: see the file.
          globalSetup: ["tests/support/global-setup.ts"],
          // Files run one after another in a worker without a fresh module graph: the application's
          // modules are imported once per worker instead of once per file (import time 120 s → 24 s
          // on PostgreSQL). Each file still has its own database, runtime and SMTP peer
          // (tests/support/fixture.ts); the app keeps no per-database state at module level (the
          // programme PDF cache is keyed by the content it prints).
          isolate: false,
        },
      },
    ],
  },
});
