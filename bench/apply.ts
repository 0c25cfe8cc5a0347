// npm run bench:apply — online applications with a 1 MB CV, 20 candidates at a time, on PostgreSQL.
//
// Starts the production server on a throwaway PostgreSQL database with the form rate limit off,
// then 20 clients each post the application form as a browser without JavaScript does (multipart,
// a 1 MB PDF as CV) one after another for 30 s. An application is acknowledged when the server
// answers 303 to the 'Candidature envoyée' page, which it does only after the commit. Then it checks
// that every acknowledged application is stored with its CV (0 lost), and reports the latency and
// how much the database grew per application. Writes the « Candidatures » section of
// docs/benchmarks.md (other sections are kept).
import type { ChildProcess } from "node:child_process";
import {
  machineLine,
  openSession,
  pdfOfSize,
  percentile,
  postApplication,
  settledCount,
  sql,
  startBenchServer,
  throwawayDatabase,
  writeBenchmarkSection,
} from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3470);
const BASE = `http://127.0.0.1:${PORT}`;
const CLIENTS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CV_BYTES = 1024 * 1024;

async function main() {
  const database = await throwawayDatabase("bench_apply");
  let server: ChildProcess | null = null;
  try {
    server = await startBenchServer(PORT, { DATABASE_URL: database.url, FORM_RATE_LIMIT: "0" });
    const target = await openSession(database.url);
    const sizeBefore = await databaseSize(database.url);
    const cv = pdfOfSize(CV_BYTES);

    const acknowledged = new Set<string>();
    const statuses = new Map<string, number>();
    const latencies: number[] = [];
    let sequence = 0;
    const end = Date.now() + SECONDS * 1000;
    const candidate = async () => {
      while (Date.now() < end) {
        const n = ++sequence;
        const started = performance.now();
        let label: string;
        try {
          const { status, acknowledged: sent } = await postApplication(BASE, target, n, cv);
          if (sent) acknowledged.add(`candidat.${n}@example.test`);
          label = sent ? "303 acquittée" : String(status);
        } catch {
          label = "erreur réseau";
        }
        latencies.push(performance.now() - started);
        statuses.set(label, (statuses.get(label) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, candidate));

    const rows = await settledCount(
      database.url,
      "select count(*)::int as n from applications where email like 'candidat.%'",
    );
    const stored = new Set(
      (
        await sql<{ email: string }>(
          database.url,
          `select a.email from applications a
           where a.email like 'candidat.%'
             and exists (select 1 from application_files f where f.application_id = a.id and f.size = ${CV_BYTES})`,
        )
      ).map((r) => r.email),
    );
    const lost = [...acknowledged].filter((email) => !stored.has(email)).length;
    const [partial] = await sql<{ n: number }>(
      database.url,
      `select count(*)::int as n from applications a
       where a.email like 'candidat.%'
         and not exists (select 1 from application_files f where f.application_id = a.id)`,
    );
    const [mails] = await sql<{ n: number }>(
      database.url,
      "select count(*)::int as n from mail_outbox where kind like 'application_%'",
    );
    await sql(database.url, "checkpoint");
    const growth = (await databaseSize(database.url)) - sizeBefore;
    const sorted = [...latencies].sort((a, b) => a - b);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

    const ok = lost === 0 && (partial?.n ?? 0) === 0;
    const lines = [
      "",
      `Mesuré le ${machineLine()}, avec \`npm run bench:apply\`, PostgreSQL local, build de production, \`FORM_RATE_LIMIT=0\`.`,
      `${CLIENTS} candidats envoient le formulaire de candidature sans JavaScript (multipart, CV PDF de 1 Mo) l'un après l'autre pendant ${SECONDS} s ; une candidature est acquittée par la redirection 303 vers « Candidature envoyée », donnée après la validation de la transaction.`,
      "",
      "| Mesure | Valeur |",
      "| --- | ---: |",
      `| Candidatures envoyées | ${latencies.length} (${(latencies.length / SECONDS).toFixed(1)} par seconde, ${mb((latencies.length * CV_BYTES) / SECONDS)} Mo/s de CV) |`,
      `| Réponses | ${[...statuses].map(([status, count]) => `${status} × ${count}`).join(", ")} |`,
      `| Latence p50 / p95 / max | ${Math.round(percentile(sorted, 50))} / ${Math.round(percentile(sorted, 95))} / ${Math.round(sorted.at(-1) ?? 0)} ms |`,
      `| Acquittées / en base avec leur CV | ${acknowledged.size} / ${stored.size} |`,
      `| Acquittées sans ligne ou sans CV (perdues) | ${lost} |`,
      `| Candidatures sans fichier (écriture partielle) | ${partial?.n ?? 0} |`,
      `| Lignes en base (dont non acquittées : requêtes en vol à la fin) | ${rows} (${rows - acknowledged.size}) |`,
      `| E-mails mis en file (accusé de réception + équipe) | ${mails?.n ?? 0} |`,
      `| Croissance de la base | ${mb(growth)} Mo, soit ${rows > 0 ? mb(growth / rows) : "—"} Mo par candidature (CV de 1 Mo) |`,
      "",
      ok
        ? "Aucune candidature acquittée perdue, aucune écriture partielle : chaque candidature est stockée avec son CV dans la même transaction."
        : "**Écart constaté** : voir les chiffres ci-dessus.",
    ];
    writeBenchmarkSection("Candidatures", lines);
    console.log(lines.join("\n"));
    if (!ok) process.exitCode = 1;
  } finally {
    if (server) {
      const exited = new Promise((r) => server?.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    await database.drop();
  }
}

async function databaseSize(url: string): Promise<number> {
  const [row] = await sql<{ bytes: string }>(
    url,
    "select pg_database_size(current_database())::text as bytes",
  );
  return Number(row?.bytes ?? 0);
}

await main();
