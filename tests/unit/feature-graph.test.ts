import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scratchDir } from "../support/scratch";

// The features' own graph (scripts/feature-graph.mjs, run by `npm run lint`): every file of
// app/features/<name>/ is one node. Two features that import each other through their public faces,
// each from a different file, make no circle between modules (dependency-cruiser's no-circular rule
// accepts them) but do make one between features, which the script refuses and names. The repository's
// own graph is checked by `npm run lint` itself (the test command's lint stage), not again here.
const script = path.resolve("scripts/feature-graph.mjs");
let dir = "";

function check(files: Record<string, string>) {
  dir = scratchDir("feature-graph-");
  const tsconfig = { compilerOptions: { paths: { "~/*": ["./app/*"] }, moduleResolution: "bundler" } };
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  writeFileSync(
    path.join(dir, ".dependency-cruiser.cjs"),
    `module.exports = require(${JSON.stringify(path.resolve(".dependency-cruiser.cjs"))});\n`,
  );
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  const run = spawnSync(process.execPath, [script], { cwd: dir, encoding: "utf8" });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const tree = {
  "app/features/leads/index.ts": 'export * from "./label";\n',
  "app/features/leads/label.ts": 'export const label = "Nouvelle";\n',
  "app/features/catalogue/index.ts": 'export * from "./offer";\n',
  "app/features/catalogue/offer.ts":
    'import { label } from "~/features/leads";\nexport const offer = label;\n',
};

describe("no circle between features (npm run lint)", () => {
  it("passes when features lean on each other in one direction only", () => {
    const result = check(tree);
    expect(result.output).toContain("no circle between features");
    expect(result.ok).toBe(true);
  });

  it("fails on two features importing each other from different files, naming them and the imports", () => {
    const result = check({
      ...tree,
      // leads' other file reaches back into catalogue: no module circle, a feature circle.
      "app/features/leads/card.ts":
        'import { offer } from "~/features/catalogue";\nexport const card = offer;\n',
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain("features in a circle: catalogue, leads");
    expect(result.output).toContain("app/features/leads/card.ts → app/features/catalogue/index.ts");
    expect(result.output).toContain("1 mutual pairs");
  });
});
