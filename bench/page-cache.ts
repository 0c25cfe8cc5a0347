// npm run bench:cache — the public page cache under 50 clients while its copies expire and are invalidated.
//
// Starts the production server on a throwaway PostgreSQL database with PAGE_CACHE_TTL=2 (every copy
// expires every 2 s), then 50 clients read five public pages for 20 s. A second run does the same
// while a change to a public table is announced every 3 s (pg_notify, as a console edit does), so
// every copy goes stale at once. Then the cold home page: the server is started afresh (empty
// cache) COLD_ROUNDS times, and each time 50 clients ask for `/` at the same moment, before anyone
// else did. Writes the « Cache des pages publiques » section of docs/benchmarks.md. Targets: max
// latency < 100 ms across expiries, and < 100 ms for the cold home page at 50 clients.
// BUILD_DIR measures another build (another commit's, to compare back to back); BENCH_COLD_ONLY=1
// runs the cold rounds only and writes nothing.
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import autocannon, { type Result } from "autocannon";
import pg from "pg";
import {
  machineLine,
  percentile,
  startBenchServer,
  throwawayDatabase,
  writeBenchmarkSection,
} from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3322);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TTL_SECONDS = 2;
const PAGES = ["/", "/formations", "/financements", "/notre-centre", "/formations?type=courte"];
const COLD_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 5);

/** One GET of `/` on a connection of its own, as a browser sends it; resolves with its latency in ms. */
function getHome(agent: http.Agent): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: "127.0.0.1", port: PORT, path: "/", agent, headers: { "accept-encoding": "br, gzip" } },
        (response) => {
          response.resume();
          response.on("end", () =>
            resolve({ ms: performance.now() - started, status: response.statusCode ?? 0 }),
          );
        },
      )
      .on("error", reject);
  });
}

/**
 * The home page on a cold cache: a fresh server, then `CONNECTIONS` clients at once. Their
 * connections are opened first (a HEAD of /healthz each), so that the figure is the page's wait,
 * not the TCP handshakes. Resolves with every client's latency.
 */
async function coldHome(databaseUrl: string): Promise<{ latencies: number[]; failed: number }> {
  const server = await startBenchServer(PORT, { DATABASE_URL: databaseUrl });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    await Promise.all(
      Array.from(
        { length: CONNECTIONS },
        () =>
          new Promise<void>((resolve, reject) => {
            http
              .request({ host: "127.0.0.1", port: PORT, path: "/healthz", method: "HEAD", agent }, (r) => {
                r.resume();
                r.on("end", () => resolve());
              })
              .on("error", reject)
              .end();
          }),
      ),
    );
    const answers = await Promise.all(Array.from({ length: CONNECTIONS }, () => getHome(agent)));
    return {
      latencies: answers.map((a) => a.ms).sort((a, b) => a - b),
      failed: answers.filter((a) => a.status !== 200).length,
    };
  } finally {
    agent.destroy();
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
}

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
    // The demonstration data is seeded by the first start: a throwaway start does it, so that the
    // cold rounds measure a server starting on a ready database.
    await coldHome(database.url);
    const cold: { p50: number; max: number; failed: number }[] = [];
    for (let round = 0; round < COLD_ROUNDS; round++) {
      const { latencies, failed } = await coldHome(database.url);
      cold.push({
        p50: Math.round(percentile(latencies, 50)),
        max: Math.round(latencies[latencies.length - 1] ?? Number.NaN),
        failed,
      });
      console.log(`accueil à froid, tour ${round + 1} :`, cold[cold.length - 1]);
    }
    const coldMax = Math.max(...cold.map((c) => c.max));
    // Only the cold rounds, to compare two builds back to back without the 40 s of load.
    if (process.env.BENCH_COLD_ONLY) return;

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
      "",
      `### Page d'accueil à froid, ${CONNECTIONS} clients`,
      "",
      `Le serveur est démarré ${COLD_ROUNDS} fois (cache vide) ; à chaque fois, ${CONNECTIONS} clients, connexions déjà ouvertes, demandent \`/\` au même instant, avant toute autre page.`,
      "",
      "| Démarrage | p50 (ms) | max (ms) | Erreurs |",
      "| ---: | ---: | ---: | ---: |",
      ...cold.map((c, i) => `| ${i + 1} | ${c.p50} | ${c.max} | ${c.failed} |`),
      "",
      `Objectif latence max < 100 ms à froid : ${coldMax < 100 ? "atteint" : "**non atteint**"} (${coldMax} ms au pire des ${COLD_ROUNDS} démarrages).`,
    ];
    if (process.env.BENCH_NO_WRITE) {
      console.log(lines.join("\n"));
      return;
    }
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
