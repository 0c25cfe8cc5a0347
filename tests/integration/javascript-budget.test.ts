// The JavaScript budget of public pages: at most 125 KB gzip per page, React, React DOM and React
// Router (108 KB) included. Read from the production build's route manifest, so that a change which
// pushes a page over the budget fails here rather than being noticed at the next benchmark run
// (`npm run bench:pages` measures the same in Chromium, chunks fetched after hydration included).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { productionBuild } from "../support/build";
import { DRIVER } from "../support/db";

const BUDGET_KB = 125;
const client = path.resolve(process.env.BUILD_DIR ?? "build", "client");

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

function readManifest(): Manifest {
  const assets = path.join(client, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`No route manifest in ${assets}: build first (npx react-router build)`);
  const source = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));
}

/** Every file a first visit to the route loads before hydration: the entry, then each route of its branch. */
function filesOf(manifest: Manifest, id: string): Set<string> {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (
    let route = manifest.routes[id];
    route;
    route = route.parentId ? manifest.routes[route.parentId] : undefined
  ) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}

const gzipKb = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(client, file))).length, 0) / 1024;

// The build is the same whichever database the suite runs on: checked once, in the PGlite run.
// The manifest is read while the file is collected: the build must be up to date before then.
if (DRIVER !== "pg") await productionBuild();
describe.skipIf(DRIVER === "pg")("JavaScript a public page loads", () => {
  const manifest = readManifest();
  const publicRoutes = Object.keys(manifest.routes).filter((id) => id.startsWith("routes/site/"));

  it("lists the public pages (the check below would pass vacuously on an empty list)", () => {
    expect(publicRoutes).toEqual(expect.arrayContaining(["routes/site/home", "routes/site/formation"]));
  });

  it.each(publicRoutes)(`%s stays within ${BUDGET_KB} KB gzip, each file compressed on its own`, (id) => {
    const files = filesOf(manifest, id);
    const weight = gzipKb(files);
    expect(weight, `${id}: ${weight.toFixed(1)} KB in ${files.size} files`).toBeLessThanOrEqual(BUDGET_KB);
  });
});
