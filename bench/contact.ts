// npm run bench:contact — the contact form under load on PostgreSQL, through an SMTP outage.
//
// Starts the production server on a fresh PostgreSQL database (127.0.0.1:5432) with the form rate
// limit off and a real SMTP peer that refuses every message between the 10th and the 20th second.
// 50 clients post the form for 30 s the way the browser does with JavaScript (POST /contact.data).
// Then it checks that every acknowledged submission is a row, and that every queued e-mail was
// delivered exactly once after the outage, and writes the « Formulaire de contact » section of
// docs/benchmarks.md (other sections are kept).
import type { ChildProcess } from "node:child_process";
import autocannon from "autocannon";
import { startSmtpPeer } from "../tests/support/smtp";
import {
  contactFormPosts,
  machineLine,
  settledCount,
  sql,
  startBenchServer,
  throwawayDatabase,
  waitFor,
  writeBenchmarkSection,
} from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3450);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const OUTAGE = { from: 10, to: 20 };
const NOTIFY = "equipe@centre.test";
// How long to wait for the outbox to empty after the load. Delivery is one SMTP connection per
// message, one message at a time per instance; the section reports the rate it reached.
const MAIL_WAIT_SECONDS = Number(process.env.BENCH_MAIL_WAIT ?? 900);

function startServer(databaseUrl: string, smtpUrl: string): Promise<ChildProcess> {
  return startBenchServer(PORT, {
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    CONTACT_NOTIFY_EMAIL: NOTIFY,
    FORM_RATE_LIMIT: "0",
  });
}

async function main() {
  const database = await throwawayDatabase("bench_contact");
  const databaseUrl = database.url;
  const smtp = await startSmtpPeer();
  let server: ChildProcess | null = null;
  try {
    server = await startServer(databaseUrl, smtp.url);
    const [before] = await sql<{ n: number }>(databaseUrl, "select count(*)::int as n from contact_requests");

    // Each connection sends one request at a time: its context knows which submission is answered.
    const acked = new Set<string>();
    let refused = 0;
    const outageStart = setTimeout(() => smtp.down(), OUTAGE.from * 1000);
    const outageEnd = setTimeout(() => smtp.up(), OUTAGE.to * 1000);
    const result = await autocannon({
      url: BASE,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        contactFormPosts(BASE, "charge", (_status, acknowledged) => {
          if (acknowledged) acked.add(acknowledged);
          else refused++;
        }),
      ],
    });
    clearTimeout(outageStart);
    clearTimeout(outageEnd);
    smtp.up();

    const settled = await settledCount(databaseUrl, "select count(*)::int as n from contact_requests");
    const stored = new Set(
      (
        await sql<{ email: string }>(
          databaseUrl,
          "select email from contact_requests where email like 'charge.%'",
        )
      ).map((r) => r.email),
    );
    const rows = settled - (before?.n ?? 0);
    const acknowledged = acked.size;
    const lost = [...acked].filter((email) => !stored.has(email)).length;
    const inFlight = rows - (acknowledged - lost);
    const [failedDuringOutage] = await sql<{ n: number }>(
      databaseUrl,
      "select count(*)::int as n from mail_outbox where attempts > 1 or last_error is not null",
    );

    // Mail that failed during the outage waits for its backoff (10 s, 20 s, 40 s…): allow for it.
    const recoveryStarted = Date.now();
    await waitFor(async () => {
      const [pending] = await sql<{ n: number }>(
        databaseUrl,
        "select count(*)::int as n from mail_outbox where sent_at is null",
      );
      return pending?.n === 0;
    }, MAIL_WAIT_SECONDS);
    const recoverySeconds = Math.round((Date.now() - recoveryStarted) / 1000);
    await new Promise((r) => setTimeout(r, 1000));
    const [mail] = await sql<{ queued: number; sent: number; retried: number }>(
      databaseUrl,
      `select count(*)::int as queued, count(sent_at)::int as sent,
              count(*) filter (where attempts > 1)::int as retried
       from mail_outbox where kind like 'contact_%'`,
    );
    const delivered = smtp.messages.length;
    const pending = (mail?.queued ?? 0) - (mail?.sent ?? 0);
    const totalSeconds = SECONDS + recoverySeconds;
    const rate = delivered / totalSeconds;
    const distinct = new Set(smtp.messages.map((m) => `${m.to.join(",")}|${m.subject}`)).size;

    // Correctness: no acknowledged request lost, each stored request has its two e-mails, every
    // message marked sent reached the SMTP server exactly once. Whether the queue emptied in the
    // time allowed is reported separately (it measures delivery speed, not loss).
    const ok =
      lost === 0 &&
      inFlight <= CONNECTIONS &&
      mail?.queued === 2 * rows &&
      delivered === mail?.sent &&
      distinct === delivered;
    const lines = [
      "",
      `Mesuré le ${machineLine()}, avec \`npm run bench:contact\`, PostgreSQL local, build de production, \`FORM_RATE_LIMIT=0\`.`,
      `${CONNECTIONS} clients postent le formulaire pendant ${SECONDS} s (POST \`/contact.data\`, comme le navigateur avec JavaScript) ; le serveur SMTP refuse tout message (421) de la ${OUTAGE.from}e à la ${OUTAGE.to}e seconde.`,
      "",
      "| Mesure | Valeur |",
      "| --- | ---: |",
      `| Requêtes par seconde (moyenne) | ${result.requests.average.toFixed(0)} |`,
      `| Latence p50 | ${result.latency.p50} ms |`,
      `| Latence p99 (budget < 50 ms) | ${result.latency.p99} ms |`,
      `| Latence max | ${result.latency.max} ms |`,
      `| Envois acquittés (200 « Message envoyé ! ») | ${acknowledged} |`,
      `| Réponses refusées ou en erreur | ${refused} (non-2xx ${result.non2xx}, erreurs ${result.errors}, délais ${result.timeouts}) |`,
      `| Lignes dans contact_requests | ${rows} |`,
      `| Envois acquittés sans ligne (perdus) | ${lost} |`,
      `| Lignes sans acquittement (requêtes en vol à l'arrêt de la charge, au plus ${CONNECTIONS}) | ${inFlight} |`,
      `| E-mails mis en file | ${mail?.queued ?? 0} |`,
      `| E-mails en échec pendant la panne puis réessayés | ${Math.max(mail?.retried ?? 0, failedDuringOutage?.n ?? 0)} |`,
      `| E-mails marqués envoyés / reçus par le serveur SMTP (distincts) | ${mail?.sent ?? 0} / ${delivered} (${distinct}) |`,
      `| E-mails encore en file après ${recoverySeconds} s d'attente (non perdus, envoyés ensuite) | ${pending} |`,
      `| Débit d'envoi SMTP observé | ${rate.toFixed(1)} e-mails/s |`,
      "",
      pending === 0
        ? "La file d'envoi s'est vidée : e-mails livrés = e-mails mis en file."
        : `La file ne s'est pas vidée dans le temps imparti (${MAIL_WAIT_SECONDS} s) : l'envoi plafonne à ${rate.toFixed(1)} e-mails/s contre ${((rows * 2) / SECONDS).toFixed(0)} e-mails/s produits sous cette charge. Les messages restants sont en base et partent ensuite.`,
      "",
      ok
        ? "Aucune demande acquittée perdue (chaque acquittement a sa ligne, chaque ligne ses deux e-mails en file), aucun e-mail livré deux fois."
        : "**Écart constaté** : voir les chiffres ci-dessus.",
    ];
    console.log(lines.join("\n"));
    writeBenchmarkSection("Formulaire de contact", lines);
    if (!ok) process.exitCode = 1;
  } finally {
    if (server) {
      const exited = new Promise((r) => server?.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    await smtp.close();
    await database.drop();
  }
}

await main();
