// npm run bench:surveys — a session of 500 learners ends: the à-chaud survey leaves once per learner
// from two server instances sharing one PostgreSQL database while the SMTP server refuses every
// message for 10 s; then the 500 learners answer at the same moment through their links (half to
// each instance), then answer again (a second answer replaces the first).
//
// Checks: 500 invitations, 500 e-mails queued and each address receiving exactly one; 500 answered
// invitations with one row per question each after both rounds (none lost, none twice). Reports
// how long the sending took after the SMTP server came back, and the answers' latency. The time to
// recompute a course page's indicators with 100 000 answers is bench:indicators'. Writes the
// « Enquêtes » section of docs/benchmarks.md.
import type { ChildProcess } from "node:child_process";
import { openPostgres } from "../app/platform/db/client.server";
import { startSmtpPeer } from "../tests/support/smtp";
import {
  machineLine,
  percentile,
  sql,
  startBenchServer,
  throwawayDatabase,
  waitFor,
  writeBenchmarkSection,
} from "./support";

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 500);
const PORTS = [Number(process.env.BENCH_PORT ?? 3480), Number(process.env.BENCH_PORT ?? 3480) + 1];
const SMTP_DOWN_MS = 10_000;
const SECRET = "banc-essai-enquetes-secret-partage-0123456789";

/** A formation with a session that ended yesterday (its à-chaud wave is due) and its learners. */
async function fill(url: string): Promise<void> {
  const database = await openPostgres(url);
  try {
    await database.migrate();
    const q = (text: string) => database.query(text);
    await q(
      "insert into formations (slug, title) values ('bench-enquetes', 'Formation Gestionnaire de paie')",
    );
    await q(`insert into formation_sessions (formation_id, start_date, end_date, seats)
             select id, current_date - 60, current_date - 1, 1000 from formations where slug = 'bench-enquetes'`);
    await q(`insert into learners (session_id, origin, first_name, last_name, email, status)
             select s.id, 'manual', 'Stagiaire', 'N' || i, 'stagiaire' || i || '@bench.test', 'completed'
               from formation_sessions s cross join generate_series(1, ${LEARNERS}) i`);
  } finally {
    await database.close();
  }
}

const count = async (url: string, query: string) => (await sql<{ n: number }>(url, query))[0]?.n ?? 0;

/** Every question of the à-chaud questionnaire answered: notes `note`, 'oui', a comment. */
async function answerFields(url: string, note: string): Promise<URLSearchParams> {
  const questions = await sql<{ id: string; type: string }>(
    url,
    `select qq.id, qq.type::text from survey_questions qq join survey_questionnaires q on q.id = qq.questionnaire_id
      where q.kind = 'a_chaud' order by qq.position`,
  );
  const body = new URLSearchParams();
  for (const q of questions) {
    body.set(`q-${q.id}`, q.type === "rating" ? note : q.type === "yes_no" ? "oui" : `Commentaire ${note}`);
  }
  return body;
}

/** All the learners post their answers at once; the latency of each, and the statuses. */
async function answerAll(links: string[], body: URLSearchParams) {
  const started = performance.now();
  const results = await Promise.all(
    links.map(async (link, i) => {
      const port = PORTS[i % 2];
      const target = link.replace(/^http:\/\/127\.0\.0\.1:\d+/, `http://127.0.0.1:${port}`);
      const start = performance.now();
      const response = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - start };
    }),
  );
  const wall = performance.now() - started;
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const statuses = new Map<number, number>();
  for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  return { wall, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0, statuses };
}

async function main() {
  const database = await throwawayDatabase("bench_surveys");
  const smtp = await startSmtpPeer();
  const servers: ChildProcess[] = [];
  process.on("exit", () => {
    for (const s of servers) s.kill("SIGKILL");
  });
  try {
    await fill(database.url);
    smtp.down();
    const env = { DATABASE_URL: database.url, SMTP_URL: smtp.url, AUTH_SECRET: SECRET, DEMO_DATA: "off" };
    // Both instances start together: each runs a sending round at once.
    servers.push(...(await Promise.all(PORTS.map((port) => startBenchServer(port, env)))));
    const invited = await waitFor(
      async () =>
        (await count(database.url, "select count(*)::int as n from survey_invitations")) >= LEARNERS,
      120,
    );
    if (!invited) throw new Error("les invitations n'ont pas toutes été créées");
    await new Promise((r) => setTimeout(r, SMTP_DOWN_MS));
    const refusedBefore = await count(
      database.url,
      "select count(*)::int as n from mail_outbox where attempts > 0",
    );
    smtp.up();
    const back = performance.now();
    await waitFor(async () => new Set(smtp.messages.flatMap((m) => m.to)).size >= LEARNERS, 180);
    const deliveredMs = performance.now() - back;
    // A little longer: a message sent twice would arrive now.
    await new Promise((r) => setTimeout(r, 5000));

    const invitations = await count(database.url, "select count(*)::int as n from survey_invitations");
    const queued = await count(
      database.url,
      "select count(*)::int as n from mail_outbox where kind = 'survey_invitation'",
    );
    const perAddress = new Map<string, number>();
    for (const m of smtp.messages) for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    const twice = [...perAddress.values()].filter((n) => n > 1).length;
    const links = smtp.messages.map(
      (m) => /http:\/\/[^\s"<>]+\/enquete\/[A-Za-z0-9_-]{43}/.exec(m.body)?.[0] ?? "",
    );
    if (links.some((l) => !l)) throw new Error("un e-mail sans lien");

    const questions = await count(
      database.url,
      `select count(*)::int as n from survey_questions qq join survey_questionnaires q on q.id = qq.questionnaire_id
        where q.kind = 'a_chaud'`,
    );
    const first = await answerAll(links, await answerFields(database.url, "4"));
    const afterFirst = await count(database.url, "select count(*)::int as n from survey_answers");
    const second = await answerAll(links, await answerFields(database.url, "5"));
    const answered = await count(
      database.url,
      "select count(*)::int as n from survey_invitations where answered_at is not null",
    );
    const rows = await count(database.url, "select count(*)::int as n from survey_answers");
    // The first round's notes were 4, the second's 5: no 4 may remain.
    const stale = await count(
      database.url,
      "select count(*)::int as n from survey_answers where value = '4'",
    );

    const statusText = (s: Map<number, number>) => [...s].map(([code, n]) => `${n} × ${code}`).join(", ");
    const ok =
      invitations === LEARNERS &&
      queued === LEARNERS &&
      perAddress.size === LEARNERS &&
      twice === 0 &&
      answered === LEARNERS &&
      afterFirst === LEARNERS * questions &&
      rows === LEARNERS * questions &&
      stale === 0;
    const lines = [
      "",
      machineLine(),
      "",
      `\`npm run bench:surveys\`: ${LEARNERS} stagiaires d'une session terminée la veille, deux instances du serveur sur une même base PostgreSQL, le serveur SMTP refusant tout pendant ${SMTP_DOWN_MS / 1000} s.`,
      "",
      "| Mesure | Résultat |",
      "| --- | --- |",
      `| Invitations créées / e-mails mis en file | ${invitations} / ${queued} |`,
      `| Adresses servies / reçues deux fois | ${perAddress.size} / ${twice} |`,
      `| E-mails refusés pendant la panne (au moins un essai) | ${refusedBefore} |`,
      `| Tous remis après le retour du SMTP | ${(deliveredMs / 1000).toFixed(1)} s |`,
      `| ${LEARNERS} réponses simultanées (${questions} questions) | ${statusText(first.statuses)} ; médiane ${first.p50.toFixed(0)} ms, p95 ${first.p95.toFixed(0)} ms, tout en ${(first.wall / 1000).toFixed(1)} s |`,
      `| ${LEARNERS} secondes réponses simultanées (remplacent les premières) | ${statusText(second.statuses)} ; médiane ${second.p50.toFixed(0)} ms, p95 ${second.p95.toFixed(0)} ms, tout en ${(second.wall / 1000).toFixed(1)} s |`,
      `| Invitations répondues / lignes de réponses (attendu ${LEARNERS * questions}) | ${answered} / ${rows} ; notes de la première réponse restantes : ${stale} |`,
      "",
      "Chaque réponse est une page entière rendue par le serveur (la page de remerciement dans le cadre du site)\u202f: la latence mesure surtout la file d'attente des deux instances sur une machine partagée (voir sa charge au départ).",
      "",
      ok
        ? "Aucun e-mail envoyé deux fois, aucune réponse perdue ni comptée deux fois. Le temps de recalcul des indicateurs avec 100 000 réponses est mesuré par `npm run bench:indicators`."
        : "ÉCHEC : voir les chiffres ci-dessus.",
    ];
    writeBenchmarkSection("Enquêtes", lines);
    console.log(lines.join("\n"));
    if (!ok) process.exitCode = 1;
  } finally {
    for (const s of servers) s.kill("SIGTERM");
    await smtp.close();
    await new Promise((r) => setTimeout(r, 1000));
    await database.drop().catch(() => {});
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
