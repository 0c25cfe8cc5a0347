// npm run bench:contact — the contact form at fixed arrival rates on PostgreSQL.
//
// Starts the production server on a fresh PostgreSQL database (127.0.0.1:5432) with the form rate
// limit off and mail written to files (no SMTP_URL), then posts the form the way the browser does
// with JavaScript (POST /contact.data) at fixed rates, 50, 100, 200 and 300 a second by default.
// The generator is open-loop: each submission leaves at its scheduled time whatever the previous
// ones are doing, and its latency counts from that time. Closed-loop clients (autocannon) wait for
// an answer before sending again, so when the server slows down they slow down with it and their
// latency only mirrors their own throughput; real visitors do not wait for each other.
//
// For every rate: p50/p99/max, acknowledged submissions (200 with « Message envoyé ! »), and the
// rows found in contact_requests for that rate's e-mails (an acknowledgement without a row is a
// loss). Between rates the outbox is left to empty, so each rate starts from a quiet server.
// Writes the « Formulaire de contact » section of docs/benchmarks.md (other sections are kept).
//
// BENCH_RATES=50,100 changes the rates, BENCH_SECONDS the seconds per rate (10), BUILD_DIR the
// build measured (another commit's build, to compare back to back), BENCH_CPU_PROF a folder where
// the server writes a V8 CPU profile (node --cpu-prof) when it stops, BENCH_LABEL names the run in
// the section, BENCH_NO_WRITE=1 only prints.
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import { CONTACT_MESSAGES } from "../app/features/leads/content";
import {
  contactFormBody,
  machineLine,
  percentile,
  settledCount,
  sql,
  startBenchServer,
  throwawayDatabase,
  waitFor,
  writeBenchmarkSection,
} from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3450 + Math.floor(Math.random() * 500));
const RATES = (process.env.BENCH_RATES ?? "50,100,200,300").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// Beyond this a submission counts as not acknowledged (the generator stops waiting for it).
const TIMEOUT_MS = 10_000;

interface RateResult {
  rate: number;
  sent: number;
  acknowledged: number;
  refused: number;
  stored: number;
  lost: number;
  p50: number;
  p99: number;
  max: number;
  lateStarts: number;
}

// One keep-alive agent without a socket limit: the generator never queues a request behind another.
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** One submission; resolves with whether it was acknowledged with the form's success message. */
function post(body: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        path: "/contact.data",
        method: "POST",
        agent,
        timeout: TIMEOUT_MS,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          origin: `http://127.0.0.1:${PORT}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve(
            response.statusCode === 200 &&
              Buffer.concat(chunks).toString().includes(CONTACT_MESSAGES.success.title),
          ),
        );
        response.on("error", () => resolve(false));
      },
    );
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(false));
    request.end(body);
  });
}

/**
 * `rate` submissions a second for SECONDS, each at its scheduled time. The timer wakes every
 * millisecond or so and sends every submission now due; a submission sent more than 5 ms after its
 * time is counted (lateStarts: the generator itself fell behind, the figures are then suspect).
 */
async function runRate(databaseUrl: string, rate: number): Promise<RateResult> {
  const prefix = `r${rate}`;
  const total = rate * SECONDS;
  const latencies: number[] = [];
  const acked = new Set<string>();
  const pending: Promise<void>[] = [];
  let refused = 0;
  let lateStarts = 0;
  let next = 0;
  const start = performance.now() + 50;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && start + (next * 1000) / rate <= now) {
        const due = start + (next * 1000) / rate;
        if (now - due > 5) lateStarts++;
        const email = `${prefix}.${next}@example.test`;
        const body = contactFormBody(email, next);
        next++;
        pending.push(
          post(body).then((ok) => {
            // From the scheduled time, not the actual send: a late start is the server's delay too.
            latencies.push(performance.now() - due);
            if (ok) acked.add(email);
            else refused++;
          }),
        );
      }
      if (next < total) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  await Promise.all(pending);
  await settledCount(databaseUrl, "select count(*)::int as n from contact_requests");
  const stored = new Set(
    (
      await sql<{ email: string }>(
        databaseUrl,
        `select email from contact_requests where email like '${prefix}.%'`,
      )
    ).map((r) => r.email),
  );
  latencies.sort((a, b) => a - b);
  return {
    rate,
    sent: total,
    acknowledged: acked.size,
    refused,
    stored: stored.size,
    lost: [...acked].filter((email) => !stored.has(email)).length,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    max: Math.round(latencies[latencies.length - 1] ?? Number.NaN),
    lateStarts,
  };
}

/** Waits (2 min at most) until every queued e-mail is written, so that the next rate starts quiet. */
function outboxEmpty(databaseUrl: string): Promise<boolean> {
  return waitFor(async () => {
    const [row] = await sql<{ n: number }>(
      databaseUrl,
      "select count(*)::int as n from mail_outbox where sent_at is null",
    );
    return row?.n === 0;
  }, 120);
}

async function main() {
  const database = await throwawayDatabase("bench_contact");
  let server: ChildProcess | null = null;
  const results: RateResult[] = [];
  try {
    const profile = process.env.BENCH_CPU_PROF;
    server = await startBenchServer(
      PORT,
      { DATABASE_URL: database.url, CONTACT_NOTIFY_EMAIL: "equipe@centre.test", FORM_RATE_LIMIT: "0" },
      process.execPath,
      profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [],
    );
    // A few submissions first, so that the first rate does not measure the server's warm-up.
    for (let i = 0; i < 20; i++) await post(contactFormBody(`warmup.${i}@example.test`, i));
    for (const rate of RATES) {
      await outboxEmpty(database.url);
      const result = await runRate(database.url, rate);
      console.log(JSON.stringify(result));
      results.push(result);
    }
  } finally {
    if (server) {
      const exited = new Promise((r) => server?.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    agent.destroy();
    await database.drop();
  }

  const label = process.env.BENCH_LABEL ? ` (${process.env.BENCH_LABEL})` : "";
  const lines = [
    "",
    `Mesuré le ${machineLine()}, avec \`npm run bench:contact\`${label}, PostgreSQL local, build de production, e-mails écrits en fichiers, \`FORM_RATE_LIMIT=0\`.`,
    `Générateur en boucle ouverte : à chaque débit, les envois partent à heure fixe pendant ${SECONDS} s (POST \`/contact.data\`, comme le navigateur avec JavaScript), sans attendre les réponses précédentes ; la latence compte depuis l'heure prévue de l'envoi.`,
    "",
    "| Débit visé (envois/s) | Envoyés | Acquittés | Lignes en base | Perdus | p50 (ms) | p99 (ms) | max (ms) |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map(
      (r) =>
        `| ${r.rate} | ${r.sent} | ${r.acknowledged} | ${r.stored} | ${r.lost} | ${r.p50} | ${r.p99} | ${r.max} |`,
    ),
    "",
    `Objectif p99 < 50 ms à 300 envois/s : ${results.some((r) => r.rate === 300 && r.p99 < 50) ? "atteint" : "**non atteint**"}.`,
  ];
  if (results.some((r) => r.lateStarts > 0)) {
    lines.push(
      "",
      `Envois partis plus de 5 ms après l'heure prévue (générateur en retard, machine chargée) : ${results.map((r) => `${r.lateStarts} à ${r.rate}/s`).join(", ")}.`,
    );
  }
  console.log(lines.join("\n"));
  if (!process.env.BENCH_NO_WRITE) writeBenchmarkSection("Formulaire de contact", lines);
  if (results.some((r) => r.lost > 0 || r.stored < r.acknowledged)) process.exitCode = 1;
}

await main();
