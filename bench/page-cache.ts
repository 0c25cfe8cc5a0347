// npm run bench:cache — the public page cache under 50 clients while its copies expire and are invalidated.
//
// Starts the production server on a throwaway PostgreSQL database with PAGE_CACHE_TTL=2 (every copy
// expires every 2 s), then 50 clients read five public pages for 20 s. A second run does the same
// while a change to a public table is announced every 3 s (pg_notify, as a console edit does), so
// every copy goes stale at once. Writes the « Cache des pages publiques » section of
// docs/benchmarks.md. Target: max latency < 100 ms across expiries.
import type { ChildProcess } from "node:child_process";
import autocannon, { type Result } from "autocannon";
import pg from "pg";
import { machineLine, startBenchServer, throwawayDatabase, writeBenchmarkSection } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3322);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TTL_SECONDS = 2;
const PAGES = ["/", "/formations", "/financements", "/notre-centre", "/formations?type=courte"];

async function load(): Promise<Result> {
  return autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: PAGES.map((path) => ({ method: "GET", path })),
  });
}

function row(label: string, r: Result): string {
  const failed = r.non2xx + r.errors + r.timeouts;
  return `| ${label} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${failed} |`;
}

async function main() {
  const database = await throwawayDatabase("bench_cache");
  let server: ChildProcess | null = null;
  try {
    server = await startBenchServer(PORT, {
      DATABASE_URL: database.url,
      PAGE_CACHE_TTL: String(TTL_SECONDS),
    });
    // Every page once, so that the runs measure a warm cache going stale, not the first renders.
    for (const path of PAGES) await (await fetch(`${BASE}${path}`)).text();

    console.log(`expirations seules : ${CONNECTIONS} clients, ${SECONDS} s…`);
    const expiry = await load();

    console.log("expirations et invalidations toutes les 3 s…");
    const notifier = new pg.Client({ connectionString: database.url });
    await notifier.connect();
    let changes = 0;
    const timer = setInterval(() => {
      changes++;
      notifier
        .query("select pg_notify('app_events', $1)", [
          `bench ${JSON.stringify({ table: "formations", op: "update" })}`,
        ])
        .catch((error: unknown) => console.error(error));
    }, 3_000);
    const invalidated = await load();
    clearInterval(timer);
    await notifier.end();

    const lines = [
      "",
      `Mesuré le ${machineLine()}, avec \`npm run bench:cache\` (build de production, PostgreSQL local).`,
      `${CONNECTIONS} clients lisent ${PAGES.length} pages publiques (${PAGES.map((p) => `\`${p}\``).join(", ")}) pendant ${SECONDS} s ; chaque copie expire toutes les ${TTL_SECONDS} s (\`PAGE_CACHE_TTL=${TTL_SECONDS}\`).`,
      "À l'expiration, la page est recalculée une seule fois en arrière-plan et tout le monde reçoit la copie précédente entre-temps ; après une modification (invalidation), le premier visiteur attend le nouveau rendu et les autres reçoivent la copie précédente.",
      "",
      "| Scénario | Requêtes/s | p50 (ms) | p99 (ms) | max (ms) | Erreurs |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      row(`Expirations (${Math.floor(SECONDS / TTL_SECONDS)} par page)`, expiry),
      row(`Expirations + ${changes} invalidations`, invalidated),
      "",
      `Objectif latence max < 100 ms à travers les expirations : ${expiry.latency.max < 100 ? "atteint" : "**non atteint**"} (${expiry.latency.max} ms).`,
    ];
    writeBenchmarkSection("Cache des pages publiques", lines);
    console.log(lines.join("\n"));
  } finally {
    server?.kill("SIGTERM");
    if (server) await new Promise((resolve) => server?.once("exit", resolve));
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
