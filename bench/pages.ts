// npm run bench:pages — what a visitor's browser downloads and how fast the server answers.
//
// 1. JavaScript per public page: every script Chromium fetches (including chunks loaded after
//    hydration), each gzipped on its own at the default level (budget 125 KB), and the bytes Chromium
//    actually received (the build's Brotli copies).
// 2. Throughput with autocannon: server-rendered pages against a static file served by the same
//    Node process.
// 3. Lighthouse (mobile, from npm through npx so it stays out of the app's dependencies) driving
//    /usr/bin/chromium, for /, /formations and one course page.
// Writes the "Pages publiques" section of docs/benchmarks.md (other sections are kept).
//
// Env: BUILD_DIR (default build; built when missing), BENCH_PORT (default 3390), BENCH_SECONDS (default 5).
import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import { type LighthouseScores, lighthouse, startBenchServer } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3390);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BASE = `http://127.0.0.1:${PORT}`;
const BUDGET_KB = 125;

const PAGES = [
  "/",
  "/formations",
  "/formations/alternance",
  "/formation/tp-assistant-ressources-humaines",
  "/financements",
  "/notre-centre",
  "/ressources",
  "/ressources/article/financer-sa-formation-avec-le-cpf",
  "/mentions-legales",
  "/contact",
  "/auth",
];
const LOAD_TARGETS = ["/favicon.svg", "/financements", "/", "/formations"];
const LIGHTHOUSE_PAGES = ["/", "/formations", "/formation/tp-assistant-ressources-humaines"];
function startServer(): Promise<ChildProcess> {
  return startBenchServer(PORT);
}

interface PageWeight {
  path: string;
  files: number;
  gzipKb: number;
  /** Bytes Chromium actually received for those scripts (Brotli, as the server sends it to browsers). */
  wireKb: number;
  encodings: string;
}

async function measureJs(): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const results: PageWeight[] = [];
  try {
    for (const pagePath of PAGES) {
      const page = await browser.newPage();
      const pending: Promise<{ gzip: number; wire: number; encoding: string }>[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() !== "script") return;
        pending.push(
          Promise.all([response.body(), response.request().sizes()]).then(
            ([body, sizes]) => ({
              gzip: gzipSync(body).length,
              wire: sizes.responseBodySize,
              encoding: response.headers()["content-encoding"] ?? "aucun",
            }),
            () => ({ gzip: 0, wire: 0, encoding: "?" }),
          ),
        );
      });
      await page.goto(`${BASE}${pagePath}`);
      await page.locator("body[data-hydrated]").waitFor();
      // Chunks loaded after hydration (none today, but a lazy import would count) count too.
      await page.waitForTimeout(1000);
      const scripts = await Promise.all(pending);
      results.push({
        path: pagePath,
        files: scripts.length,
        gzipKb: scripts.reduce((a, b) => a + b.gzip, 0) / 1024,
        wireKb: scripts.reduce((a, b) => a + b.wire, 0) / 1024,
        encodings: [...new Set(scripts.map((s) => s.encoding))].join(", "),
      });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

interface Throughput {
  path: string;
  rps: number;
  p99: number;
}

async function measureThroughput(): Promise<Throughput[]> {
  const out: Throughput[] = [];
  for (const target of LOAD_TARGETS) {
    const result = await autocannon({
      url: `${BASE}${target}`,
      connections: 20,
      duration: SECONDS,
      headers: { "accept-encoding": "gzip" },
    });
    out.push({ path: target, rps: result.requests.average, p99: result.latency.p99 });
  }
  return out;
}

function writeReport(weights: PageWeight[], load: Throughput[], scores: LighthouseScores[]) {
  const staticRps = load[0]?.rps ?? 1;
  const section = [
    "## Pages publiques",
    "",
    `Mesuré le ${new Date().toLocaleString("fr-FR", { timeZone: "Europe/Paris" })} avec \`npm run bench:pages\` (Node ${process.version}, ${cpus().length} cœurs, PGlite, build de production).`,
    "",
    "### Lighthouse (mobile, Chromium de Debian)",
    "",
    "| Page | Performance | Accessibilité | Bonnes pratiques | SEO | LCP | CLS |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...scores.map(
      (s) =>
        `| \`${s.path}\` | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${s.lcpMs} ms | ${s.cls.toFixed(3)} |`,
    ),
    "",
    `### JavaScript chargé par page (gzip, budget ${BUDGET_KB} Ko)`,
    "",
    "Chaque script que Chromium télécharge (y compris les morceaux chargés après l'hydratation), compressé un par un en gzip (niveau par défaut) : c'est ce que compte le budget. La dernière colonne donne ce que Chromium a réellement reçu : les copies Brotli que le build prépare (`vite.precompress.ts`).",
    "",
    "| Page | Fichiers | JS gzip | Budget | Reçu par Chromium |",
    "| --- | ---: | ---: | --- | ---: |",
    ...weights.map(
      (w) =>
        `| \`${w.path}\` | ${w.files} | ${w.gzipKb.toFixed(1)} Ko | ${w.gzipKb <= BUDGET_KB ? "respecté" : "**dépassé**"} | ${w.wireKb.toFixed(1)} Ko (${w.encodings}) |`,
    ),
    "",
    `### Débit (autocannon, 20 connexions, ${SECONDS} s par cible)`,
    "",
    "| Cible | Requêtes/s | p99 (ms) | Requêtes/s ÷ celles du fichier statique |",
    "| --- | ---: | ---: | ---: |",
    ...load.map(
      (l) =>
        `| \`${l.path}\` | ${Math.round(l.rps)} | ${l.p99} | ${(l.rps / Math.max(staticRps, 1)).toFixed(1)}× |`,
    ),
    "",
  ].join("\n");

  const file = "docs/benchmarks.md";
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Mesures\n\n";
  // Replace only this section, up to the next "## " heading, so other benchmarks stay.
  const pattern = /## Pages publiques\n[\s\S]*?(?=\n## |$)/;
  const next = pattern.test(current)
    ? current.replace(pattern, section)
    : `${current.trimEnd()}\n\n${section}`;
  writeFileSync(file, next.endsWith("\n") ? next : `${next}\n`);
  console.log(section);
}

const server = await startServer();
try {
  const weights = await measureJs();
  const scores = LIGHTHOUSE_PAGES.map((path) => lighthouse(BASE, path));
  const load = await measureThroughput();
  writeReport(weights, load, scores);
} finally {
  server.kill("SIGTERM");
}
