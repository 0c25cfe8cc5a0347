// npm run bench:cluster — two instances behind nginx on one PostgreSQL, one of them killed under load.
//
// nginx (Debian's nginx-light, installed with apt when missing) listens on BENCH_PORT and balances
// two production servers sharing a throwaway PostgreSQL database, a real SMTP peer and one
// AUTH_SECRET. 50 clients post the contact form through nginx for 30 s; instance A gets SIGKILL at
// 10 s and is started again at 20 s. Then: every acknowledged submission must be a row, every
// queued e-mail delivered exactly once; a session created on A must be valid on B; a lead posted
// through A must show on an event stream held by a staff member on B. Writes the « Deux instances
// derrière nginx » section of docs/benchmarks.md. The nginx configuration is docs/operations.md's
// (scripts/nginx-sample.ts); through it, a 4 MB CV must be accepted and a 12 MB one refused by the
// app in French.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { APPLICATION_MESSAGES } from "../app/features/applications/content";
import { nginxSite } from "../scripts/nginx-sample";
import { startSmtpPeer } from "../tests/support/smtp";
import {
  contactFormBody,
  contactFormSubmissions,
  machineLine,
  openSession,
  pdfOfSize,
  postApplication,
  settledCount,
  sql,
  startBenchServer,
  throwawayDatabase,
  waitFor,
  writeBenchmarkSection,
} from "./support";

const BASE_PORT = Number(process.env.BENCH_PORT ?? 3330);
const NGINX_PORT = BASE_PORT;
const PORTS = { a: BASE_PORT + 1, b: BASE_PORT + 2 };
const BASE = `http://127.0.0.1:${NGINX_PORT}`;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const KILL_AT = 10;
const RESTART_AT = 20;
const NOTIFY = "equipe@centre.test";
const ADMIN = { email: "direction@centre.test", password: "mot-de-passe-bench" };
const NGINX = "/usr/sbin/nginx";

/** The configuration docs/operations.md gives as the deployment example, with this run's ports. */
export function nginxConfig(prefix: string, listen: number, upstreams: number[]): string {
  const site = nginxSite({ listen: String(listen), upstreams: upstreams.map((p) => `127.0.0.1:${p}`) });
  return `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;

${site.replace(/^(?=.)/gm, "  ")}}
`;
}

function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  console.log("nginx absent : installation du paquet Debian nginx-light…");
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "nginx-light"], { stdio: "inherit" });
}

/** Signs in on `port` and returns the session cookie. */
async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`connexion refusée (${res.status}) : ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Opens /api/events on `port` with `cookie`; resolves the time a contact_requests change arrives. */
function watchLeads(port: number, cookie: string): Promise<{ lead: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const req = http.get({
      host: "127.0.0.1",
      port,
      path: "/api/events",
      agent: false,
      headers: { cookie, accept: "text/event-stream" },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      let body = "";
      const lead = new Promise<number>((done) => {
        res.on("data", (chunk: Buffer) => {
          body += chunk.toString();
          if (body.includes('"table":"contact_requests"')) {
            done(Date.now());
            req.destroy();
          }
        });
      });
      resolve({ lead });
    });
  });
}

async function main() {
  ensureNginx();
  const database = await throwawayDatabase("bench_cluster");
  const smtp = await startSmtpPeer();
  const prefix = mkdtempSync(path.join(tmpdir(), "cfa-nginx-"));
  // Run as root, nginx's workers are `nobody`: they must reach the request-body folder inside (an
  // upload larger than the in-memory buffer is written there).
  chmodSync(prefix, 0o755);
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    CONTACT_NOTIFY_EMAIL: NOTIFY,
    PUBLIC_URL: BASE,
    AUTH_SECRET: "banc-essai-grappe-secret-partage-0123456789",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: "1",
    FORM_RATE_LIMIT: "0",
    AUTH_RATE_LIMIT: "false",
  };
  const instances: Partial<Record<"a" | "b", ChildProcess>> = {};
  let nginx: ChildProcess | null = null;
  // Even on a crash, leave no server or nginx behind on these ports.
  process.on("exit", () => {
    nginx?.kill("SIGKILL");
    for (const child of Object.values(instances)) child?.kill("SIGKILL");
  });
  try {
    instances.a = await startBenchServer(PORTS.a, env);
    instances.b = await startBenchServer(PORTS.b, env);
    writeFileSync(path.join(prefix, "nginx.conf"), nginxConfig(prefix, NGINX_PORT, [PORTS.a, PORTS.b]));
    nginx = spawn(NGINX, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    await waitFor(async () => (await fetch(`${BASE}/readyz`).catch(() => null))?.ok === true, 15);

    // Load: 50 clients through nginx, A killed at 10 s and restarted at 20 s.
    const acked = new Set<string>();
    const statuses = new Map<string, number>();
    const events: string[] = [];
    const started = Date.now();
    const kill = setTimeout(() => {
      instances.a?.kill("SIGKILL");
      events.push(`A tué (SIGKILL) à ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }, KILL_AT * 1000);
    const restart = setTimeout(() => {
      const at = Date.now();
      startBenchServer(PORTS.a, env).then(
        (child) => {
          instances.a = child;
          events.push(
            `A relancé à ${((at - started) / 1000).toFixed(1)} s, prêt ${((Date.now() - at) / 1000).toFixed(1)} s plus tard`,
          );
        },
        (error: unknown) => events.push(`A n'a pas redémarré : ${String(error)}`),
      );
    }, RESTART_AT * 1000);
    const result = await autocannon({
      url: BASE,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        contactFormSubmissions(BASE, "grappe", (status, acknowledged) => {
          if (acknowledged) acked.add(acknowledged);
          const label = acknowledged ? "200 acquitté" : String(status);
          statuses.set(label, (statuses.get(label) ?? 0) + 1);
        }),
      ],
    });
    clearTimeout(kill);
    clearTimeout(restart);
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${PORTS.a}/readyz`).catch(() => null))?.ok === true,
      60,
    );

    // Rows settle once the requests autocannon left in flight are finished.
    await settledCount(database.url, "select count(*)::int as n from contact_requests");
    const stored = new Set(
      (
        await sql<{ email: string }>(
          database.url,
          "select email from contact_requests where email like 'grappe.%'",
        )
      ).map((r) => r.email),
    );
    const lost = [...acked].filter((email) => !stored.has(email)).length;

    // Sessions: signed in on A, valid on B.
    const cookie = await signIn(PORTS.a);
    const consoleOnB = await fetch(`http://127.0.0.1:${PORTS.b}/admin`, {
      headers: { cookie },
      redirect: "manual",
    });
    const sessionShared = consoleOnB.status === 200;

    // Uploads through nginx: a 4 MB CV is stored; a 12 MB one reaches the app, which answers with
    // its French message (nginx's own English 413 page would mean its body limit is too low).
    const session = await openSession(database.url);
    const fourMb = await postApplication(BASE, session, 4, pdfOfSize(4_000_000));
    const twelveMb = await postApplication(BASE, session, 12, pdfOfSize(12_000_000));
    const frenchRefusal =
      twelveMb.status === 413 && twelveMb.body.includes(APPLICATION_MESSAGES.tooLarge.description);

    // Live: a staff stream on B hears a lead posted through A.
    const watcher = await watchLeads(PORTS.b, cookie);
    const posted = Date.now();
    // Number 0: the load's submissions count from 1, so its staff notice has a subject of its own.
    const lead = await fetch(`http://127.0.0.1:${PORTS.a}/contact.data`, {
      method: "POST",
      // Sent to A itself, so from A's own origin (as a browser pointed at A would).
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://127.0.0.1:${PORTS.a}` },
      body: contactFormBody("grappe.direct@example.test", 0),
    });
    const liveMs = await Promise.race([
      watcher.lead.then((at) => at - posted),
      new Promise<null>((r) => setTimeout(() => r(null), 10_000)),
    ]);

    // Mail: a message claimed by A when it died is retried once its 60 s lease ends.
    const mailStart = Date.now();
    await waitFor(async () => {
      const [row] = await sql<{ n: number }>(
        database.url,
        "select count(*)::int as n from mail_outbox where sent_at is null",
      );
      return row?.n === 0;
    }, 240);
    const mailSeconds = Math.round((Date.now() - mailStart) / 1000);
    await new Promise((r) => setTimeout(r, 1000));
    const [mail] = await sql<{ queued: number; sent: number; retried: number }>(
      database.url,
      `select count(*)::int as queued, count(sent_at)::int as sent,
              count(*) filter (where attempts > 1)::int as retried from mail_outbox`,
    );
    const delivered = smtp.messages.length;
    const keys = smtp.messages.map((m) => `${m.to.join(",")}|${m.subject}`);
    const distinct = new Set(keys).size;
    // Copies of one message (a retry after the kill) carry its outbox row's Message-ID.
    const messageIds = smtp.messages.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]?.trim() ?? "");
    const distinctIds = new Set(messageIds).size;
    const duplicates = delivered - distinct;

    const statusList = [...statuses.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([s, n]) => `${s} × ${n}`)
      .join(", ");
    const ok =
      lost === 0 &&
      sessionShared &&
      liveMs !== null &&
      lead.status === 200 &&
      fourMb.acknowledged &&
      frenchRefusal &&
      distinct === mail?.queued &&
      distinctIds === distinct &&
      mail?.sent === mail?.queued;
    const lines = [
      "",
      `Mesuré le ${machineLine()}, avec \`npm run bench:cluster\` : ${spawnSync(NGINX, ["-v"], { encoding: "utf8" }).stderr.trim().replace("nginx version: ", "")} (paquet Debian) devant deux instances (build de production) sur une même base PostgreSQL locale, configuration nginx de docs/operations.md.`,
      `${CONNECTIONS} clients postent le formulaire de contact à travers nginx pendant ${SECONDS} s ; l'instance A reçoit SIGKILL à ${KILL_AT} s et est relancée à ${RESTART_AT} s.`,
      "",
      "| Mesure | Valeur |",
      "| --- | ---: |",
      `| Requêtes par seconde (moyenne) | ${result.requests.average.toFixed(0)} |`,
      `| Latence p50 / p99 / max | ${result.latency.p50} / ${result.latency.p99} / ${result.latency.max} ms |`,
      `| Envois acquittés (200 « Message envoyé ! ») | ${acked.size} |`,
      `| Acquittés retrouvés en base / perdus | ${acked.size - lost} / ${lost} |`,
      `| Lignes dans contact_requests (dont non acquittées : requêtes coupées par l'arrêt brutal ou en vol à la fin) | ${stored.size} (${stored.size - (acked.size - lost)}) |`,
      `| Réponses vues par les clients | ${statusList}; erreurs réseau ${result.errors}, délais ${result.timeouts} |`,
      `| E-mails mis en file / marqués envoyés / reçus par le serveur SMTP | ${mail?.queued ?? 0} / ${mail?.sent ?? 0} / ${delivered} |`,
      `| Messages distincts reçus / copies en double (même Message-ID, renvoyées après l'arrêt brutal) | ${distinct} / ${duplicates} |`,
      `| Message-ID distincts = e-mails mis en file | ${distinctIds === mail?.queued ? "oui" : "**non**"} (${distinctIds}) |`,
      `| E-mails réessayés (bail de 60 s d'un envoi interrompu par l'arrêt) | ${mail?.retried ?? 0} |`,
      `| File vide après la charge en | ${mailSeconds} s |`,
      `| Connexion ouverte sur A, console /admin sur B | ${sessionShared ? "200, session valide" : `**${consoleOnB.status}**`} |`,
      `| Candidature avec un CV de 4 Mo (4 000 000 octets) à travers nginx | ${fourMb.acknowledged ? "303, enregistrée" : `**${fourMb.status}**`} |`,
      `| Candidature avec un CV de 12 Mo à travers nginx | ${frenchRefusal ? `413 de l'application : « ${APPLICATION_MESSAGES.tooLarge.description} »` : `**${twelveMb.status}** ${twelveMb.body.includes("nginx") ? "(page de nginx)" : ""}`} |`,
      `| Demande postée sur A, vue sur le flux /api/events d'un membre de l'équipe connecté à B | ${liveMs === null ? "**non reçue en 10 s**" : `reçue en ${liveMs} ms`} |`,
      "",
      `Chronologie : ${events.join(" ; ")}.`,
      "",
      ok
        ? `Aucune demande acquittée perdue ; chaque e-mail mis en file est arrivé${duplicates ? `, ${duplicates} en deux exemplaires portant le même Message-ID (envoyés par A juste avant le SIGKILL, sans que l'envoi ait pu être noté : renvoyés à la fin du bail de 60 s ; la livraison est « au moins une fois », et le Message-ID commun permet aux messageries de les fusionner)` : " une seule fois"} ; session et événements partagés entre les instances.`
        : "**Écart constaté** : voir les chiffres ci-dessus.",
    ];
    writeBenchmarkSection("Deux instances derrière nginx", lines);
    console.log(lines.join("\n"));
    if (!ok) process.exitCode = 1;
  } finally {
    nginx?.kill("SIGTERM");
    for (const child of Object.values(instances)) {
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    await smtp.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
