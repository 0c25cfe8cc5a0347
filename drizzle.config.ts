import { defineConfig } from "drizzle-kit";

// Each feature declares its own tables beside its code; the mail outbox is platform's. drizzle-kit
// reads every file these globs match (scripts/schema-check.mjs compares them with ./drizzle).
const SCHEMA_FILES = ["./app/features/*/schema.server.ts", "./app/platform/*/schema.server.ts"];

export default defineConfig({
  dialect: "postgresql",
  schema: SCHEMA_FILES,
  out: "./drizzle",
});
