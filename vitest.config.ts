import { createRequire } from "node:module";
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
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two files at a time, each on its own database.
    maxWorkers: 2,
  },
});
