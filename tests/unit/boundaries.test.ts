import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scratchDir } from "../support/scratch";

// The import rules of docs/architecture.md, as `npm run lint` applies them: each case builds a small
// tree shaped like app/ and runs dependency-cruiser with the repository's own rules on it.
const config = path.resolve(".dependency-cruiser.cjs");
const depcruise = path.resolve("node_modules/.bin/depcruise");
let dir = "";

function cruise(files: Record<string, string>) {
  dir = scratchDir("boundaries-");
  const tsconfig = { compilerOptions: { paths: { "~/*": ["./app/*"] }, moduleResolution: "bundler" } };
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  const run = spawnSync(depcruise, ["app", "--config", config, "--output-type", "err"], {
    cwd: dir,
    encoding: "utf8",
  });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const plain = "export const value = 1;\n";

describe("the import boundaries (npm run lint)", () => {
  it("accepts routes → features → platform, and a feature using another through its index", () => {
    const result = cruise({
      // A route takes a feature's browser-safe and server-only exports from its two faces, and loads
      // a form's rules lazily from the feature's *-schema.ts.
      "app/routes/site/page.tsx":
        'import { offer } from "~/features/catalogue";\nimport { n } from "~/features/catalogue/index.server";\n' +
        'export const p = [offer, n];\nexport const rules = () => import("~/features/leads/contact-schema");\n',
      "app/features/catalogue/index.ts": 'export * from "./offer";\n',
      "app/features/catalogue/index.server.ts": 'export * from "./count.server";\n',
      "app/features/leads/contact-schema.ts": plain,
      "app/features/catalogue/offer.ts":
        'import { label } from "~/features/leads";\nimport { value } from "~/platform/dates";\nexport const offer = label + value;\n',
      "app/features/leads/index.ts": 'export * from "./label";\n',
      "app/features/leads/label.ts": 'export const label = "Nouvelle";\n',
      "app/platform/dates.ts": plain,
      // A feature's tables: its schema file takes its own value list and another feature's table
      // (a foreign key), and another feature reads the table through that schema file.
      "app/features/leads/statuses.ts": plain,
      "app/features/leads/schema.server.ts":
        'import { users } from "../accounts/schema.server";\nimport { value } from "./statuses";\nexport const leads = [users, value];\n',
      "app/features/accounts/schema.server.ts": "export const users = 1;\n",
      "app/features/catalogue/count.server.ts":
        'import { leads } from "~/features/leads/schema.server";\nexport const n = leads.length;\n',
    });
    expect(result.output).toContain("no dependency violations");
    expect(result.ok).toBe(true);
  });

  // Every wrong import the rules refuse, in one tree cruised once (each run of dependency-cruiser
  // costs a CPU-second and more); each test finds its own rule's line, naming its own file.
  let wrongRun: ReturnType<typeof cruise> | undefined;
  const wrongTree = () =>
    (wrongRun ??= cruise({
      // A feature reaching into another feature's files.
      "app/features/catalogue/offer.ts":
        'import { label } from "~/features/leads/label";\nexport const o = label;\n',
      // ui and platform code importing a feature.
      "app/ui/button.tsx": 'import { value } from "~/features/leads/label";\nexport const b = value;\n',
      "app/platform/dates.ts": 'import { value } from "~/features/leads";\nexport const d = value;\n',
      // Browser code importing a server module.
      "app/features/leads/components/card.tsx":
        'import { value } from "../list.server";\nexport const c = value;\n',
      // An import circle, of type-only imports.
      "app/platform/a.ts": 'import type { B } from "./b";\nexport type A = { b?: B };\n',
      "app/platform/b.ts": 'import type { A } from "./a";\nexport type B = { a?: A };\n',
      "app/features/leads/index.ts": 'export * from "./label";\n',
      "app/features/leads/label.ts": 'export const value = 1;\nexport const label = "Nouvelle";\n',
      "app/features/leads/list.server.ts": plain,
      // A schema file importing more than tables: a feature's index (its services) and its own server code.
      "app/features/leads/schema.server.ts":
        'import { value } from "~/features/leads/list.server";\nimport { label } from "../catalogue/index.server";\nexport const t = [value, label];\n',
      "app/features/catalogue/index.server.ts": 'export const label = "x";\n',
      // A route reaching into a feature's files: a component, a server module, and a dynamic import
      // of a file that holds no form rules.
      "app/routes/site/page.tsx":
        'import { label } from "~/features/leads/label";\nimport { value } from "~/features/leads/list.server";\n' +
        'import { value as v } from "~/features/leads";\nexport const p = [label, value, v];\n' +
        'export const later = () => import("~/features/leads/statuses");\n',
      "app/features/leads/statuses.ts": plain,
    }));
  /** The lines of the refused tree's report that name `rule` and `file`. */
  const refusals = (rule: string, file: string) => {
    const run = wrongTree();
    expect(run.ok).toBe(false);
    return run.output.split("\n").filter((line) => line.includes(rule) && line.includes(file));
  };

  it("refuses a feature reaching into another feature's files", () => {
    expect(refusals("feature-through-its-index", "app/features/catalogue/offer.ts")).not.toEqual([]);
  });

  it("refuses a schema file importing anything but tables and its own value lists", () => {
    const lines = refusals("schema-files-import-only-tables", "app/features/leads/schema.server.ts");
    expect(lines.some((l) => l.includes("list.server.ts"))).toBe(true);
    expect(lines.some((l) => l.includes("catalogue/index.server.ts"))).toBe(true);
  });

  it("refuses ui or platform code importing a feature", () => {
    expect(refusals("ui-stays-generic", "app/ui/button.tsx")).not.toEqual([]);
    expect(refusals("platform-knows-no-feature", "app/platform/dates.ts")).not.toEqual([]);
  });

  it("refuses browser code importing a server module", () => {
    expect(
      refusals("browser-code-imports-no-server-module", "app/features/leads/components/card.tsx"),
    ).not.toEqual([]);
  });

  it("refuses an import circle, type-only imports included", () => {
    expect(refusals("no-circular", "app/platform/a.ts")).not.toEqual([]);
  });

  it("refuses a route reaching into a feature's files instead of its index.ts or index.server.ts", () => {
    const lines = refusals("route-through-feature-index", "app/routes/site/page.tsx");
    expect(lines.some((line) => line.includes("app/features/leads/label.ts"))).toBe(true);
    expect(lines.some((line) => line.includes("app/features/leads/list.server.ts"))).toBe(true);
    expect(lines.some((line) => line.includes("app/features/leads/index.ts"))).toBe(false);
  });

  it("refuses a route loading lazily a feature's file other than its form rules", () => {
    const lines = refusals("route-loads-form-rules-lazily", "app/routes/site/page.tsx");
    expect(lines.some((line) => line.includes("app/features/leads/statuses.ts"))).toBe(true);
  });
});

describe("e2e specs run against the server their fixture chooses (npm run lint)", () => {
  const biome = path.resolve("node_modules/.bin/biome");
  /** Lints one spec with the repository's Biome rules, in a scratch folder shaped like the repository. */
  function lintSpec(source: string) {
    dir = scratchDir("spec-imports-");
    const config = JSON.parse(readFileSync("biome.json", "utf8"));
    delete config.$schema;
    delete config.vcs;
    writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
    mkdirSync(path.join(dir, "tests/e2e"), { recursive: true });
    writeFileSync(path.join(dir, "tests/e2e/example.spec.ts"), source);
    return spawnSync(biome, ["lint", "tests/e2e/example.spec.ts"], { cwd: dir, encoding: "utf8" });
  }

  it("accepts a spec that takes test and expect from ./support/test", () => {
    const run = lintSpec(
      'import { expect, test } from "./support/test";\n\ntest("x", async () => expect(1).toBe(1));\n',
    );
    expect(`${run.stdout}${run.stderr}`).not.toContain("noRestrictedImports");
    expect(run.status).toBe(0);
  });

  it("refuses a spec importing @playwright/test itself", () => {
    const run = lintSpec(
      'import { expect, test } from "@playwright/test";\n\ntest("x", async () => expect(1).toBe(1));\n',
    );
    expect(`${run.stdout}${run.stderr}`).toContain("noRestrictedImports");
    expect(run.status).not.toBe(0);
  });
});
