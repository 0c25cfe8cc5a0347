// npm run bench:start — the first start of `npm start` on a built tree with no data folder: from the
// process's launch to /healthz answering 200 (PGlite created, migrated, seeded, administrator written,
// port open), RUNS times each, with the build's database template (app/platform/db/pglite-template.server.ts)
// and without it (moved aside: what a first start cost before it, initdb included). Then a second
// start on the same folder, for comparison. Writes the « Premier démarrage » section of
// docs/benchmarks.md with the medians.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { templateDir } from "../app/platform/db/pglite-template.server";
import { machineLine, percentile, writeBenchmarkSection } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3480);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const buildDir = path.resolve(process.env.BUILD_DIR || "build");
const template = templateDir(buildDir);

/** Milliseconds from launching `node server.js` on `dataDir` to /healthz 200; the server is stopped. */
async function timedStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const server: ChildProcess = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      NODE_ENV: "production",
      LOG_LEVEL: "error",
      ADMIN_EMAIL: "direction@centre.test",
      ADMIN_PASSWORD: "mot-de-passe-bench",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error("le serveur s'est arrêté au démarrage");
      const ok = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
}

async function series(label: string): Promise<{ label: string; first: number[]; second: number[] }> {
  const first: number[] = [];
  const second: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "cfa-bench-start-"));
    first.push(await timedStart(dataDir));
    second.push(await timedStart(dataDir));
    rmSync(dataDir, { recursive: true, force: true });
    console.log(
      `${label} ${i + 1}/${RUNS} : ${Math.round(first.at(-1) ?? 0)} ms, puis ${Math.round(second.at(-1) ?? 0)} ms`,
    );
  }
  return { label, first, second };
}

async function main() {
  if (!existsSync(path.join(buildDir, "server/index.js")) || !existsSync(template)) {
    console.log("Construction du site (avec le modèle de base)…");
    execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "ignore" });
  }
  const load = machineLine();
  const aside = `${template}.aside`;
  renameSync(template, aside);
  let without: Awaited<ReturnType<typeof series>>;
  try {
    without = await series("sans modèle");
  } finally {
    renameSync(aside, template);
  }
  const withTemplate = await series("avec modèle");
  const median = (values: number[]) =>
    (
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      ) / 1000
    ).toFixed(2);
  const spread = (values: number[]) =>
    `${(Math.min(...values) / 1000).toFixed(2)}–${(Math.max(...values) / 1000).toFixed(2)}`;
  const lines = [
    "",
    `Mesuré le ${load}, avec \`npm run bench:start\`, build de production, PGlite, ${RUNS} démarrages par ligne.`,
    "Du lancement de `node server.js` sur un DATA_DIR vide à la première réponse 200 de `/healthz` (base créée, migrée, remplie, compte administrateur écrit, port ouvert), puis un second démarrage sur le même dossier.",
    "",
    "| Premier démarrage | médiane | min–max | second démarrage (médiane) |",
    "| --- | ---: | ---: | ---: |",
    ...[without, withTemplate].map(
      (s) =>
        `| ${s.label === "sans modèle" ? "avant : initdb au démarrage" : "après : copie du modèle fait par le build"} | ${median(s.first)} s | ${spread(s.first)} s | ${median(s.second)} s |`,
    ),
  ];
  writeBenchmarkSection("Premier démarrage", lines);
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
