// npm run bench:suite [-- <commit>] — the test suite's wall time now against an earlier tree's, for the
// same test files: `npm test` of a clean clone of <commit> (by default 6b026b8, the last tree before the
// suite was rebuilt: one database per file built from scratch, e2e specs in ordered projects), then
// `npm test` of a clean clone of HEAD run on that commit's test files only (each still holds the tests
// added to it since). BENCH_RUNS pairs (default 1), in alternating order: this machine's speed drifts
// from hour to hour, so only runs side by side compare. Writes the « Suite de tests : mêmes fichiers »
// section of docs/benchmarks.md.
//
// Two changes to the earlier tree's scripts/test.sh, so that it runs to its end today: its smoke test
// of the other Node versions is skipped (its contact form refuses dates that have since passed; HEAD's
// is skipped as well, for the same steps on both sides), and a failing PGlite test does not stop it
// (the run reports it). Both runs get CI=true (retries of failed e2e tests included, as CI has them).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { machineLine, writeBenchmarkSection } from "./support";

const BASE = process.argv[2] ?? "6b026b8";
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const repo = process.cwd();

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

/**
 * The busy CPU time of the whole machine so far, in seconds (/proc/stat: user, nice, system, irq,
 * softirq), in the kernel's clock ticks: USER_HZ, 100 a second on Linux whatever the kernel's own HZ.
 */
function busyCpu(): number {
  const [, user, nice, system, , , irq, softirq] = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "")
    .trim()
    .split(/\s+/)
    .map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) / 100;
}

/** Replaces `from` by `to` in `file`, and fails loudly when the script no longer has it. */
function rewrite(file: string, from: RegExp, to: string): void {
  const text = readFileSync(file, "utf8");
  if (!from.test(text))
    throw new Error(`${file}: ${from} introuvable, le banc ne sait plus adapter ce script`);
  writeFileSync(file, text.replace(from, to));
}

/** A clean clone of `commit` with its own `npm install`, ready to run `npm test`. */
function cloneAt(commit: string): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "cfa-bench-suite-")), "repo");
  execFileSync("git", ["clone", "-q", repo, dir]);
  git(dir, "checkout", "-q", commit);
  execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, stdio: "ignore" });
  return dir;
}

/** The earlier tree's test files: unit and integration (Vitest), integration alone (PostgreSQL), e2e. */
function testFilesOf(commit: string) {
  const files = git(repo, "ls-tree", "-r", "--name-only", commit, "tests")
    .split("\n")
    .filter((f) => /\.(test|spec)\.ts$/.test(f));
  return {
    vitest: files.filter((f) => /^tests\/(unit|integration)\//.test(f)),
    integration: files.filter((f) => f.startsWith("tests/integration/")),
    e2e: files.filter((f) => f.startsWith("tests/e2e/")),
  };
}

function prepareEarlier(dir: string): void {
  const script = path.join(dir, "scripts/test.sh");
  rewrite(script, /^npx tsx scripts\/node-versions\.ts$/m, ": node-versions skipped");
  rewrite(script, /^(DB_DRIVER=pglite npx vitest run .*)$/m, "$1 || true");
}

function prepareCurrent(dir: string, files: ReturnType<typeof testFilesOf>): void {
  const script = path.join(dir, "scripts/test.sh");
  rewrite(script, /^npx tsx scripts\/node-versions\.ts$/m, ": node-versions skipped");
  rewrite(
    script,
    /^DB_DRIVER=pglite npx vitest run /m,
    `DB_DRIVER=pglite npx vitest run ${files.vitest.join(" ")} `,
  );
  rewrite(script, /npx vitest run tests\/integration /, `npx vitest run ${files.integration.join(" ")} `);
  rewrite(script, /npx playwright test --reporter/, `npx playwright test ${files.e2e.join(" ")} --reporter`);
}

interface Run {
  label: string;
  wall: number;
  cpu: number;
  summary: string;
}

function timedTest(label: string, dir: string): Run {
  const cpu0 = busyCpu();
  const started = performance.now();
  const run = spawnSync("npm", ["test"], {
    cwd: dir,
    env: { ...process.env, CI: "true" },
    encoding: "utf8",
    maxBuffer: 256 * 2 ** 20,
  });
  const wall = (performance.now() - started) / 1000;
  const cpu = busyCpu() - cpu0;
  // scripts/test-summary.mjs's last line, in both trees: "tests: N passed, M failed, K skipped".
  const summary = /tests: \d+ passed, \d+ failed, \d+ skipped/.exec(run.stdout)?.[0] ?? `code ${run.status}`;
  console.log(`${label}: ${wall.toFixed(0)} s, ${cpu.toFixed(0)} s de CPU, ${summary}`);
  return { label, wall, cpu, summary };
}

const head = git(repo, "rev-parse", "--short", "HEAD");
const base = git(repo, "rev-parse", "--short", BASE);
const files = testFilesOf(BASE);
const machine = machineLine();
const earlier = cloneAt(base);
const current = cloneAt(head);
try {
  prepareEarlier(earlier);
  prepareCurrent(current, files);
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const pair: [string, string][] = [
      [`${base} (avant)`, earlier],
      [`${head}, fichiers de ${base}`, current],
    ];
    for (const [label, dir] of i % 2 ? pair.reverse() : pair) {
      rmSync(path.join(dir, "build"), { recursive: true, force: true });
      runs.push(timedTest(label, dir));
    }
  }
  const fileCount = files.vitest.length + files.e2e.length;
  writeBenchmarkSection("Suite de tests : mêmes fichiers", [
    "",
    `Mesuré le ${machine}, avec \`npm run bench:suite -- ${base}\` : \`npm test\` (CI=true) d'un clone propre de`,
    `${base}, puis celui de ${head} limité aux ${fileCount} fichiers de tests de ${base} (qui ont gardé leurs`,
    "chemins ; chacun porte en plus les tests ajoutés depuis). Sans le test de démarrage sous d'autres",
    "versions de Node des deux côtés ; l'ancien arbre ne s'arrête plus sur un test PGlite en échec.",
    "",
    "| Exécution | Durée | CPU de la machine | Tests |",
    "| --- | ---: | ---: | --- |",
    ...runs.map((r) => `| ${r.label} | ${r.wall.toFixed(0)} s | ${r.cpu.toFixed(0)} s | ${r.summary} |`),
  ]);
} finally {
  for (const dir of [earlier, current]) rmSync(path.dirname(dir), { recursive: true, force: true });
}
