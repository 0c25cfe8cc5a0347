import { existsSync, readdirSync } from "node:fs";
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

/**
 * Serves the build's precompressed copies of hashed assets (written by vite.precompress.ts: `x.js.br`,
 * `x.js.gz`) to browsers that accept them, with `Vary: Accept-Encoding` and a year of immutable cache.
 * Anything else (no copy, an encoding the client does not take, a non-GET request) goes on to
 * express.static and on-the-fly compression, so a build without the copies still works. The file list
 * is read once: hashed names never change while the process runs.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
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
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding.name);
    res.sendFile(`${name}${encoding.suffix}`, {
      root: dir,
      maxAge: "1y",
      immutable: true,
      // Byte ranges of an encoded body are not what a client asking for a range of the script means.
      acceptRanges: false,
    });
  };
}
