// npm run bench:lheo — GET /lheo.xml for a catalogue of 2 000 formations × 5 sessions: time and size,
// uncached (the document made again after a change) and cached (a copy, and a 304 for a client
// that has it).
//
// Starts the production server on a throwaway PostgreSQL database, adds 2 000 active formations with
// their Lhéo fields and 5 upcoming sessions each (one SQL statement each), checks the document
// against the schema once, then times each case. Writes the « Export Lhéo » section of
// docs/benchmarks.md.
import type { ChildProcess } from "node:child_process";
import { lheoErrors } from "../tests/support/lheo";
import {
  machineLine,
  percentile,
  sql,
  startBenchServer,
  throwawayDatabase,
  writeBenchmarkSection,
} from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3324);
const BASE = `http://127.0.0.1:${PORT}`;
const FORMATIONS = Number(process.env.BENCH_FORMATIONS ?? 2000);
const SESSIONS = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const TEXT = "Comprendre, pratiquer et maîtriser le métier, avec des mises en situation & des projets. ";

async function fill(url: string) {
  await sql(
    url,
    `insert into formations (title, slug, description, duration, entry_level, exit_level, objectives,
       prerequisites, certification, program, formacodes, nsf_codes, rome_codes, target_publics,
       lheo_funders, path_type, entry_mode, general_objective, position)
     select 'Formation n° ' || n, 'bench-lheo-' || n, '${TEXT}', '6 mois', 'niveau-3', 'niveau-4',
       array['${TEXT.repeat(3)}', '${TEXT.repeat(2)}'], '${TEXT.repeat(2)}', 'Titre professionnel de niveau 4',
       jsonb_build_array(jsonb_build_object('title', 'Module A', 'duration', '70 h', 'content', '${TEXT.repeat(4)}'),
         jsonb_build_object('title', 'Module B', 'duration', '70 h', 'content', '${TEXT.repeat(4)}')),
       array['31054'], array['326'], array['M1805'], array['83056', '80006'], array['10', '16'], '1', '0', '7', 100 + n
     from generate_series(1, ${FORMATIONS}) n`,
  );
  await sql(
    url,
    `insert into formation_sessions (formation_id, start_date, end_date, mode, place, rhythm, seats)
     select f.id, current_date + 30 * k, current_date + 30 * k + 180, 'presentiel',
       '12 rue de la République, 75011 Paris', '2 jours en centre / 3 jours en entreprise', 12
     from formations f cross join generate_series(1, ${SESSIONS}) k where f.slug like 'bench-lheo-%'`,
  );
}

interface Timed {
  ms: number;
  bytes: number;
  status: number;
  etag: string | null;
}

async function timed(headers: Record<string, string>): Promise<Timed> {
  const start = performance.now();
  const response = await fetch(`${BASE}/lheo.xml`, { headers });
  const body = new Uint8Array(await response.arrayBuffer());
  return {
    ms: performance.now() - start,
    bytes: Number(response.headers.get("content-length") ?? body.length),
    status: response.status,
    etag: response.headers.get("etag"),
  };
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (n: number) => `${n.toFixed(0)} ms`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2).replace(".", ",")} Mo`;

async function main() {
  const database = await throwawayDatabase("bench_lheo");
  let server: ChildProcess | null = null;
  try {
    server = await startBenchServer(PORT, { DATABASE_URL: database.url });
    await fill(database.url);
    const notify = () =>
      sql(
        database.url,
        `select pg_notify('app_events', 'bench ${JSON.stringify({ table: "formations", op: "update" })}')`,
      );
    await notify();
    await new Promise((r) => setTimeout(r, 300));

    const first = await fetch(`${BASE}/lheo.xml`);
    const xml = await first.text();
    const formations = xml.split("<formation ").length - 1;
    const sessions = xml.split("<session ").length - 1;
    const errors = await lheoErrors(xml);
    console.log(
      `${formations} formations, ${sessions} sessions, schéma : ${errors.length ? errors.slice(0, 3).join(" ; ") : "valide"}`,
    );

    const uncached: Timed[] = [];
    const uncachedGzip: Timed[] = [];
    for (let i = 0; i < RUNS; i++) {
      await notify();
      await new Promise((r) => setTimeout(r, 300));
      uncached.push(await timed({ "Accept-Encoding": "identity" }));
      await notify();
      await new Promise((r) => setTimeout(r, 300));
      uncachedGzip.push(await timed({ "Accept-Encoding": "gzip" }));
    }
    const cached: Timed[] = [];
    const cachedGzip: Timed[] = [];
    const notModified: Timed[] = [];
    for (let i = 0; i < RUNS * 3; i++) {
      cached.push(await timed({ "Accept-Encoding": "identity" }));
      cachedGzip.push(await timed({ "Accept-Encoding": "gzip" }));
      notModified.push(await timed({ "If-None-Match": cached[0]?.etag ?? "" }));
    }
    const row = (label: string, runs: Timed[]) =>
      `| ${label} | ${runs.length} | ${ms(median(runs.map((r) => r.ms)))} | ${ms(Math.max(...runs.map((r) => r.ms)))} | ${runs[0]?.status === 304 ? "0 (304)" : mb(runs[0]?.bytes ?? 0)} |`;
    const lines = [
      "",
      `Mesuré le ${machineLine()}, avec \`npm run bench:lheo\` (build de production, PostgreSQL local).`,
      `\`GET /lheo.xml\` pour ${FORMATIONS} formations prêtes × ${SESSIONS} sessions à venir (plus le catalogue de démonstration) : ${formations} formations et ${sessions} sessions dans le document, ${errors.length ? `**refusé par le schéma** (${errors[0]})` : "accepté par le schéma Lhéo 2.3 (xmllint)"}.`,
      "Sans cache : le premier appel après une modification du catalogue (lecture des formations, des sessions et des places, écriture du document, compression, empreinte). En cache : la copie gardée jusqu'au prochain changement ; `If-None-Match` avec l'ETag reçu répond 304 sans corps.",
      "",
      "| Cas | Appels | Médiane | Max | Taille transférée |",
      "| --- | ---: | ---: | ---: | ---: |",
      row("Sans cache, non compressé", uncached),
      row("Sans cache, gzip", uncachedGzip),
      row("En cache, non compressé", cached),
      row("En cache, gzip", cachedGzip),
      row("En cache, 304 (If-None-Match)", notModified),
    ];
    writeBenchmarkSection("Export Lhéo", lines);
    console.log(lines.join("\n"));
  } finally {
    server?.kill("SIGTERM");
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
