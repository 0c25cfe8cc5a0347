// Whether an OLE compound file (CFB, "Compound File Binary", the container of .doc, .xls, .ppt, .msi
// and more) is a Word 97-2003 document. file-type names the container only, so an installer or a
// spreadsheet renamed .doc would pass as a CV: a Word document is the one whose directory holds a
// stream named 'WordDocument' (the format's main stream; [MS-DOC] 2.1.1). Everything is read within
// the file's bounds, with every chain cut short, so a crafted file cannot loop or read past its end.

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY_BYTES = 128;
const STREAM = 2;
/** Sector numbers at or above this are markers (end of chain, free, FAT or DIFAT sector). */
const MAX_REGULAR_SECTOR = 0xfffffffa;
const WORD_STREAM = "WordDocument";

class Reader {
  private readonly view: DataView;
  readonly sectorBytes: number;
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const shift = this.u16(30);
    this.sectorBytes = shift === 9 || shift === 12 ? 1 << shift : 0;
  }
  get length() {
    return this.bytes.byteLength;
  }
  u16(at: number) {
    return at + 2 <= this.length ? this.view.getUint16(at, true) : 0;
  }
  u32(at: number) {
    return at + 4 <= this.length ? this.view.getUint32(at, true) : 0xffffffff;
  }
  /** The byte offset of sector `n`, or null when it lies outside the file. */
  sector(n: number): number | null {
    if (n >= MAX_REGULAR_SECTOR) return null;
    const at = (n + 1) * this.sectorBytes;
    return at + this.sectorBytes <= this.length ? at : null;
  }
  /** How many sectors the file can hold: no chain is longer. */
  get sectorCount() {
    return Math.floor(this.length / this.sectorBytes);
  }
  name(at: number): string {
    const bytes = Math.min(this.u16(at + 64), 64);
    let out = "";
    for (let i = 0; i + 2 < bytes; i += 2) out += String.fromCharCode(this.u16(at + i));
    return out;
  }
}

/** The sectors holding the FAT: the header's 109 entries, then the DIFAT sectors' chain. */
function fatSectors(file: Reader): number[] {
  const sectors: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES; i++) sectors.push(file.u32(76 + 4 * i));
  let difat = file.u32(68);
  const perSector = file.sectorBytes / 4 - 1;
  for (let hops = 0; hops < file.sectorCount; hops++) {
    const at = file.sector(difat);
    if (at === null) break;
    for (let i = 0; i < perSector; i++) sectors.push(file.u32(at + 4 * i));
    difat = file.u32(at + 4 * perSector);
  }
  return sectors.filter((n) => n < MAX_REGULAR_SECTOR);
}

/** The next sector of a chain, from the FAT. */
function nextSector(file: Reader, fat: number[], sector: number): number {
  const perSector = file.sectorBytes / 4;
  const at = file.sector(fat[Math.floor(sector / perSector)] ?? MAX_REGULAR_SECTOR);
  return at === null ? 0xffffffff : file.u32(at + 4 * (sector % perSector));
}

/** Whether `bytes`, a CFB container, is a Word 97-2003 document (holds a 'WordDocument' stream). */
export function isWordDocument(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 512 || SIGNATURE.some((b, i) => bytes[i] !== b)) return false;
  const file = new Reader(bytes);
  if (file.sectorBytes === 0) return false;
  const fat = fatSectors(file);
  let sector = file.u32(48);
  const seen = new Set<number>();
  while (!seen.has(sector) && seen.size < file.sectorCount) {
    const at = file.sector(sector);
    if (at === null) break;
    seen.add(sector);
    for (let entry = at; entry < at + file.sectorBytes; entry += DIRECTORY_ENTRY_BYTES) {
      if (bytes[entry + 66] === STREAM && file.name(entry) === WORD_STREAM) return true;
    }
    sector = nextSector(file, fat, sector);
  }
  return false;
}
