/**
 * A ZIP archive written as a stream: entries are stored, not deflated (the files archived here are
 * PDFs, already compressed, so deflating would spend CPU for a few bytes), each one read, checked
 * (CRC-32) and written before the next is asked for, so memory holds one file (or one chunk of a
 * streamed one) and the central directory's few dozen bytes per entry, whatever the archive's size.
 * Names are UTF-8 (flag bit 11).
 *
 * An entry is either bytes already in hand (`data`) or a stream of unknown length (`stream`: a file
 * being read, a PDF being written): the latter's CRC and size are computed as its chunks pass and
 * written after them in a data descriptor (flag bit 3), as every unzip tool reads.
 *
 * Without ZIP64: an archive is refused past 65 535 entries or 4 GiB, the classic format's limits,
 * rather than written corrupt.
 */
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { crc32 } from "node:zlib";

interface ZipEntryName {
  /** The path inside the archive ('2027/F-2027-00001.pdf'). */
  name: string;
  /** The file's date as the archive shows it ('YYYY-MM-DD', at noon). */
  day: string;
}

export type ZipEntry = ZipEntryName &
  (
    | { data: Uint8Array }
    | {
        /** The file's bytes as they come: read one chunk at a time, as the archive is pulled. */
        stream: AsyncIterable<Uint8Array>;
      }
  );

/** What the archive refuses to write: more entries or bytes than the classic ZIP format holds. */
export class ZipLimitError extends Error {}

const MAX_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;
const UTF8_NAMES = 0x0800;
/** Flag bit 3: the CRC and sizes follow the data (a streamed entry) instead of the local header. */
const DATA_DESCRIPTOR = 0x0008;

/** MS-DOS date and time (local wall-clock, 2-second steps): the day asked for, at 12:00. */
function dosDateTime(day: string): { date: number; time: number } {
  const [year = 1980, month = 1, date = 1] = day.split("-").map(Number);
  return { date: ((Math.max(year, 1980) - 1980) << 9) | (month << 5) | date, time: 12 << 11 };
}

interface Written {
  name: Uint8Array;
  flags: number;
  crc: number;
  size: number;
  offset: number;
  date: number;
  time: number;
}

function localHeader(e: Written): Uint8Array {
  const out = new Uint8Array(30 + e.name.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x04034b50, true);
  v.setUint16(4, 20, true); // version needed: 2.0
  v.setUint16(6, e.flags, true);
  v.setUint16(8, 0, true); // stored
  v.setUint16(10, e.time, true);
  v.setUint16(12, e.date, true);
  v.setUint32(14, e.crc, true);
  v.setUint32(18, e.size, true);
  v.setUint32(22, e.size, true);
  v.setUint16(26, e.name.length, true);
  v.setUint16(28, 0, true);
  out.set(e.name, 30);
  return out;
}

function centralHeader(e: Written): Uint8Array {
  const out = new Uint8Array(46 + e.name.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x02014b50, true);
  v.setUint16(4, (3 << 8) | 20, true); // made by: Unix, 2.0
  v.setUint16(6, 20, true);
  v.setUint16(8, e.flags, true);
  v.setUint16(10, 0, true);
  v.setUint16(12, e.time, true);
  v.setUint16(14, e.date, true);
  v.setUint32(16, e.crc, true);
  v.setUint32(20, e.size, true);
  v.setUint32(24, e.size, true);
  v.setUint16(28, e.name.length, true);
  // Extra field, comment, disk number, internal attributes: none; external: a regular file, rw-r--r--.
  v.setUint32(38, (0o100644 << 16) >>> 0, true);
  v.setUint32(42, e.offset, true);
  out.set(e.name, 46);
  return out;
}

/** After a streamed entry's bytes: its CRC and sizes (stored: both sizes are the same). */
function dataDescriptor(e: Written): Uint8Array {
  const out = new Uint8Array(16);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x08074b50, true);
  v.setUint32(4, e.crc, true);
  v.setUint32(8, e.size, true);
  v.setUint32(12, e.size, true);
  return out;
}

function endOfCentralDirectory(entries: number, size: number, offset: number): Uint8Array {
  const out = new Uint8Array(22);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x06054b50, true);
  v.setUint16(8, entries, true);
  v.setUint16(10, entries, true);
  v.setUint32(12, size, true);
  v.setUint32(16, offset, true);
  return out;
}

/**
 * The archive of `entries`, read one at a time as the stream is pulled (the reader's pace sets the
 * pace of the reads: a streamed entry gives one chunk per pull). Two entries of the same name keep
 * both, the second renamed 'name (2).ext'. Past the format's limits the stream errors with a
 * ZipLimitError.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = entries[Symbol.asyncIterator]();
  const written: Written[] = [];
  const names = new Set<string>();
  let offset = 0;
  let done = false;
  /** The streamed entry whose chunks are being copied, with its CRC and size so far. */
  let current: { entry: Written; chunks: AsyncIterator<Uint8Array>; dataStart: number } | null = null;
  const uniqueName = (name: string) => {
    let candidate = name;
    for (let n = 2; names.has(candidate); n++) candidate = name.replace(/(\.[^./]*)?$/, ` (${n})$1`);
    names.add(candidate);
    return candidate;
  };
  const past4GiB = () => new ZipLimitError("ZIP archive past 4 GiB");
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (done) return;
      if (current) {
        const { entry, chunks, dataStart } = current;
        const chunk = await chunks.next();
        if (!chunk.done) {
          entry.crc = crc32(chunk.value, entry.crc);
          entry.size += chunk.value.length;
          if (dataStart + entry.size > MAX_OFFSET) throw past4GiB();
          controller.enqueue(chunk.value);
          return;
        }
        const descriptor = dataDescriptor(entry);
        offset = dataStart + entry.size + descriptor.length;
        if (offset > MAX_OFFSET) throw past4GiB();
        controller.enqueue(descriptor);
        written.push(entry);
        current = null;
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        done = true;
        const central = written.map(centralHeader);
        const size = central.reduce((sum, c) => sum + c.length, 0);
        if (offset + size > MAX_OFFSET) throw past4GiB();
        for (const c of central) controller.enqueue(c);
        controller.enqueue(endOfCentralDirectory(written.length, size, offset));
        controller.close();
        return;
      }
      if (written.length >= MAX_ENTRIES) throw new ZipLimitError("ZIP archive past 65 535 entries");
      const given = next.value;
      const name = encoder.encode(uniqueName(given.name));
      if ("stream" in given) {
        const entry: Written = {
          name,
          flags: UTF8_NAMES | DATA_DESCRIPTOR,
          crc: 0,
          size: 0,
          offset,
          ...dosDateTime(given.day),
        };
        // The local header says nothing of the CRC and size (bit 3): the descriptor after the bytes does.
        const header = localHeader(entry);
        controller.enqueue(header);
        current = { entry, chunks: given.stream[Symbol.asyncIterator](), dataStart: offset + header.length };
        return;
      }
      const { data } = given;
      const entry: Written = {
        name,
        flags: UTF8_NAMES,
        crc: crc32(data),
        size: data.length,
        offset,
        ...dosDateTime(given.day),
      };
      const header = localHeader(entry);
      if (offset + header.length + data.length > MAX_OFFSET) throw past4GiB();
      controller.enqueue(header);
      controller.enqueue(data);
      offset += header.length + data.length;
      written.push(entry);
    },
    async cancel() {
      await current?.chunks.return?.();
      await iterator.return?.();
    },
  });
}

/**
 * Writes the archive of `entries` into `file` as it is made (never whole in memory) and answers its
 * size in bytes. A failure leaves a partial file: the caller removes it.
 */
export async function writeZipFile(entries: AsyncIterable<ZipEntry>, file: string): Promise<number> {
  const out = createWriteStream(file);
  await pipeline(Readable.fromWeb(zipStream(entries) as NodeReadableStream<Uint8Array>), out);
  return out.bytesWritten;
}
