// npm run bench:sales-journal — the accountant's sales journal (exportSalesJournal) over a year of
// 50 000 issued invoices and 2 500 credit notes: time to the last byte and the process's memory while
// the CSV streams out, on PGlite (in this process, in memory) and on PostgreSQL (a throwaway database).
//
// The year is seeded by a few set-based statements, not by the issuing code: the invoices and credit
// notes are inserted as drafts (generate_series), their lines inserted while they are drafts (the
// database refuses a line added to an issued invoice), then one UPDATE issues them all (a draft may
// still change; only an issued row is frozen). Writes the « Journal des ventes » section of
// docs/benchmarks.md.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { exportSalesJournal, SALES_JOURNAL_BATCH } from "../app/features/billing/sales-journal.server";
import { type Database, openPglite, openPostgres } from "../app/platform/db/client.server";
import { machineLine, throwawayDatabase, writeBenchmarkSection } from "./support";

const INVOICES = Number(process.env.BENCH_INVOICES ?? 50_000);
/** One invoice in twenty gets a credit note. */
const CREDIT_EVERY = 20;
const PAYERS = 500;
const YEAR = 2027;

const SELLER = JSON.stringify({
  name: "Forma Rhône",
  legalForm: "SAS",
  shareCapital: "10 000 €",
  siret: "73282932000074",
  rcs: "RCS Lyon 732 829 320",
  activityNumber: "84691234569",
  activityRegion: "Auvergne-Rhône-Alpes",
  vatNumber: "",
  email: "contact@forma-rhone.example",
  phone: "04 72 00 00 00",
  street: "3 place Bellecour",
  postalCode: "69002",
  city: "Lyon",
  countryCode: "FR",
  vatExempt: false,
  iban: "",
  bic: "",
  latePenaltyRate: "taux d'intérêt de la BCE majoré de 10 points",
});

async function fill(database: Database): Promise<number> {
  const q = (text: string) => database.query(text);
  const started = performance.now();
  // Payers: a SIREN of nine digits each (the export prints it; its Luhn key does not matter here).
  await q(`insert into payers (kind, name, siren, street, postal_code, city, invoicing_email)
           select (array['company','opco','region','individual']::payer_kind[])[1 + n % 4],
                  'Financeur n° ' || n, case when n % 4 = 3 then null else lpad((100000000 + n)::text, 9, '0') end,
                  '12 rue de la République', '69002', 'Lyon', 'compta' || n || '@example.org'
             from generate_series(1, ${PAYERS}) n`);
  // Drafts: 1 000 € to 4 000 € excluding VAT, 20 % VAT on one in two.
  await q(`insert into invoices (kind, payer_id, service_start, service_end, buyer, vat_rate_basis_points,
                                 net_cents, vat_cents, gross_cents, sequence_key, note)
           select 'invoice', p.id, '${YEAR}-01-01', '${YEAR}-12-31',
                  jsonb_build_object('kind', p.kind, 'name', p.name, 'siren', p.siren, 'siret', null,
                    'vatNumber', null, 'street', p.street, 'postalCode', p.postal_code, 'city', p.city,
                    'countryCode', 'FR', 'email', p.invoicing_email, 'contactName', null, 'chorusServiceCode', null),
                  v.rate, v.net, v.net * v.rate / 10000, v.net + v.net * v.rate / 10000, 'BENCH', 'bench-' || n
             from generate_series(1, ${INVOICES}) n
             cross join lateral (select 100000 + (n % 31) * 10000 as net, (n % 2) * 2000 as rate) v
             join (select *, (row_number() over (order by id) - 1)::int as k from payers) p on p.k = n % ${PAYERS}`);
  await q(`insert into invoices (kind, payer_id, credited_invoice_id, service_start, service_end, buyer,
                                 vat_rate_basis_points, net_cents, vat_cents, gross_cents, sequence_key, note)
           select 'credit_note', i.payer_id, i.id, i.service_start, i.service_end, i.buyer,
                  i.vat_rate_basis_points, i.net_cents / 2, i.vat_cents / 2, i.net_cents / 2 + i.vat_cents / 2,
                  'BENCH', 'bench-credit'
             from invoices i where i.sequence_key = 'BENCH' and i.kind = 'invoice'
              and substr(i.note, 7)::int % ${CREDIT_EVERY} = 0`);
  // Lines while they are drafts: the trigger refuses a line added to an issued invoice.
  await q(`insert into invoice_lines (invoice_id, position, label, quantity_hundredths, unit_price_cents, net_cents)
           select id, 1, 'Formation', 100, net_cents, net_cents from invoices where sequence_key = 'BENCH'`);
  // Issued in one statement: numbered in order, invoices through the year then the credit notes in
  // December, each due thirty days later.
  await q(`update invoices i set number = 'F-${YEAR}-' || lpad(r.rank::text, 6, '0'), sequence_number = r.rank,
                  sequence_key = '${YEAR}', issued_on = r.day, issued_at = r.day::timestamp at time zone 'Europe/Paris',
                  due_on = r.day + 30, seller = '${SELLER.replaceAll("'", "''")}'::jsonb
             from (select id, rank,
                          case when kind = 'invoice'
                               then date '${YEAR}-01-01' + ((rank - 1) * 334 / ${INVOICES})::int
                               else date '${YEAR}-12-01' + ((rank - ${INVOICES} - 1) * 30 / ${INVOICES / CREDIT_EVERY})::int end as day
                     from (select id, kind, row_number() over (order by kind, note, id)::int as rank
                             from invoices where sequence_key = 'BENCH') o) r
            where i.id = r.id`);
  await q("analyze");
  return performance.now() - started;
}

interface Export {
  batch: number;
  rows: number;
  bytes: number;
  ms: number;
  rssBefore: number;
  rssPeak: number;
  heapBefore: number;
  heapPeak: number;
}

interface Measure {
  driver: string;
  documents: number;
  seedMs: number;
  exports: Export[];
}

/** The year's journal read to its last byte, `batch` rows a query, with the process's memory sampled at each chunk. */
async function timedExport(database: Database, batch: number): Promise<Export> {
  const actor = { id: randomUUID(), email: `bench-${batch}@example.test` };
  await database.query("insert into users (id, name, email) values ($1, 'Bench', $2)", [
    actor.id,
    actor.email,
  ]);
  // A collected heap to start from (the script runs with --expose-gc).
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let rssPeak = before.rss;
  let heapPeak = before.heapUsed;
  const started = performance.now();
  const period = { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` };
  const reader = (await exportSalesJournal(database.db, actor, period, batch)).getReader();
  let bytes = 0;
  let rows = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) rows++;
    const now = process.memoryUsage();
    rssPeak = Math.max(rssPeak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  }
  const ms = performance.now() - started;
  // The header is a line too.
  return {
    batch,
    rows: rows - 1,
    bytes,
    ms,
    rssBefore: before.rss,
    rssPeak,
    heapBefore: before.heapUsed,
    heapPeak,
  };
}

/** One driver in a process of its own, so that neither driver's memory shows in the other's figures. */
async function measure(driver: "pglite" | "pg"): Promise<Measure> {
  const throwaway = driver === "pg" ? await throwawayDatabase("bench_sales") : null;
  const database = throwaway ? await openPostgres(throwaway.url) : await openPglite(null);
  try {
    await database.migrate();
    const seedMs = await fill(database);
    const [documents] = await database.query<{ n: number }>(
      "select count(*)::int as n from invoices where number is not null",
    );
    const count = documents?.n ?? 0;
    // As exported, then all in one read: what streaming by batches saves.
    const exports = [
      await timedExport(database, SALES_JOURNAL_BATCH),
      await timedExport(database, count + 1),
    ];
    return { driver: driver === "pg" ? "PostgreSQL" : "PGlite", documents: count, seedMs, exports };
  } finally {
    await database.close();
    await throwaway?.drop();
  }
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1).replace(".", ",")} Mo`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2).replace(".", ",")} s`;

const RESULT = "RESULT ";

async function main() {
  const only = process.argv[2];
  if (only === "pglite" || only === "pg") {
    console.log(`${RESULT}${JSON.stringify(await measure(only))}`);
    return;
  }
  const results: Measure[] = ["pglite", "pg"].map((driver) => {
    const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1] ?? "", driver], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    const line = child.stdout.split("\n").find((l) => l.startsWith(RESULT));
    if (!line) throw new Error(`${driver}: aucune mesure (code ${child.status})`);
    return JSON.parse(line.slice(RESULT.length)) as Measure;
  });
  const row = (r: Measure, e: Export) =>
    `| ${r.driver} | ${e.batch > r.documents ? "tout d'un coup" : `lots de ${e.batch}`} | ${e.rows} | ${mb(e.bytes)} | ${seconds(e.ms)} | ${mb(e.rssBefore)} → ${mb(e.rssPeak)} (+${mb(e.rssPeak - e.rssBefore)}) | ${mb(e.heapBefore)} → ${mb(e.heapPeak)} (+${mb(e.heapPeak - e.heapBefore)}) |`;
  const lines = [
    "",
    `Mesuré le ${machineLine()}, avec \`npm run bench:sales-journal\`.`,
    "",
    `Une année de ${INVOICES} factures émises et ${INVOICES / CREDIT_EVERY} avoirs (un pour ${CREDIT_EVERY} factures), ${PAYERS} financeurs, insérés en brouillons par quelques requêtes (\`generate_series\`), leurs lignes ajoutées tant qu'ils sont brouillons, puis émis par un seul UPDATE (préparation : ${results.map((r) => `${r.driver} ${seconds(r.seedMs)}`).join(", ")}). Export du journal des ventes de l'année (\`exportSalesJournal\`) lu jusqu'au dernier octet, par lots de ${SALES_JOURNAL_BATCH} lignes sur la clé (date d'émission, séquence, rang) comme il est livré, puis, pour comparer, en une seule lecture. Chaque base dans un processus à part, le tas nettoyé avant chaque export ; la mémoire est échantillonnée à chaque morceau reçu (PGlite tourne dans le processus : sa mémoire est comptée).`,
    "",
    "| Base | Lecture | Lignes | Taille | Durée | Mémoire résidente avant → pic | Tas JS avant → pic |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ...results.flatMap((r) => r.exports.map((e) => row(r, e))),
    "",
    `Par lots, le tas ne garde qu'un lot à la fois ; lu d'un coup, il garde toute l'année : ${results
      .map((r) => {
        const [batched, whole] = r.exports.map((e) => e.heapPeak - e.heapBefore);
        return `${r.driver} +${mb(batched ?? 0)} par lots contre +${mb(whole ?? 0)} d'un coup`;
      })
      .join(", ")} (pics mesurés sans forcer le ramasse-miettes entre deux morceaux : des majorants).`,
  ];
  writeBenchmarkSection("Journal des ventes", lines);
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
