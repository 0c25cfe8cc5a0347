// npm run bench:console — the admin console with a year of leads, on PostgreSQL.
//
// Creates a throwaway database on the local PostgreSQL (127.0.0.1:5432), starts the production
// server on it (which migrates it), seeds 100 000 contact requests (each with its e-mail in the
// outbox) and 2 000 formations, articles and testimonials in a few statements, signs in as the
// admin, then:
//  - loads each console list page one request after another (a warm-up, then SAMPLES timed
//    requests of the whole HTML document) and reports p50/p95: first page, a filtered page,
//    a deep page (page 2 000 of the contacts), a search;
//  - downloads the CSV export of the 100 000 requests, timing it to the last byte while sampling
//    the server's resident memory (VmRSS) every 20 ms.
// Writes the « Console à l'échelle » section of docs/benchmarks.md (other sections are kept).
// Targets: p95 < 150 ms per page; export < 5 s and < 50 MB of RSS growth.
import { readFileSync } from "node:fs";
import pg from "pg";
import {
  machineLine,
  percentile,
  startBenchServer,
  throwawayDatabase,
  writeBenchmarkSection,
} from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3460);
const BASE = `http://127.0.0.1:${PORT}`;
const REQUESTS = 100_000;
const OTHERS = 2_000;
const WARMUP = 5;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const ADMIN = { email: "bench-admin@centre.test", password: "bench-console-password" };
const TARGET = { pageP95: 150, exportSeconds: 5, exportRssMb: 50 };

const SEED = [
  // A year of leads, newest first every 5 minutes; names repeat as real ones do (50 surnames).
  `insert into contact_requests
     (first_name, last_name, email, phone, formation_interest, message, status, source,
      callback_requested, created_at)
   select (array['Léa','Hélène','Jean','Éric','Marie','Chloé','Lucas','Inès','Théo','Zoé',
                 'Nathan','Manon','Hugo','Camille','Louis','Sarah','Jules','Emma','Noé','Anaïs'])[1 + g % 20],
          (array['Martin','Bernard','Dubois','Thomas','Robert','Richard','Petit','Durand','Leroy','Moreau',
                 'Simon','Laurent','Lefèvre','Michel','Garcia','David','Bertrand','Roux','Vincent','Fournier',
                 'Morel','Girard','André','Lefebvre','Mercier','Dupont','Lambert','Bonnet','François','Martinez',
                 'Legrand','Garnier','Faure','Rousseau','Blanc','Guérin','Muller','Henry','Roussel','Nicolas',
                 'Perrin','Morin','Mathieu','Clément','Gauthier','Dumont','Lopez','Fontaine','Chevalier','Robin'])[1 + (g / 20) % 50],
          'contact' || g || '@example.test',
          '06' || lpad((g % 100000000)::text, 8, '0'),
          (array['Comptabilité','Développement web','Ressources humaines','Commerce', null])[1 + g % 5],
          'Bonjour, je souhaite des informations sur la formation et les financements possibles.',
          (array['new','contacted','contacted','converted','converted','converted','closed','closed','closed','closed'])[1 + g % 10]::contact_status,
          (array['contact_form','callback_form'])[1 + g % 2],
          g % 2 = 1,
          now() - g * interval '5 minutes'
   from generate_series(1, ${REQUESTS}) g`,
  `insert into mail_outbox (kind, to_address, subject, text_body, html_body, contact_request_id, attempts, sent_at, created_at)
   select 'contact_confirmation', email, 'Votre demande', 'Bonjour', '<p>Bonjour</p>', id, 1, created_at, created_at
   from contact_requests`,
  `insert into formations (title, slug, description, formation_type, active, created_at)
   select 'Formation ' || g || ' — ' || (array['Comptabilité','Développement web','Ressources humaines','Commerce'])[1 + g % 4],
          'bench-formation-' || g, 'Une formation qualifiante numéro ' || g || ', éligible au CPF.',
          (array['alternance','courte'])[1 + g % 2]::formation_type, g % 3 <> 0,
          now() - g * interval '1 hour'
   from generate_series(1, ${OTHERS}) g`,
  `insert into blog_posts (title, slug, excerpt, content, published, created_at)
   select 'Article ' || g || ' : financer sa formation', 'bench-article-' || g,
          'Tout savoir sur le CPF, épisode ' || g, 'Contenu de l''article ' || g, g % 2 = 0,
          now() - g * interval '1 hour'
   from generate_series(1, ${OTHERS}) g`,
  `insert into testimonials (name, content, company, rating, active, created_at)
   select (array['Léa','Hélène','Jean','Éric'])[1 + g % 4] || ' ' || g,
          'Une formation très complète, numéro ' || g || '.', 'Entreprise ' || (g % 50), 1 + g % 5, g % 4 <> 0,
          now() - g * interval '1 hour'
   from generate_series(1, ${OTHERS}) g`,
  // What autovacuum would have done by then on a live database.
  "vacuum analyze",
];

const PAGES: [string, string][] = [
  ["Contacts, 1re page", "/admin/contacts"],
  ["Contacts, filtrés (Nouvelle)", "/admin/contacts?statut=new"],
  ["Contacts, page 2 000", "/admin/contacts?page=2000"],
  ["Contacts, recherche « lefevre »", "/admin/contacts?q=lefevre"],
  ["Contacts, recherche « contact4242@ »", "/admin/contacts?q=contact4242%40"],
  ["Formations, 1re page", "/admin/formations"],
  ["Formations, filtrées (courte)", "/admin/formations?type=courte"],
  ["Formations, page 40", "/admin/formations?page=40"],
  ["Formations, recherche « comptabilite »", "/admin/formations?q=comptabilite"],
  ["Articles, 1re page", "/admin/articles"],
  ["Articles, page 40", "/admin/articles?page=40"],
  ["Articles, recherche « episode 1999 »", "/admin/articles?q=episode%201999"],
  ["Témoignages, 1re page", "/admin/temoignages"],
  ["Témoignages, page 40", "/admin/temoignages?page=40"],
  ["Témoignages, recherche « helene »", "/admin/temoignages?q=helene"],
  ["Utilisateurs, 1re page", "/admin/utilisateurs"],
];

async function run(url: string, statements: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const text of statements) await client.query(text);
  } finally {
    await client.end();
  }
}

async function signIn(): Promise<string> {
  const response = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`connexion refusée (${response.status})`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Fetches `path` once with the session, reading the whole body; answers the time in ms. */
async function timed(path: string, cookie: string, check: (html: string) => boolean): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${BASE}${path}`, { headers: { cookie } });
  const html = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200 || !check(html)) {
    throw new Error(`${path} : réponse inattendue (${response.status})`);
  }
  return elapsed;
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) / 1024;
}

async function exportRun(cookie: string, pid: number) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const started = performance.now();
  const response = await fetch(`${BASE}/admin/contacts/export.csv`, { headers: { cookie } });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const byte of value) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  return { status: response.status, seconds, bytes, rows: lines - 1, before, growth: peak - before };
}

async function main() {
  const database = await throwawayDatabase("bench_console");
  const databaseUrl = database.url;
  const server = await startBenchServer(PORT, {
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_RATE_LIMIT: "false",
  });
  try {
    const seedStarted = performance.now();
    await run(databaseUrl, SEED);
    console.log(`données créées en ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const cookie = await signIn();

    const results: { label: string; path: string; p50: number; p95: number }[] = [];
    for (const [label, path] of PAGES) {
      // A page that failed to read says « Erreur lors du chargement »: that must not be timed as a success.
      const check = (html: string) => !html.includes("Erreur lors du chargement") && html.includes("<table");
      for (let i = 0; i < WARMUP; i++) await timed(path, cookie, check);
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) times.push(await timed(path, cookie, check));
      times.sort((a, b) => a - b);
      const row = { label, path, p50: percentile(times, 50), p95: percentile(times, 95) };
      console.log(`${label}: p50 ${row.p50.toFixed(0)} ms, p95 ${row.p95.toFixed(0)} ms`);
      results.push(row);
    }

    const pid = server.pid as number;
    const exported = await exportRun(cookie, pid);
    console.log(
      `export: ${exported.rows} lignes, ${(exported.bytes / 1e6).toFixed(1)} Mo en ${exported.seconds.toFixed(2)} s, RSS +${exported.growth.toFixed(1)} Mo`,
    );

    const pagesOk = results.every((r) => r.p95 < TARGET.pageP95);
    const exportOk =
      exported.status === 200 &&
      exported.rows === REQUESTS &&
      exported.seconds < TARGET.exportSeconds &&
      exported.growth < TARGET.exportRssMb;
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    const lines = [
      "",
      `Mesuré le ${machineLine()}, avec \`npm run bench:console\`, PostgreSQL local, build de production.`,
      `Base jetable : ${REQUESTS.toLocaleString("fr-FR")} demandes de contact (une par 5 minutes sur un an, chacune avec son e-mail dans la file), ${OTHERS.toLocaleString("fr-FR")} formations, articles et témoignages.`,
      `Chaque page est demandée par un administrateur connecté, une requête à la fois (document HTML complet, rendu serveur) : ${WARMUP} pour chauffer puis ${SAMPLES} mesurées.`,
      "",
      `| Page | URL | p50 | p95 (budget < ${TARGET.pageP95} ms) |`,
      "| --- | --- | ---: | ---: |",
      ...results.map((r) => `| ${r.label} | \`${r.path}\` | ${ms(r.p50)} | ${ms(r.p95)} |`),
      "",
      "### Export CSV",
      "",
      "| Mesure | Valeur |",
      "| --- | ---: |",
      `| Lignes exportées | ${exported.rows.toLocaleString("fr-FR")} |`,
      `| Taille | ${(exported.bytes / 1e6).toFixed(1)} Mo |`,
      `| Durée jusqu'au dernier octet (budget < ${TARGET.exportSeconds} s) | ${exported.seconds.toFixed(2)} s |`,
      `| Mémoire résidente du serveur avant | ${exported.before.toFixed(0)} Mo |`,
      `| Croissance de la mémoire résidente pendant l'export (budget < ${TARGET.exportRssMb} Mo) | ${exported.growth.toFixed(1)} Mo |`,
      "",
      pagesOk && exportOk
        ? "Tous les budgets sont tenus."
        : "**Budget dépassé** : voir les chiffres ci-dessus.",
    ];
    console.log(lines.join("\n"));
    writeBenchmarkSection("Console à l'échelle", lines);
    if (!pagesOk || !exportOk) process.exitCode = 1;
  } finally {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
    await database.drop();
  }
}

await main();
