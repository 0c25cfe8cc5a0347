/**
 * Pages added at the end of a PDF without touching a byte of it: an incremental update (ISO 32000-1,
 * 7.5.6) writes the new pages' objects, a new version of the page tree and a new cross-reference
 * section after the original's last byte. The original file is therefore the exact beginning of the
 * result: whoever holds its SHA-256 can check that the pages it had are the pages it has.
 *
 * The added pages come from a second PDF (written by pdf-document.server.ts): its objects are
 * renumbered after the original's and its pages hung under the original's page tree. Both files must
 * use classic cross-reference tables and a flat page tree, as pdfkit writes them (an original that
 * already had updates is read through its chain of tables). Server only.
 */

/** The PDF's bytes as a string of the same length, one character per byte, to search and slice. */
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

interface Parsed {
  text: string;
  /** Each object's number → its text from 'n 0 obj' to the next object or the cross-reference table. */
  objects: Map<number, string>;
  trailer: string;
  startXref: number;
  size: number;
}

/** A cross-reference table at `at`: its entries in use (number → offset) and its trailer. */
function section(text: string, at: number): { entries: Map<number, number>; trailer: string } {
  if (!text.startsWith("xref", at)) throw new Error("PDF: not a classic cross-reference table");
  const trailerAt = text.indexOf("trailer", at);
  if (trailerAt < 0) throw new Error("PDF: no trailer");
  const entries = new Map<number, number>();
  let number = 0;
  for (const line of text
    .slice(at + 4, trailerAt)
    .trim()
    .split(/\r?\n|\r/)) {
    const heading = /^(\d+) (\d+)\s*$/.exec(line);
    if (heading) {
      number = Number(heading[1]);
      continue;
    }
    const entry = /^(\d{10}) (\d{5}) ([nf])/.exec(line);
    if (!entry) continue;
    if (entry[3] === "n") entries.set(number, Number(entry[1]));
    number += 1;
  }
  return { entries, trailer: text.slice(trailerAt, text.indexOf("startxref", trailerAt)) };
}

/** Every object in use (the newest revision's), read through the chain of tables from the last one. */
function parse(bytes: Uint8Array): Parsed {
  const text = latin1(bytes);
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!start) throw new Error("PDF: no startxref at the end");
  const startXref = Number(start[1]);
  const latest = section(text, startXref);
  const offsets = new Map<number, number>();
  const tables = [startXref];
  for (let current: typeof latest | null = latest; current; ) {
    for (const [n, offset] of current.entries) if (!offsets.has(n)) offsets.set(n, offset);
    const prev = /\/Prev\s+(\d+)/.exec(current.trailer)?.[1];
    if (prev === undefined || tables.includes(Number(prev))) break;
    tables.push(Number(prev));
    current = section(text, Number(prev));
  }
  // An object runs to the next object or table, whichever comes first.
  const bounds = [...offsets.values(), ...tables].sort((a, b) => a - b);
  const objects = new Map<number, string>();
  for (const [n, offset] of offsets) {
    const end = bounds.find((b) => b > offset) ?? text.length;
    objects.set(n, text.slice(offset, end));
  }
  const size = Number(/\/Size (\d+)/.exec(latest.trailer)?.[1]);
  if (!Number.isInteger(size)) throw new Error("PDF: trailer without /Size");
  return { text, objects, trailer: latest.trailer, startXref, size };
}

const refIn = (text: string, key: string): number => {
  const found = new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(text);
  if (!found) throw new Error(`PDF: no /${key}`);
  return Number(found[1]);
};

/** The dictionary part of an object's text (before its stream, if any) and the rest. */
function split(objectText: string): { head: string; rest: string } {
  const stream = /^[\s\S]*?>>\s*(?=stream\r?\n)/.exec(objectText);
  if (!stream) return { head: objectText, rest: "" };
  return { head: stream[0], rest: objectText.slice(stream[0].length) };
}

/** The page tree's kids, in order. */
const kidsOf = (pages: string): number[] => {
  const kids = /\/Kids\s*\[([^\]]*)\]/.exec(pages);
  if (!kids?.[1]) throw new Error("PDF: page tree without /Kids");
  return [...kids[1].matchAll(/(\d+)\s+0\s+R/g)].map((m) => Number(m[1]));
};

/**
 * `original` followed by an incremental update that adds every page of `extra` after its own. The
 * result's first `original.byteLength` bytes are `original`'s.
 */
export function appendPdfPages(original: Uint8Array, extra: Uint8Array): Uint8Array {
  const base = parse(original);
  const added = parse(extra);
  const root = refIn(base.trailer, "Root");
  const catalog = base.objects.get(root);
  if (!catalog) throw new Error("PDF: no catalog");
  const pagesNumber = refIn(catalog, "Pages");
  const pages = base.objects.get(pagesNumber);
  if (!pages) throw new Error("PDF: no page tree");

  const addedRoot = refIn(added.trailer, "Root");
  const addedCatalog = added.objects.get(addedRoot) ?? "";
  const addedPagesNumber = refIn(addedCatalog, "Pages");
  const addedKids = kidsOf(added.objects.get(addedPagesNumber) ?? "");
  const addedInfo = /\/Info\s+(\d+)\s+0\s+R/.exec(added.trailer)?.[1];
  const skipped = new Set([addedRoot, addedPagesNumber, Number(addedInfo)]);

  // Each object of `extra` kept, numbered after the original's last.
  const renumber = new Map<number, number>();
  let next = base.size;
  for (const n of [...added.objects.keys()].sort((a, b) => a - b)) {
    if (!skipped.has(n)) renumber.set(n, next++);
  }
  const rewrite = (head: string) =>
    head.replace(/(\d+)(\s+)0(\s+)R\b/g, (whole, n: string, a: string, b: string) => {
      if (Number(n) === addedPagesNumber) return `${pagesNumber}${a}0${b}R`;
      const to = renumber.get(Number(n));
      return to === undefined ? whole : `${to}${a}0${b}R`;
    });

  const written: { number: number; text: string }[] = [];
  for (const [from, to] of renumber) {
    const { head, rest } = split(added.objects.get(from) ?? "");
    const renamed = rewrite(head).replace(/^\s*\d+\s+0\s+obj/, `${to} 0 obj`);
    written.push({ number: to, text: renamed + rest });
  }
  // The original's page tree again, with the new pages after its own.
  const kids = [...kidsOf(pages), ...addedKids.map((k) => renumber.get(k) ?? k)];
  const count = Number(/\/Count\s+(\d+)/.exec(pages)?.[1] ?? 0) + addedKids.length;
  const tree = pages
    .slice(0, pages.lastIndexOf("endobj") + "endobj".length)
    .replace(/\/Kids\s*\[[^\]]*\]/, `/Kids [${kids.map((k) => `${k} 0 R`).join(" ")}]`)
    .replace(/\/Count\s+\d+/, `/Count ${count}`);
  written.push({ number: pagesNumber, text: `${tree}\n` });
  written.sort((a, b) => a.number - b.number);

  // The update: the objects, each at its offset, then their table and the trailer pointing back.
  const lead = base.text.endsWith("\n") ? "" : "\n";
  let body = lead;
  const offsets = new Map<number, number>();
  for (const object of written) {
    offsets.set(object.number, original.byteLength + body.length);
    body += object.text.endsWith("\n") ? object.text : `${object.text}\n`;
  }
  const xrefAt = original.byteLength + body.length;
  let xref = "xref\n";
  // Runs of consecutive numbers, one subsection each.
  const numbers = [...offsets.keys()].sort((a, b) => a - b);
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === (numbers[j] ?? 0) + 1) j++;
    xref += `${numbers[i]} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) {
      xref += `${String(offsets.get(numbers[k] ?? 0)).padStart(10, "0")} 00000 n \n`;
    }
    i = j + 1;
  }
  const info = /\/Info\s+\d+\s+0\s+R/.exec(base.trailer)?.[0] ?? "";
  const id = /\/ID\s*\[[^\]]*\]/.exec(base.trailer)?.[0] ?? "";
  const trailer = `trailer\n<<\n/Size ${next}\n/Root ${root} 0 R\n${info ? `${info}\n` : ""}${id ? `${id}\n` : ""}/Prev ${base.startXref}\n>>\nstartxref\n${xrefAt}\n%%EOF\n`;
  const update = Buffer.from(body + xref + trailer, "latin1");
  const result = new Uint8Array(original.byteLength + update.byteLength);
  result.set(original, 0);
  result.set(update, original.byteLength);
  return result;
}
