/**
 * Factur-X checked with the real validators, against the copy kept in schemas/factur-x/ (README.md
 * there): the XML Schema of the EN 16931 profile (xmllint compiled to WebAssembly), the EN 16931
 * business rules and the French reform's BR-FR rules (Schematron compiled to XSLT, run by SaxonJS).
 *
 *   await prepareFacturXValidators();          // once, in a beforeAll with a long timeout
 *   const report = await validateFacturX(xml);  // { schemaErrors, fatal, warnings, frErrors }
 *   const { xml, xmp } = embeddedFacturX(pdfBytes);
 *
 * The stylesheets are compiled to SaxonJS's SEF format by xslt3 the first time (some 15 s each) and
 * kept in node_modules/.cache/facturx/, named by a hash of the stylesheet and of xslt3's version:
 * a clone compiles them once, an edited stylesheet is compiled again.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { inflateSync } from "node:zlib";
import SaxonJS, { type SaxonNode } from "saxon-js";
import { validateXML } from "xmllint-wasm";

const ROOT = fileURLToPath(new URL("../../schemas/factur-x/", import.meta.url));
const CACHE = fileURLToPath(new URL("../../node_modules/.cache/facturx/", import.meta.url));
const require = createRequire(import.meta.url);

const EN16931_DIR = path.join(ROOT, "en16931");
const SCHEMA_FILES = [
  "Factur-X_EN16931.xsd",
  "Factur-X_1.09_EN16931_urn_un_unece_uncefact_data_standard_QualifiedDataType_100.xsd",
  "Factur-X_1.09_EN16931_urn_un_unece_uncefact_data_standard_ReusableAggregateBusinessInformationEntity_100.xsd",
  "Factur-X_1.09_EN16931_urn_un_unece_uncefact_data_standard_UnqualifiedDataType_100.xsd",
];
const STYLESHEETS = {
  en16931: path.join(EN16931_DIR, "Factur-X_1.09_EN16931.xsl"),
  fr: path.join(ROOT, "fr-ctc", "BR-FR-Flux2-Schematron-CII.xslt"),
};
const CODE_LIST = path.join(EN16931_DIR, "FACTUR-X_EN16931_codedb.xml");
const SVRL = { svrl: "http://purl.oclc.org/dsdl/svrl" };

export interface FacturXReport {
  /** xmllint's complaints against the EN 16931 profile's XSD. */
  schemaErrors: string[];
  /** EN 16931 rules broken ('[BR-CO-10]-Sum of Invoice line net amount…'): an invalid invoice. */
  fatal: string[];
  /** EN 16931 rules flagged as warnings only, and its reports of elements the profile does not use. */
  warnings: string[];
  /** BR-FR rules broken ('BR-FR-12_BT-49 BR-FR-12/BT-49 : Le BT-49 est obligatoire…'); all are fatal. */
  frErrors: string[];
}

interface Compiled {
  sef: object;
  baseUri: string;
}

let loading: Promise<{ en16931: Compiled; fr: Compiled; codeList: SaxonNode }> | null = null;

/** Compiles one stylesheet to a SEF file with xslt3, in its own process: the seconds it took. */
async function compile(name: keyof typeof STYLESHEETS, sefFile: string): Promise<number> {
  const xslt3 = require.resolve("xslt3/xslt3.js");
  const start = performance.now();
  await promisify(execFile)(
    process.execPath,
    [xslt3, `-xsl:${STYLESHEETS[name]}`, `-export:${sefFile}`, "-nogo", "-relocate:on"],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return (performance.now() - start) / 1000;
}

async function compiled(name: keyof typeof STYLESHEETS): Promise<Compiled> {
  const xsl = STYLESHEETS[name];
  const version = JSON.parse(readFileSync(require.resolve("xslt3/package.json"), "utf8")).version as string;
  const hash = createHash("sha256").update(readFileSync(xsl)).update(version).digest("hex").slice(0, 16);
  const file = path.join(CACHE, `${name}-${hash}.sef.json`);
  if (!existsSync(file)) {
    mkdirSync(CACHE, { recursive: true });
    // Two test files may compile at once: each writes its own file and renames it into place.
    const partial = `${file}.${process.pid}.partial`;
    await compile(name, partial);
    renameSync(partial, file);
  }
  return { sef: JSON.parse(readFileSync(file, "utf8")), baseUri: pathToFileURL(xsl).href };
}

/** For the bench: compiles each stylesheet again, one after the other, outside the cache; seconds each. */
export async function timeStylesheetCompilation(
  directory: string,
): Promise<Record<keyof typeof STYLESHEETS, number>> {
  return {
    en16931: await compile("en16931", path.join(directory, "en16931.sef.json")),
    fr: await compile("fr", path.join(directory, "fr.sef.json")),
  };
}

/** Compiles (or reads from the cache) both stylesheets and parses the code list once. */
export function prepareFacturXValidators() {
  loading ??= (async () => {
    const [en16931, fr, codeList] = await Promise.all([
      compiled("en16931"),
      compiled("fr"),
      SaxonJS.getResource({ file: CODE_LIST, type: "xml" }),
    ]);
    return { en16931, fr, codeList };
  })();
  return loading;
}

const SCHEMA = SCHEMA_FILES.map((fileName) => ({
  fileName,
  contents: readFileSync(path.join(EN16931_DIR, fileName), "utf8"),
}));

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: "factur-x.xml", contents: xml }],
    schema: [SCHEMA[0] as (typeof SCHEMA)[number]],
    preload: SCHEMA.slice(1),
  });
  return result.errors.map((e) => e.message);
}

const texts = (xpath: string, context: SaxonNode) =>
  SaxonJS.XPath.evaluate(xpath, context, { namespaceContext: SVRL, resultForm: "array" }) as string[];

/** Runs a Schematron stylesheet: its failed assertions and reports, as 'id flag text'. */
function svrl(stylesheet: Compiled, xml: string, codeList: SaxonNode) {
  const { principalResult } = SaxonJS.transform(
    {
      stylesheetInternal: stylesheet.sef,
      stylesheetBaseURI: stylesheet.baseUri,
      sourceText: xml,
      destination: "document",
      documentPool: { [pathToFileURL(CODE_LIST).href]: codeList },
    },
    "sync",
  );
  const describe = "string-join((@id, @flag, normalize-space(svrl:text)), ' ')";
  return {
    // A Schematron assertion without a flag is an error: only flag="warning" is not.
    failed: texts(`//svrl:failed-assert[not(@flag = 'warning')]/${describe}`, principalResult),
    warnings: texts(`//svrl:failed-assert[@flag = 'warning']/${describe}`, principalResult),
    reports: texts(`//svrl:successful-report/${describe}`, principalResult),
  };
}

/** What the schema, the EN 16931 rules and the BR-FR rules say of `xml` (every list empty: valid). */
export async function validateFacturX(xml: string): Promise<FacturXReport> {
  const { en16931, fr, codeList } = await prepareFacturXValidators();
  // xmllint runs in its own worker: it checks the schema while SaxonJS runs the rules here.
  const schema = schemaErrors(xml);
  const en = svrl(en16931, xml, codeList);
  const french = svrl(fr, xml, codeList);
  return {
    schemaErrors: await schema,
    fatal: en.failed,
    warnings: [...en.warnings, ...en.reports, ...french.warnings],
    frErrors: french.failed,
  };
}

/** Only the schema check, for a test that needs no compiled stylesheet. */
export const facturXSchemaErrors = schemaErrors;

// ── Reading a PDF ───────────────────────────────────────────────────────────────────────────────────

export interface EmbeddedFacturX {
  /** The embedded factur-x.xml, decoded as UTF-8. */
  xml: string;
  /** Its file specification's /AFRelationship ('Alternative', 'Data'…) and /Subtype (MIME type). */
  relationship: string;
  mimeType: string;
  /** The document's XMP metadata packet (the catalogue's /Metadata stream). */
  xmp: string;
  /** Whether the catalogue's /AF array points at that file specification. */
  associated: boolean;
}

interface PdfObject {
  dictionary: string;
  stream: Buffer | null;
}

/**
 * The objects of a PDF written without object streams (pdfkit's output): 'n 0 obj << … >> stream …
 * endstream endobj', by number. A small reader for tests, not a general PDF parser.
 */
function pdfObjects(pdf: Uint8Array): Map<number, PdfObject> {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString("latin1");
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\s*/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf("endobj", start);
    const body = text.slice(start, end);
    const streamAt = body.indexOf("stream");
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dictionary: body, stream: null });
      continue;
    }
    const dictionary = body.slice(0, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1] ?? Number.NaN);
    const dataStart = start + streamAt + "stream".length + (text[start + streamAt + 6] === "\r" ? 2 : 1);
    const raw = bytes.subarray(dataStart, dataStart + length);
    objects.set(Number(match[1]), {
      dictionary,
      stream: dictionary.includes("/FlateDecode") ? inflateSync(raw) : raw,
    });
  }
  return objects;
}

const ref = (dictionary: string, key: string) => {
  const found = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dictionary);
  return found ? Number(found[1]) : null;
};

/** The factur-x.xml a PDF embeds, how it is declared, and the PDF's XMP; throws when there is none. */
export function embeddedFacturX(pdf: Uint8Array): EmbeddedFacturX {
  const objects = pdfObjects(pdf);
  const entries = [...objects.entries()];
  const spec = entries.find(
    ([, o]) => /\/Type \/Filespec/.test(o.dictionary) && /\/F \(factur-x\.xml\)/.test(o.dictionary),
  );
  if (!spec) throw new Error("the PDF embeds no factur-x.xml");
  const [specNumber, specObject] = spec;
  const fileNumber = /\/EF\s*<<\s*\/F (\d+) 0 R/.exec(specObject.dictionary)?.[1];
  const file = objects.get(Number(fileNumber));
  if (!file?.stream) throw new Error("factur-x.xml has no embedded stream");
  const catalog = entries.find(([, o]) => /\/Type \/Catalog/.test(o.dictionary))?.[1];
  const metadataNumber = catalog ? ref(catalog.dictionary, "Metadata") : null;
  const metadata = metadataNumber === null ? undefined : objects.get(metadataNumber);
  const af = /\/AF \[([^\]]*)\]/.exec(catalog?.dictionary ?? "")?.[1] ?? "";
  return {
    xml: file.stream.toString("utf8"),
    relationship: /\/AFRelationship \/(\w+)/.exec(specObject.dictionary)?.[1] ?? "",
    mimeType: (/\/Subtype \/([^\s/>]+)/.exec(file.dictionary)?.[1] ?? "").replace("#2F", "/"),
    xmp: metadata?.stream?.toString("utf8") ?? "",
    associated: new RegExp(`\\b${specNumber} 0 R`).test(af),
  };
}
