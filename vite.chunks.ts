import { readdirSync } from "node:fs";
import type { Rolldown } from "vite";

/**
 * How the browser build groups JavaScript into files. A public page may load 125 KB gzip of
 * JavaScript, and React, React DOM and React Router alone weigh 108 KB, so the app has 17 KB per page.
 * Left to itself, the bundler made one file per shared module: a public page fetched about 40 files,
 * most under 1 KB, and compressing each on its own cost ~5 KB more than compressing them together.
 * Two groups (the pattern of Next.js's "framework" and "commons" chunks):
 *
 * - `framework`: React, React DOM, React Router, the scheduler: one file every page loads.
 * - `site-core`: our modules that every public page loads anyway (reached from the root or the public
 *   layout: header, footer, toasts, live refresh, dates, centre details) and those most public pages
 *   import (page titles). The icons come with the modules that use them.
 *
 * Everything else stays where the bundler puts it: with its page, or in a chunk shared by the pages
 * that use it. A module is "reached" by a page when the page imports it statically, directly or
 * through other modules; a dynamic import (the callback dialog, the toast library, form rules) keeps
 * its module out of the group, so it still loads only when needed.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
const PUBLIC_ENTRY = /[\\/]app[\\/](root\.tsx|routes[\\/]site[\\/][^\\/]+)$/;
const SHELL = /[\\/]app[\\/](root\.tsx|routes[\\/]site[\\/]layout\.tsx)$/;
const FORM_RULES = /[\\/]app[\\/]platform[\\/]text-fields\.ts$/;
const ROUTE_PROXY = /\?__react-router-build-client-route$/;

/** Public pages with a component (resource routes such as the sitemap or the PDF have none). */
const PUBLIC_PAGES = readdirSync(new URL("./app/routes/site", import.meta.url)).filter(
  (file) => file.endsWith(".tsx") && !file.endsWith(".server.tsx"),
).length;

/**
 * The features' browser modules have no side effects: a page takes from them only what it uses. Routes
 * import a feature through its index.ts, which re-exports its components, vocabularies and form rules;
 * the bundler keeps every module reached that way whose top level calls a function (a zod schema, a
 * React context), unless told that those calls can go. Left to its default, every public page loaded
 * zod and the console's components (over 110 KB gzip more each). Other modules keep the default.
 */
const FEATURE_BROWSER_MODULE = /[\\/]app[\\/]features[\\/].*(?<!\.server)\.tsx?$/;
export function moduleSideEffects(id: string): boolean | undefined {
  return FEATURE_BROWSER_MODULE.test(id.replace(/\?.*$/, "")) ? false : undefined;
}

const FEATURE_INDEX = /[\\/]app[\\/]features[\\/]([^\\/]+)[\\/]index\.ts$/;
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']~\/features\/([^/"']+)["']/g;

/** Whether `code` imports one of `names` from the feature index `index` (unknown code: it may). */
function importsAnyOf(code: string | null | undefined, index: string, names: Set<string>): boolean {
  if (code == null) return true;
  const feature = FEATURE_INDEX.exec(index)?.[1];
  for (const [, list = "", from] of code.matchAll(NAMED_IMPORT)) {
    if (from !== feature) continue;
    for (const part of list.split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0];
      if (name && names.has(name)) return true;
    }
  }
  return false;
}

export function chunkGroups(): Rolldown.CodeSplittingGroup[] {
  // One walk per module and build: the bundler asks for each module once per group.
  const reached = new Map<string, Set<string>>();

  /**
   * The public route modules (and the root) that reach `id` through static imports. A feature's index.ts
   * re-exports the feature's modules; an importer of it reaches only the modules it takes a name from
   * (the bundler drops the others), else a public page importing a feature's vocabulary would "reach"
   * that feature's console forms, and site-core would take them.
   */
  function publicEntriesReaching(id: string, ctx: Rolldown.ChunkingContext): Set<string> {
    const known = reached.get(id);
    if (known) return known;
    const entries = new Set<string>();
    const seen = new Set<string>();
    // Each step: a module, and the module the walk came up from (what an index passes on depends on it).
    const stack: [string, string][] = [[id, id]];
    for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
      const [current, from] = step;
      const file = current.replace(/\?.*$/, "");
      const index = FEATURE_INDEX.test(file);
      const key = index ? `${current} < ${from}` : current;
      if (seen.has(key)) continue;
      seen.add(key);
      const info = ctx.getModuleInfo(current);
      if (!info) continue;
      if (info.isEntry && PUBLIC_ENTRY.test(file)) entries.add(file);
      const names = index ? new Set(ctx.getModuleInfo(from)?.exports) : undefined;
      for (const importer of info.importers) {
        if (names && !importsAnyOf(ctx.getModuleInfo(importer)?.code, file, names)) continue;
        stack.push([importer, current]);
      }
    }
    reached.set(id, entries);
    return entries;
  }

  return [
    { name: "framework", test: FRAMEWORK, priority: 2 },
    // The text-field rules every form shares (platform, since Paramètres uses them too) with zod/mini
    // under them: one file, rather than one more name in every public page's list of what its
    // forms load (that list alone put the home page over its budget).
    { name: "form-rules", test: FORM_RULES, priority: 3 },
    {
      name: (id, ctx) => {
        if (id.includes("node_modules") || ROUTE_PROXY.test(id)) return null;
        const entries = publicEntriesReaching(id, ctx);
        const shell = [...entries].some((entry) => SHELL.test(entry));
        return shell || entries.size * 2 >= PUBLIC_PAGES ? "site-core" : null;
      },
      priority: 1,
    },
  ];
}
