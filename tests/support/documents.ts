import { crc32 } from "node:zlib";

/**
 * Small but real documents of each accepted type, and disguised ones, built in memory: what
 * file-type reads in them is what a word processor writes.
 */

/** A minimal PDF, padded to `size` bytes with a comment when asked. */
export function pdf(size = 0): Uint8Array {
  const head =
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n";
  const tail = "trailer<</Root 1 0 R>>\n%%EOF\n";
  const pad = Math.max(0, size - head.length - tail.length);
  return new TextEncoder().encode(head + "%".repeat(pad) + tail);
}

/**
 * An OLE compound file (CFB, version 3, 512-byte sectors) whose root holds empty streams of these
 * names: sector 0 is the FAT, sector 1 the directory (the root entry and up to three streams).
 */
export function cfb(streams: string[], rootClsid = ""): Uint8Array {
  const bytes = new Uint8Array(512 * 3);
  const view = new DataView(bytes.buffer);
  const END = 0xfffffffe;
  const FREE = 0xffffffff;
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  view.setUint16(24, 0x3e, true); // minor version
  view.setUint16(26, 3, true); // major version 3
  view.setUint16(28, 0xfffe, true); // little-endian
  view.setUint16(30, 9, true); // 512-byte sectors
  view.setUint16(32, 6, true); // 64-byte mini sectors
  view.setUint32(44, 1, true); // one FAT sector
  view.setUint32(48, 1, true); // the directory starts at sector 1
  view.setUint32(56, 4096, true); // mini stream cutoff
  view.setUint32(60, END, true); // no mini FAT
  view.setUint32(68, END, true); // no DIFAT sector
  for (let i = 0; i < 109; i++) view.setUint32(76 + 4 * i, i === 0 ? 0 : FREE, true);
  // The FAT: sector 0 is a FAT sector, sector 1 (the directory) ends its chain.
  for (let i = 0; i < 128; i++)
    view.setUint32(512 + 4 * i, i === 0 ? 0xfffffffd : i === 1 ? END : FREE, true);
  const entry = (index: number, name: string, type: number, child: number, right: number) => {
    const at = 1024 + 128 * index;
    for (let i = 0; i < name.length; i++) view.setUint16(at + 2 * i, name.charCodeAt(i), true);
    view.setUint16(at + 64, 2 * (name.length + 1), true);
    bytes[at + 66] = type;
    bytes[at + 67] = 1; // black
    view.setUint32(at + 68, FREE, true); // left sibling
    view.setUint32(at + 72, right, true);
    view.setUint32(at + 76, child, true);
    view.setUint32(at + 116, END, true); // empty: no sector
  };
  entry(0, "Root Entry", 5, streams.length ? 1 : FREE, FREE);
  const clsid = rootClsid.replace(/-/g, "");
  for (let i = 0; i < clsid.length / 2; i++)
    bytes[1024 + 80 + i] = Number.parseInt(clsid.slice(2 * i, 2 * i + 2), 16);
  streams.slice(0, 3).forEach((name, i) => {
    entry(i + 1, name, 2, FREE, i + 2 <= Math.min(streams.length, 3) ? i + 2 : FREE);
  });
  return bytes;
}

/** A Word 97-2003 .doc's container: its 'WordDocument' stream, its table stream, its summary. */
export const doc = () => cfb(["WordDocument", "1Table", "\u0005SummaryInformation"]);
/** An Excel 97-2003 workbook: the same container, a 'Workbook' stream. */
export const xls = () => cfb(["Workbook", "\u0005SummaryInformation"]);
/** A Windows Installer package: the same container, MSI's root CLSID and its encoded table names. */
export const msi = () =>
  cfb(
    ["\u4840\u3f3f\u4577\u446c\u3b6a\u45e4\u4824", "\u0005SummaryInformation"],
    "84100C0000000000C000000000000046",
  );

/** A zip archive with stored (uncompressed) entries, in order. */
export function zip(entries: [string, string][]): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    parts.push(local, fileName, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, ...central, end]));
}

export function docx(): Uint8Array {
  return zip([
    [
      "[Content_Types].xml",
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ["word/document.xml", '<?xml version="1.0"?><w:document/>'],
  ]);
}

export function odt(): Uint8Array {
  return zip([
    ["mimetype", "application/vnd.oasis.opendocument.text"],
    ["content.xml", '<?xml version="1.0"?><office:document-content/>'],
  ]);
}

/** A Linux executable's first bytes: what an ".pdf" that is really a program starts with. */
export function elf(): Uint8Array {
  const bytes = new Uint8Array(512);
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);
  bytes.set([0x02, 0x00, 0x3e, 0x00, 0x01, 0x00, 0x00, 0x00], 16);
  return bytes;
}

/** A Windows executable (MZ … PE). */
export function exe(): Uint8Array {
  const bytes = new Uint8Array(512);
  bytes.set([0x4d, 0x5a]);
  bytes.set([0x80, 0x00, 0x00, 0x00], 0x3c);
  bytes.set([0x50, 0x45, 0x00, 0x00, 0x4c, 0x01], 0x80);
  return bytes;
}
