import { renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { openPglite } from "./app/platform/db/client.server";
import { markPgliteTemplate, templateDir } from "./app/platform/db/pglite-template.server";

/**
 * After the server build, makes the embedded database's template (app/platform/db/pglite-template.server.ts
 * says why): an empty PGlite cluster with every migration of ./drizzle, in build/server/pgdata-template.
 * Made beside it and renamed, so a build interrupted here leaves no half template.
 */
export function pgliteTemplate(): Plugin {
  return {
    name: "pglite-template",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    async writeBundle(options) {
      const buildDir = path.resolve(options.dir ?? "build/server", "..");
      const target = templateDir(buildDir);
      const work = `${target}.tmp-${process.pid}`;
      rmSync(work, { recursive: true, force: true });
      const database = await openPglite(work, { migrationsDir: path.resolve("drizzle") });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      markPgliteTemplate(work);
      rmSync(target, { recursive: true, force: true });
      renameSync(work, target);
    },
  };
}
