import { gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import type { EventBus } from "./events.server";

interface Entry {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Compressed once when stored, instead of once per visitor. */
  gzipped: Buffer;
  expires: number;
}

// Paths whose answer never depends on who asks but which must not be cached for other reasons.
const UNCACHED = /^\/(admin|auth|api)(\/|$)|^\/(admin|auth)\.data/;

/**
 * Keeps the rendered HTML (and React Router's `.data` payloads) of public pages for anonymous
 * visitors, so that the busiest pages cost a memory copy instead of database reads and a React
 * render (DESIGN.md §5: within 2× of a static file). A visitor with any cookie is served fresh:
 * the page may carry a greeting or a one-time toast. Every change to a public table empties the
 * cache (events reach every instance through LISTEN/NOTIFY), and entries expire after `ttlMs`
 * anyway.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped on every change: a render that started before it is not stored. */
  private generation = 0;
  hits = 0;

  constructor(
    events: EventBus,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 500,
  ) {
    events.subscribe((event) => {
      if (event.table !== "contact_requests") this.clear();
    });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  private cacheable(req: Request): boolean {
    return (req.method === "GET" || req.method === "HEAD") && !req.headers.cookie && !UNCACHED.test(req.path);
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (!this.cacheable(req)) return next();
      const key = req.originalUrl;
      const hit = this.entries.get(key);
      if (hit && hit.expires > Date.now()) {
        this.hits++;
        const gzip = req.acceptsEncodings("gzip") === "gzip";
        res.status(hit.status).set(hit.headers).set("X-Cache", "HIT").vary("Accept-Encoding");
        // A set Content-Encoding makes the compression middleware leave the body alone.
        if (gzip) res.set("Content-Encoding", "gzip");
        const body = gzip ? hit.gzipped : hit.body;
        res.set("Content-Length", String(body.length));
        res.end(req.method === "HEAD" ? undefined : body);
        return;
      }
      if (req.method !== "GET") return next();
      this.capture(key, res);
      next();
    };
  }

  /** Copies what the page sends while it is sent, and keeps it if it is a plain 200 without cookies. */
  private capture(key: string, res: Response): void {
    const generation = this.generation;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === "string") {
        chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      } else if (chunk instanceof Uint8Array) {
        chunks.push(Buffer.from(chunk));
      }
    };
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      keep(chunk, encoding);
      return write(chunk, encoding, callback);
    }) as Response["write"];
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      keep(chunk, encoding);
      const result = end(chunk, encoding, callback);
      this.store(key, res, chunks, generation);
      return result;
    }) as Response["end"];
  }

  private store(key: string, res: Response, chunks: Buffer[], generation: number): void {
    if (res.statusCode !== 200 || res.getHeader("set-cookie") || generation !== this.generation) return;
    const headers: Record<string, string> = {};
    for (const name of ["content-type", "cache-control", "x-remix-response", "link"]) {
      const value = res.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const body = Buffer.concat(chunks);
    this.entries.set(key, {
      status: 200,
      headers,
      body,
      gzipped: gzipSync(body),
      expires: Date.now() + this.ttlMs,
    });
  }
}
