import { inflateSync } from "node:zlib";

/**
 * A generated PDF's text as its glyphs say it, no-break spaces included: what French typography is
 * judged on. pdf.js (pdfText) turns every no-break space into an ordinary one, so it cannot tell
 * 'Prix : 10 €' from 'Prix\u202f: 10\u00a0€'; this reads the PDFs pdfkit writes directly: each font's
 * ToUnicode map, then each page's text operators in order, one line per text object.
 */

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

/** Every `N 0 obj … endobj`, its dictionary and (inflated) stream. */
function objectsOf(bytes: Uint8Array): Map<number, PdfObject> {
  const buf = Buffer.from(bytes);
  const src = buf.toString("latin1");
  const objects = new Map<number, PdfObject>();
  const start = /(\d+) 0 obj\s*/g;
  for (let match = start.exec(src); match; match = start.exec(src)) {
    const from = match.index + match[0].length;
    const streamAt = src.indexOf("stream", from);
    const end = src.indexOf("endobj", from);
    const length = /\/Length (\d+)/.exec(src.slice(from, Math.min(streamAt < 0 ? end : streamAt, end)));
    if (streamAt >= 0 && streamAt < end && length) {
      let dataStart = streamAt + "stream".length;
      if (src[dataStart] === "\r") dataStart++;
      if (src[dataStart] === "\n") dataStart++;
      const dict = src.slice(from, streamAt);
      const raw = buf.subarray(dataStart, dataStart + Number(length[1]));
      const stream = dict.includes("/FlateDecode") ? inflateSync(raw) : Buffer.from(raw);
      const after = src.indexOf("endobj", dataStart + Number(length[1]));
      objects.set(Number(match[1]), { dict, stream });
      start.lastIndex = after;
    } else {
      objects.set(Number(match[1]), { dict: src.slice(from, end), stream: null });
      start.lastIndex = end;
    }
  }
  return objects;
}

/** A ToUnicode CMap's character codes (two bytes, Identity-H) → text. */
function cmapOf(text: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexText = (hex: string) =>
    String.fromCharCode(...(hex.replace(/\s/g, "").match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const [, body] of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, list, single] of (body ?? "").matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:\[([^\]]*)\]|<([0-9a-fA-F ]+)>)/g,
    )) {
      const first = Number.parseInt(lo ?? "0", 16);
      const last = Number.parseInt(hi ?? "0", 16);
      if (list !== undefined) {
        [...list.matchAll(/<([0-9a-fA-F ]*)>/g)].forEach((entry, i) => {
          map.set(first + i, hexText(entry[1] ?? ""));
        });
      } else {
        const base = Number.parseInt((single ?? "").replace(/\s/g, ""), 16);
        for (let code = first; code <= last; code++) map.set(code, String.fromCharCode(base + code - first));
      }
    }
  }
  for (const [, body] of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, value] of (body ?? "").matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F ]+)>/g))
      map.set(Number.parseInt(code ?? "0", 16), hexText(value ?? ""));
  }
  return map;
}

export function pdfGlyphText(bytes: Uint8Array): string {
  const objects = objectsOf(bytes);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  // Resource names (/F1) → the font's ToUnicode map.
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const [, block] of dict.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const [, name, num] of (block ?? "").matchAll(/\/([A-Za-z0-9]+) (\d+) 0 R/g)) {
        const font = objects.get(Number(num));
        const cmap = font ? objects.get(ref(font.dict, "ToUnicode"))?.stream : null;
        if (name && cmap) fonts.set(name, cmapOf(cmap.toString("latin1")));
      }
    }
  }
  // The pages in their order, from the page tree's kids.
  const tree = [...objects.values()].find((o) => /\/Type \/Pages\b/.test(o.dict));
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(tree?.dict ?? "")?.[1] ?? "").matchAll(/(\d+) 0 R/g)].map(
    (m) => Number(m[1]),
  );
  const lines: string[] = [];
  for (const kid of kids) {
    const page = objects.get(kid);
    const content = page ? objects.get(ref(page.dict, "Contents"))?.stream?.toString("latin1") : null;
    if (!content) continue;
    let font = new Map<number, string>();
    let line = "";
    const ops = /\/([A-Za-z0-9]+) [\d.]+ Tf|\[((?:[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\bET\b/g;
    for (const [op, fontName, array, single] of content.matchAll(ops)) {
      if (fontName) font = fonts.get(fontName) ?? new Map();
      else if (op === "ET") {
        if (line) lines.push(line);
        line = "";
      } else {
        const hexes =
          array !== undefined ? [...array.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]) : [single];
        for (const hex of hexes) {
          for (const code of hex?.match(/.{4}/g) ?? []) line += font.get(Number.parseInt(code, 16)) ?? "";
        }
      }
    }
  }
  return lines.join("\n");
}
