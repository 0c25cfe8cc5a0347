// npm run bench:invoice — an invoice's Factur-X PDF made 1 000 times (invoicePdf: the page, the CII
// XML, the PDF/A-3 with factur-x.xml embedded), then each one checked as the tests check it: the XML
// read back from the PDF, the XSD (xmllint-wasm), the EN 16931 and BR-FR rules (SaxonJS). Generation
// and validation are timed apart (p50, p95); the stylesheets' compilation to SEF is timed once, outside
// the cache. In process, no server, no database. Writes the « Factur-X » section of docs/benchmarks.md.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { InvoiceDocument } from "../app/features/billing/invoice-document";
import { invoicePdf } from "../app/features/billing/invoice-pdf.server";
import {
  embeddedFacturX,
  facturXSchemaErrors,
  prepareFacturXValidators,
  timeStylesheetCompilation,
  validateFacturX,
} from "../tests/support/facturx";
import { invoiceDocument, LIABLE_SELLER } from "../tests/support/invoice-documents";
import { machineLine, percentile, writeBenchmarkSection } from "./support";

const RUNS = Number(process.env.BENCH_RUNS ?? 1000);

/** Invoice number `n`: an exempt centre's or a liable one's, of 1 to 6 lines of hours. */
function documentNumber(n: number): InvoiceDocument {
  const lines = Array.from({ length: 1 + (n % 6) }, (_, i) => ({
    label: `Heures réalisées, semaine ${i + 1}`,
    quantityHundredths: 350 + 25 * i,
    unitCode: "HUR" as const,
    unitPriceCents: 4_550,
  }));
  return invoiceDocument(
    {
      number: `F-2027-${String(n).padStart(5, "0")}`,
      purpose: "attended",
      ...(n % 2 ? { seller: LIABLE_SELLER } : {}),
    },
    lines,
  );
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? Number.NaN };
};
const ms = (n: number) => `${n.toFixed(1).replace(".", ",")} ms`;
const s = (n: number) => `${n.toFixed(1).replace(".", ",")} s`;

async function main() {
  const machine = machineLine();
  const scratch = mkdtempSync(path.join(tmpdir(), "bench-facturx-"));
  let compileTimes: Record<string, number>;
  try {
    compileTimes = await timeStylesheetCompilation(scratch);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log("compilation", compileTimes);
  const prepareStart = performance.now();
  await prepareFacturXValidators();
  const loadMs = performance.now() - prepareStart;

  // Warm-up, outside the samples: the first PDF loads the fonts, the first validation SaxonJS's code.
  await validateFacturX(embeddedFacturX(await invoicePdf(documentNumber(0))).xml);

  const generation: number[] = [];
  const pdfs: Buffer[] = [];
  for (let n = 1; n <= RUNS; n++) {
    const start = performance.now();
    pdfs.push(await invoicePdf(documentNumber(n)));
    generation.push(performance.now() - start);
  }
  console.log("generation", stats(generation));

  const validation: number[] = [];
  const invalid: string[] = [];
  for (const [i, pdf] of pdfs.entries()) {
    const start = performance.now();
    const report = await validateFacturX(embeddedFacturX(pdf).xml);
    validation.push(performance.now() - start);
    const errors = [...report.schemaErrors, ...report.fatal, ...report.frErrors];
    if (errors.length) invalid.push(`n° ${i + 1} : ${errors[0]}`);
    if ((i + 1) % 100 === 0) console.log(`${i + 1} validées`);
  }
  console.log("validation", stats(validation));

  // The schema check alone on 100 of them: xmllint starts a WebAssembly instance in a worker per call.
  const schema: number[] = [];
  for (const pdf of pdfs.slice(0, 100)) {
    const xml = embeddedFacturX(pdf).xml;
    const start = performance.now();
    await facturXSchemaErrors(xml);
    schema.push(performance.now() - start);
  }

  const g = stats(generation);
  const v = stats(validation);
  const x = stats(schema);
  const size = stats(pdfs.map((p) => p.length));
  const lines = [
    "",
    `Mesuré le ${machine}, avec \`npm run bench:invoice\` : dans le processus, sans serveur ni base. Charge moyenne ${loadavg()[0]?.toFixed(1)} à la fin : d'autres travaux tournaient sur la machine, les durées en sont des majorants.`,
    `${RUNS} factures (moitié centre exonéré, moitié TVA à 20 %, de 1 à 6 lignes d'heures) : \`invoicePdf\` fait la page, le XML CII (profil EN 16931) et le PDF/A-3 avec factur-x.xml ; la validation relit le XML dans le PDF et le passe au schéma XSD (xmllint-wasm), aux règles EN 16931 et aux règles BR-FR (Schematron compilés en SEF, SaxonJS). ${invalid.length ? `**${invalid.length} refusées** (${invalid[0]})` : "Toutes valides (schéma, EN 16931, BR-FR)."}`,
    "",
    "| Mesure | p50 | p95 | max |",
    "| --- | ---: | ---: | ---: |",
    `| Génération d'une facture PDF/A-3 (\`invoicePdf\`) | ${ms(g.p50)} | ${ms(g.p95)} | ${ms(g.max)} |`,
    `| Validation d'une facture (extraction, XSD, EN 16931, BR-FR) | ${ms(v.p50)} | ${ms(v.p95)} | ${ms(v.max)} |`,
    `| dont le schéma seul (xmllint-wasm, 100 factures) | ${ms(x.p50)} | ${ms(x.p95)} | ${ms(x.max)} |`,
    "",
    `Taille d'un PDF : ${Math.round(size.p50 / 1024)} Ko en médiane (polices Inter embarquées en sous-ensemble, profil sRGB, XML). Compilation des feuilles de style en SEF par xslt3, une fois (ensuite lues du cache \`node_modules/.cache/facturx/\`, chargement ${ms(loadMs)}) : EN 16931 ${s(compileTimes.en16931 ?? Number.NaN)}, BR-FR ${s(compileTimes.fr ?? Number.NaN)}, l'une après l'autre.`,
  ];
  writeBenchmarkSection("Factur-X : génération et validation des factures", lines);
  console.log(lines.join("\n"));
  if (invalid.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
