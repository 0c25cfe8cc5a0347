// Reads back a stored (uncompressed) ZIP archive by the format's own structures: the end of central
// directory record, each central header, and the local header it points to. Enough to check what
// app/platform/zip.server.ts writes; it refuses anything else (a deflated entry, a bad signature).

export interface ReadEntry {
  name: string;
  data: Uint8Array;
  crc: number;
  /** The MS-DOS date field (years since 1980 << 9 | month << 5 | day). */
  date: number;
}

function expectSignature(v: DataView, at: number, signature: number, what: string) {
  if (v.getUint32(at, true) !== signature) throw new Error(`not a ${what} at ${at}`);
}

export function readStoredZip(zip: Uint8Array): ReadEntry[] {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  expectSignature(v, end, 0x06054b50, "end of central directory");
  const count = v.getUint16(end + 10, true);
  let at = v.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const out: ReadEntry[] = [];
  for (let i = 0; i < count; i++) {
    expectSignature(v, at, 0x02014b50, "central header");
    const crc = v.getUint32(at + 16, true);
    const size = v.getUint32(at + 20, true);
    const nameLength = v.getUint16(at + 28, true);
    const local = v.getUint32(at + 42, true);
    const name = decoder.decode(zip.subarray(at + 46, at + 46 + nameLength));
    expectSignature(v, local, 0x04034b50, "local header");
    if (v.getUint16(local + 8, true) !== 0) throw new Error(`${name} is not stored`);
    const start = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
    out.push({ name, data: zip.subarray(start, start + size), crc, date: v.getUint16(at + 14, true) });
    at += 46 + nameLength;
  }
  return out;
}
