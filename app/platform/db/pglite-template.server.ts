import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// The embedded database's first start used to spend most of its time in initdb (creating an empty
// PostgreSQL cluster inside PGlite: seconds, then the migrations). The build does that once, into
// build/server/pgdata-template, and a first start with no data folder copies it (a file copy, well
// under a second) instead. Only the empty schema is in it: the seed, the centre's settings, the
// administrator (ADMIN_EMAIL) and the auth secret (DATA_DIR/auth-secret) are written by each start
// as before, and the normal migrate step still applies any migration newer than the template.

/** Where the build leaves the template, inside BUILD_DIR. */
export const templateDir = (buildDir: string) => path.join(buildDir, "server", "pgdata-template");

const MARKER = "centre-template.json";

/** The installed PGlite's version: a template made by another version is not used. */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (;;) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "@electric-sql/pglite") return pkg.version ?? "?";
    }
    const parent = path.dirname(dir);
    if (parent === dir) return "?";
    dir = parent;
  }
}

/** Marks a freshly made template (vite.pglite-template.ts) with the PGlite version that made it. */
export function markPgliteTemplate(dir: string): void {
  writeFileSync(path.join(dir, MARKER), JSON.stringify({ pglite: pgliteVersion() }));
}

/**
 * Fills `dir` (which must not exist) from the template when there is one made by this PGlite.
 * Copied beside it, then renamed: an interrupted copy is never taken for a database.
 */
export function copyPgliteTemplate(template: string, dir: string): boolean {
  if (existsSync(dir)) return false;
  try {
    const marker = JSON.parse(readFileSync(path.join(template, MARKER), "utf8")) as { pglite?: string };
    if (marker.pglite !== pgliteVersion()) return false;
  } catch {
    return false;
  }
  const work = `${dir}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  cpSync(template, work, { recursive: true, filter: (source) => path.basename(source) !== MARKER });
  renameSync(work, dir);
  return true;
}
