// The stored ZIP writer: read back by the format's own structures (end of central directory, central
// headers, local headers), each entry's bytes and CRC-32 as written; a repeated name kept twice.
// unzip -t and Python's zipfile accepted an archive it wrote when it was made.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { writeZipFile, type ZipEntry, zipStream } from "~/platform/zip.server";
import { readStoredZip as readZip } from "../support/zip";

async function* entries(list: ZipEntry[]) {
  yield* list;
}

describe("zipStream", () => {
  it("stores each entry with its CRC-32, UTF-8 names, repeated names kept apart", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.7 facture");
    const big = new Uint8Array(70_000).map((_, i) => i % 251);
    const zip = new Uint8Array(
      await new Response(
        zipStream(
          entries([
            { name: "2027/F-2027-00001.pdf", data: pdf, day: "2027-03-01" },
            { name: "2027/Éléonore.pdf", data: big, day: "2027-12-31" },
            { name: "2027/F-2027-00001.pdf", data: new Uint8Array(0), day: "2027-03-01" },
          ]),
        ),
      ).arrayBuffer(),
    );
    const read = readZip(zip);
    expect(read.map((e) => e.name)).toEqual([
      "2027/F-2027-00001.pdf",
      "2027/Éléonore.pdf",
      "2027/F-2027-00001 (2).pdf",
    ]);
    expect(read[0]?.data).toEqual(pdf);
    expect(read[1]?.data).toEqual(big);
    for (const e of read) expect(e.crc).toBe(crc32(e.data));
    // 2027-03-01 as MS-DOS writes a date: years since 1980, month, day.
    expect(read[0]?.date).toBe((47 << 9) | (3 << 5) | 1);
  });

  it("an empty archive is its end record alone", async () => {
    const zip = new Uint8Array(await new Response(zipStream(entries([]))).arrayBuffer());
    expect(zip).toHaveLength(22);
    expect(readZip(zip)).toEqual([]);
  });
});

describe("streamed entries", () => {
  it("a file of unknown length is stored with its CRC-32 and size after it, as the reader finds them", async () => {
    const parts = [new TextEncoder().encode("%PDF-1.7 "), new Uint8Array(200_000).map((_, i) => i % 253)];
    async function* chunks() {
      yield* parts;
    }
    const whole = new Uint8Array(Buffer.concat(parts));
    const zip = new Uint8Array(
      await new Response(
        zipStream(
          entries([
            { name: "12 - Engagement/feuille.pdf", stream: chunks(), day: "2027-03-01" },
            { name: "LISEZ-MOI.txt", data: new TextEncoder().encode("Bonjour"), day: "2027-03-01" },
          ]),
        ),
      ).arrayBuffer(),
    );
    const read = readZip(zip);
    expect(read.map((e) => e.name)).toEqual(["12 - Engagement/feuille.pdf", "LISEZ-MOI.txt"]);
    expect(read[0]?.data).toEqual(whole);
    expect(read[0]?.crc).toBe(crc32(whole));
    expect(new TextDecoder().decode(read[1]?.data)).toBe("Bonjour");
  });

  it("writeZipFile writes the archive into a file and answers its size", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "zip-"));
    try {
      const file = path.join(folder, "dossier.zip");
      async function* one() {
        yield new TextEncoder().encode("a,b\r\n");
      }
      const size = await writeZipFile(
        entries([{ name: "31/registre.csv", stream: one(), day: "2027-01-01" }]),
        file,
      );
      const bytes = new Uint8Array(await readFile(file));
      expect(bytes.length).toBe(size);
      expect(readZip(bytes).map((e) => new TextDecoder().decode(e.data))).toEqual(["a,b\r\n"]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
