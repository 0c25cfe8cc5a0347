import { existsSync, readdirSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";

/**
 * Brotli first whenever the client takes it (~15 % smaller than gzip on our scripts): browsers list
 * "gzip, deflate, br, zstd" at equal weight, so following the header's order would always pick gzip.
 */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
};

/** A copy's bytes and the validators a browser may send back (as express.static would set them). */
interface Copy {
  bytes: Buffer;
  etag: string;
  lastModified: string;
}

async function readCopy(file: string): Promise<Copy> {
  const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
  return {
    bytes,
    etag: `W/"${bytes.length.toString(16)}-${info.mtimeMs.toString(16)}"`,
    lastModified: info.mtime.toUTCString(),
  };
}

/**
 * Serves the build's precompressed copies of hashed assets (written by vite.precompress.ts: `x.js.br`,
 * `x.js.gz`) to browsers that accept them, with `Vary: Accept-Encoding` and a year of immutable cache.
 * Anything else (no copy, an encoding the client does not take, a non-GET request) goes on to
 * express.static and on-the-fly compression, so a build without the copies still works. The file list
 * is read once: hashed names never change while the process runs. So each copy is read from disk on
 * its first request and then kept in memory (the copies of a build weigh about a megabyte): every
 * first visit of a page asks for the same dozen scripts, and reading them again each time cost a
 * stat, an open, a read and a close per script.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const copies = new Map<string, Promise<Copy>>();
  const copyOf = (file: string) => {
    let copy = copies.get(file);
    if (!copy) {
      copy = readCopy(path.join(dir, file));
      copies.set(file, copy);
      // A failed read (the build replaced under the process) is tried again by the next request.
      copy.catch(() => copies.delete(file));
    }
    return copy;
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const type = TYPES[path.extname(name)];
    if (!type || name.includes("/") || !files.has(name)) return next();
    // acceptsEncodings(x) is x unless the client refuses it (q=0) or sent no Accept-Encoding at all.
    const encoding = ENCODINGS.find(
      (e) => files.has(`${name}${e.suffix}`) && req.acceptsEncodings(e.name) === e.name,
    );
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    copyOf(`${name}${encoding.suffix}`).then(
      (copy) => {
        res.setHeader("Content-Type", type);
        res.setHeader("Content-Encoding", encoding.name);
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        res.setHeader("ETag", copy.etag);
        res.setHeader("Last-Modified", copy.lastModified);
        if (req.fresh) {
          res.status(304).end();
          return;
        }
        res.setHeader("Content-Length", copy.bytes.length);
        res.end(req.method === "HEAD" ? undefined : copy.bytes);
      },
      // Unreadable (the build replaced under the process): express.static answers as it can.
      () => next(),
    );
  };
}
