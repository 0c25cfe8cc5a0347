// npm run bench:indicators — time to recompute a course page's published indicators (what its loader,
// its programme PDF and its JSON-LD call: formationIndicators) and Statistiques' table of every
// formation (allFormationIndicators) with 100 000 survey answers in the database, on PGlite (in
// memory) and on PostgreSQL (a throwaway database).
//
// Each database gets 50 certifying formations × 10 sessions that ended last year × 200 learners
// (100 000 learners, statuses and certification outcomes mixed), each invited to the à-chaud survey
// and answering its overall question (100 000 answers, notes 1 to 5), written by a few set-based
// statements. Writes the « Indicateurs publiés » section of docs/benchmarks.md.
import { allFormationIndicators, formationIndicators } from "../app/features/indicators/indicators.server";
import { type Database, openPglite, openPostgres } from "../app/platform/db/client.server";
import { machineLine, percentile, throwawayDatabase, writeBenchmarkSection } from "./support";

const FORMATIONS = 50;
const SESSIONS = 10;
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

async function fill(database: Database): Promise<void> {
  const q = (text: string) => database.query(text);
  await q(`insert into formations (slug, title, certifying, active)
           select 'bench-indicateurs-' || n, 'Formation n° ' || n, true, true from generate_series(1, ${FORMATIONS}) n`);
  // Sessions that ended last year (Paris), spread over its months.
  await q(`insert into formation_sessions (formation_id, start_date, end_date, seats)
           select f.id, make_date(extract(year from current_date)::int - 1, k, 1),
                  make_date(extract(year from current_date)::int - 1, k, 20), ${LEARNERS}
             from formations f cross join generate_series(1, ${SESSIONS}) k
            where f.slug like 'bench-indicateurs-%'`);
  await q(`insert into learners (session_id, origin, first_name, last_name, email, status, abandoned_on, certification)
           select s.id, 'manual', 'Stagiaire', 'N' || i, 'stagiaire' || i || '-' || s.id || '@example.org',
                  (case when i % 10 = 0 then 'dropped_out' else 'completed' end)::learner_status,
                  case when i % 10 = 0 then s.end_date - 30 end,
                  (case when i % 10 = 0 then null when i % 4 = 0 then 'not_certified' else 'certified' end)::certification_outcome
             from formation_sessions s join formations f on f.id = s.formation_id
             cross join generate_series(1, ${LEARNERS}) i
            where f.slug like 'bench-indicateurs-%'`);
  await q(`insert into survey_invitations
             (questionnaire_id, session_id, formation_id, learner_id, email, token_hash, wave, answered_at, closes_at)
           select (select id from survey_questionnaires where kind = 'a_chaud'), l.session_id, s.formation_id,
                  l.id, l.email, md5(l.id::text), 'a_chaud', now(), now() + interval '30 days'
             from learners l join formation_sessions s on s.id = l.session_id`);
  await q(`insert into survey_answers (invitation_id, question_id, value)
           select i.id, (select qq.id from survey_questions qq join survey_questionnaires q on q.id = qq.questionnaire_id
                          where q.kind = 'a_chaud' and qq.role = 'overall'),
                  (1 + (hashtext(i.id::text) & 2147483647) % 5)::text
             from survey_invitations i`);
  await q("analyze");
}

interface Timing {
  first: number;
  median: number;
  p95: number;
}

async function time(run: () => Promise<unknown>): Promise<Timing> {
  const started = performance.now();
  await run();
  const first = performance.now() - started;
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { first, median: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function measure(database: Database) {
  await database.migrate();
  await fill(database);
  const [answers] = await database.query<{ n: number }>("select count(*)::int as n from survey_answers");
  const [target] = await database.query<{ id: string }>(
    "select id from formations where slug = 'bench-indicateurs-1'",
  );
  if (!target) throw new Error("formation manquante");
  const formation = { id: target.id, certifying: true, results: [] };
  const page = await time(() => formationIndicators(database.db, formation));
  const all = await time(() => allFormationIndicators(database.db));
  // The figures are real ones: say them, so a wrong count would show in the results.
  const shown = await formationIndicators(database.db, formation);
  const figures = shown.years[0]?.indicators.map((i) => `${i.title} ${i.rate} %`).join(", ") ?? "aucun";
  return { answers: answers?.n ?? 0, page, all, figures };
}

const ms = (n: number) => `${n.toFixed(1).replace(".", ",")} ms`;

async function main() {
  const lines: string[] = [
    "",
    `${machineLine()}.`,
    "",
    `${FORMATIONS} formations certifiantes × ${SESSIONS} sessions terminées l'an dernier × ${LEARNERS} stagiaires,`,
    "chacun·e invité·e à l'enquête à chaud et ayant répondu à sa question globale. Temps d'un",
    `recalcul (première exécution, puis médiane et 95e centile de ${RUNS} exécutions) :`,
    "",
    "| Base | Réponses | Page de formation (formationIndicators) | Statistiques, toutes les formations |",
    "| --- | --- | --- | --- |",
  ];
  const notes: string[] = [];
  const pglite = await openPglite(null);
  try {
    const r = await measure(pglite);
    lines.push(
      `| PGlite | ${r.answers} | ${ms(r.page.first)} puis ${ms(r.page.median)} (p95 ${ms(r.page.p95)}) | ${ms(r.all.first)} puis ${ms(r.all.median)} (p95 ${ms(r.all.p95)}) |`,
    );
    notes.push(`PGlite : ${r.figures}.`);
  } finally {
    await pglite.close();
  }
  const throwaway = await throwawayDatabase("bench_indicators");
  const postgres = await openPostgres(throwaway.url);
  try {
    const r = await measure(postgres);
    lines.push(
      `| PostgreSQL | ${r.answers} | ${ms(r.page.first)} puis ${ms(r.page.median)} (p95 ${ms(r.page.p95)}) | ${ms(r.all.first)} puis ${ms(r.all.median)} (p95 ${ms(r.all.p95)}) |`,
    );
    notes.push(`PostgreSQL : ${r.figures}.`);
  } finally {
    await postgres.close();
    await throwaway.drop();
  }
  lines.push(
    "",
    `Taux publiés pour la formation mesurée (contrôle) — ${notes.join(" ")}`,
    "",
    "Deux requêtes groupées (stagiaires, réponses) par recalcul, quel que soit le nombre de réponses :",
    "le temps croît avec les lignes lues par PostgreSQL, pas avec des allers-retours.",
  );
  writeBenchmarkSection("Indicateurs publiés (bench:indicators)", lines);
  console.log(lines.join("\n"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
