// npm run bench:quality-pack — the Qualiopi evidence pack of a busy year on PostgreSQL: 50 sessions of
// 20 learners (10 formations, each learner with a convocation, a convention, an attestation and a
// certificat kept as sent, ~40 Ko each; 10 slots per session signed by everyone; 5 trainers with their
// documents; 30 complaints; an à-chaud answer per learner). The pack is built by the background worker in
// a child process of its own (its peak memory is its own), sampled every 20 ms. Adds a dated subsection to
// the « Dossier de preuves Qualiopi » section of docs/benchmarks.md, the earlier ones kept.
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { QualityPackWorker } from "../app/features/quality/pack-jobs.server";
import { ensureCentreSettings } from "../app/features/settings/centre.server";
import { openPostgres } from "../app/platform/db/client.server";
import { createLogger } from "../app/platform/logger.server";
import {
  benchmarkSectionBody,
  machineLine,
  memorySampler,
  pdfOfSize,
  sql,
  throwawayDatabase,
  writeBenchmarkSection,
} from "./support";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 50);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 20);
const SLOTS = 10;
const YEAR = new Date().getFullYear() - 1;
const TITLE = "Dossier de preuves Qualiopi";

interface PackRun {
  seconds: number;
  cpuSeconds: number;
  startRssMb: number;
  peakRssMb: number;
  peakHeapMb: number;
  zipMb: number;
  files: number;
  progressEvents: number;
}

/** Child mode (`--pack <database url>`): builds the one waiting pack, sampling memory; prints a PackRun. */
async function packChild(url: string) {
  const database = await openPostgres(url, { poolSize: 2 });
  const folder = await mkdtemp(path.join(tmpdir(), "banc-dossier-"));
  let progressEvents = 0;
  const worker = new QualityPackWorker(
    database.db,
    folder,
    {
      publish: async () => {
        progressEvents++;
      },
    },
    createLogger({ production: true, level: "error" }),
  );
  const memory = memorySampler();
  const t0 = performance.now();
  const cpuAtStart = process.cpuUsage();
  await worker.runOnce();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  const measured = memory.stop();
  const [pack] = await sql<{ byte_size: string; state: string; error: string | null; done_steps: number }>(
    url,
    "select byte_size, state, error, done_steps from quality_packs limit 1",
  );
  if (pack?.state !== "done") throw new Error(`pack ${pack?.state}: ${pack?.error}`);
  const run: PackRun = {
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    ...measured,
    zipMb: Number(pack.byte_size) / 2 ** 20,
    files: pack.done_steps,
    progressEvents,
  };
  console.log(JSON.stringify(run));
  await rm(folder, { recursive: true, force: true });
  await database.close();
}

async function main() {
  const machine = machineLine();
  const { url, drop } = await throwawayDatabase("bench_dossier");
  const database = await openPostgres(url);
  try {
    await database.migrate();
    await ensureCentreSettings(database.db, "equipe@bench.test");
    const q = (text: string, values?: unknown[]) => database.query(text, values);
    const t0 = performance.now();
    await q(`insert into formations (slug, title)
             select 'banc-' || i, 'Formation ' || i from generate_series(1, 10) i`);
    await q(`insert into formation_sessions (formation_id, start_date, end_date, seats)
             select f.id, make_date(${YEAR}, 1, 5) + (n * 7), make_date(${YEAR}, 1, 5) + (n * 7) + 13, 100
               from generate_series(0, ${SESSIONS - 1}) n
               join formations f on f.slug = 'banc-' || (n % 10 + 1)`);
    await q(`insert into learners (session_id, origin, first_name, last_name, email)
             select s.id, 'manual', 'Stagiaire', 'N' || lpad(i::text, 2, '0'), 's' || i || '-' || s.id || '@bench.test'
               from formation_sessions s cross join generate_series(1, ${LEARNERS}) i`);
    await q(`insert into trainers (first_name, last_name, qualification)
             select 'Formatrice', 'F' || i, 'Master' from generate_series(1, 5) i`);
    await q(
      `insert into trainer_documents (trainer_id, kind, label, file_name, mime_type, size, content)
       select t.id, k, k || ' de ' || t.last_name, k || '.pdf', 'application/pdf', length($1::bytea), $1::bytea
         from trainers t cross join unnest(array['cv', 'diplome']) k`,
      [pdfOfSize(120_000)],
    );
    await q(`insert into session_slots (session_id, day, start_minute, end_minute, trainer_id, trainer)
             select s.id, s.start_date + (i / 2), case when i % 2 = 0 then 540 else 810 end,
                    case when i % 2 = 0 then 750 else 1020 end, t.id, t.first_name || ' ' || t.last_name
               from formation_sessions s cross join generate_series(0, ${SLOTS - 1}) i
               join lateral (select * from trainers order by last_name offset (i % 5) limit 1) t on true`);
    await q(`insert into attendance_entries (slot_id, learner_id, status, method, typed_name)
             select sl.id, l.id, 'present', 'typed', l.first_name || ' ' || l.last_name
               from session_slots sl join learners l on l.session_id = sl.session_id`);
    await q(
      `insert into learner_documents (learner_id, session_id, kind, file_name, pdf, content_hash, request_key, sent_at, sent_to)
       select l.id, l.session_id, k::learner_document_kind, k || '-' || l.last_name || '.pdf', $1::bytea, 'banc', 'banc',
              s.start_date::timestamptz, l.email
         from learners l join formation_sessions s on s.id = l.session_id
        cross join unnest(array['convocation', 'convention', 'attestation', 'certificate']) k`,
      [pdfOfSize(40_000)],
    );
    await q(`insert into complaints (reference, first_name, last_name, email, author_type, category, description, created_at)
             select 'REC-${YEAR}-' || lpad(i::text, 4, '0'), 'Auteur', 'A' || i, 'a' || i || '@bench.test', 'stagiaire',
                    'organisation', 'Réclamation de banc d''essai', make_date(${YEAR}, 1, 1)::timestamptz + (i * interval '11 days')
               from generate_series(1, 30) i`);
    // One à-chaud answer per learner, when the migrations seeded the ready-made questionnaire.
    await q(`insert into survey_invitations (questionnaire_id, session_id, learner_id, wave, token_hash, sent_at, answered_at, closes_at)
             select qn.id, l.session_id, l.id, 'a_chaud', 'banc-' || l.id, s.end_date::timestamptz, s.end_date::timestamptz + interval '1 day',
                    s.end_date::timestamptz + interval '30 days'
               from learners l join formation_sessions s on s.id = l.session_id
               join lateral (select id from survey_questionnaires where kind = 'a_chaud' limit 1) qn on true`);
    await q(`insert into survey_answers (invitation_id, question_id, value)
             select i.id, qu.id, case when qu.type = 'rating' then '4' when qu.type = 'yes_no' then 'Oui'
                                      when qu.type = 'choice' then coalesce(qu.options->>0, 'x') else 'Très bien' end
               from survey_invitations i join survey_questions qu on qu.questionnaire_id = i.questionnaire_id`);
    await q(
      `insert into quality_packs (period_from, period_to) values (make_date(${YEAR}, 1, 1), make_date(${YEAR}, 12, 31))`,
    );
    const seeded = (performance.now() - t0) / 1000;

    const out = execFileSync(
      process.execPath,
      [...process.execArgv, process.argv[1] ?? "bench/quality-pack.ts", "--pack", url],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
        maxBuffer: 2 ** 20,
      },
    );
    const run = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as PackRun;
    const [docs] = await sql<{ n: number }>(url, "select count(*)::int as n from learner_documents");
    const day = new Date().toLocaleDateString("fr-FR", { timeZone: "Europe/Paris" });
    const mb = (n: number) => n.toFixed(0);
    const lines = [
      ...benchmarkSectionBody(TITLE),
      "",
      `### ${day}\u00a0: dossier d'une année chargée`,
      "",
      `\`npm run bench:quality-pack\`\u00a0: ${SESSIONS} sessions de ${LEARNERS} stagiaires sur l'année ${YEAR}, PostgreSQL (données générées en ${seeded.toFixed(0)}\u00a0s). ${machine}.`,
      "",
      "| Mesure | Résultat |",
      "| --- | --- |",
      `| Contenu | ${(docs?.n ?? 0).toLocaleString("fr-FR")} documents de stagiaires (~40\u00a0Ko chacun), ${SESSIONS} feuilles d'émargement de ${LEARNERS} × ${SLOTS} créneaux, 10 documents de formatrices, 30 réclamations, ${(SESSIONS * LEARNERS).toLocaleString("fr-FR")} réponses à chaud |`,
      `| Fichiers dans l'archive (avec LISEZ-MOI et sommaire) | ${run.files.toLocaleString("fr-FR")} |`,
      `| Durée de préparation | ${run.seconds.toLocaleString("fr-FR", { maximumFractionDigits: 1 })}\u00a0s (${run.cpuSeconds.toLocaleString("fr-FR", { maximumFractionDigits: 1 })}\u00a0s de CPU), ${run.progressEvents} avis d'avancement |`,
      `| Taille du ZIP | ${run.zipMb.toLocaleString("fr-FR", { maximumFractionDigits: 1 })}\u00a0Mo |`,
      `| Mémoire du processus qui l'écrit | au plus ${mb(run.peakRssMb)}\u00a0Mo (RSS, ${mb(run.startRssMb)}\u00a0Mo avant le dossier\u202f; tas au plus ${mb(run.peakHeapMb)}\u00a0Mo) |`,
      "",
      "La machine est partagée avec d'autres travaux (d'autres sessions y lancent leurs tests en même temps)\u00a0: les durées varient avec sa charge (voir la charge au départ). Le ZIP est écrit dans un fichier au fil des documents, chacun lu seul en base (ou, pour une feuille d'émargement, écrit dans un fichier temporaire puis relu)\u00a0: la mémoire ne suit pas la taille de l'archive.",
    ];
    writeBenchmarkSection(TITLE, lines);
    console.log(lines.join("\n"));
  } finally {
    await database.close();
    await drop();
  }
}

if (process.argv[2] === "--pack") await packChild(process.argv[3] ?? "");
else await main();
