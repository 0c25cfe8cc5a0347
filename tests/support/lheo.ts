// Validates a document against the Lhéo 2.3 schema kept in the repository (tests/fixtures/lheo), with
// xmllint compiled to WebAssembly: no system package, the same on every machine.
import { readFileSync } from "node:fs";
import { validateXML } from "xmllint-wasm";

const SCHEMA = readFileSync(new URL("../fixtures/lheo/lheo-2.3.xsd", import.meta.url), "utf8");

/** xmllint's complaints about `xml` (empty when the schema accepts it). */
export async function lheoErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: "export.xml", contents: xml }],
    schema: [{ fileName: "lheo-2.3.xsd", contents: SCHEMA }],
    // Room for the benchmark's 2 000 formations (the default is 16 MB).
    maxMemoryPages: 16_384,
  });
  return result.errors.map((e) => e.message);
}
