import { promisify } from "node:util";
import { brotliCompress as brotliCallback, constants, gzip as gzipCallback } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { pathRules } from "~/platform/http/addresses.server";
import { policyForCachedPage } from "~/platform/http/csp.server";
import { isPublicEvent } from "./events.server";
import { type AppRuntime, createLoadContext } from "./runtime.server";

// Runs in libuv's thread pool: a 60 KB page compressed inline would hold the event loop ~1 ms each.
const gzip = promisify(gzipCallback);
const brotliCompress = promisify(brotliCallback);

/**
 * Brotli at its best quality, once per stored copy (~15 ms for a 100 KB page, in the thread pool): a
 * public page is ~20 % smaller than in gzip, the difference between one round trip and two for a
 * phone's first view (TCP slow start sends ~14 KB in the first).
 */
function brotliOf(body: Buffer): Promise<Buffer> {
  return brotliCompress(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

interface Rendered {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Compressed {
  /** Compressed once when stored, instead of once per visitor. */
  gzipped: Buffer | null;
  brotli: Buffer | null;
}

interface Entry extends Rendered, Compressed {
  expires: number;
  /** The cache generation it was rendered in; an older one means a public table changed since. */
  generation: number;
  bytes: number;
}

/**
 * The query parameters public pages read (catalogue filters, contact preselection, and React
 * Router's `_routes` on `.data` requests). A page's key is its path plus these, sorted. A request
 * with any other parameter is rendered for itself and not kept, so junk query strings cannot fill
 * the cache; a public page that starts reading a new parameter must add it here.
 */
const PAGE_PARAMS = new Set(["q", "type", "niveau", "requis", "objectif", "sujet", "formation", "_routes"]);
/** Campaign tags on links to the site: they never change a page, so they are left out of the key. */
const TRACKING_PARAM = /^(utm_[a-z]+|gclid|fbclid|msclkid)$/;

/** Headers of a rendered page a copy does not carry: per connection, or set again when sent. */
const DROPPED_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
]);

export interface PageCacheOptions {
  /** How long a copy is served before it is rendered again (in the background). */
  ttlMs?: number;
  /** Memory bound: raw + compressed bodies of every entry together; least recently used go first. */
  maxBytes?: number;
  maxEntries?: number;
}

/**
 * Keeps the rendered HTML (and React Router's `.data` payloads) of public pages for anonymous
 * visitors, so that the busiest pages cost a memory copy instead of database reads and a React
 * render. A visitor with any cookie is served fresh: the page may carry a greeting or a toast.
 *
 * - One render per page at a time (single flight): visitors arriving while a page renders wait
 *   for that render, or are served the previous copy when there is one.
 * - Expiry (`ttlMs`) re-renders in the background: everyone keeps getting the previous copy.
 * - A change to a public table (on any instance, through LISTEN/NOTIFY) makes every copy stale:
 *   the next visitor of a page waits for its new render, so an edit shows on the very next visit,
 *   and visitors arriving meanwhile get the previous copy (stale-while-revalidate).
 * - Bounded by bytes and entries, least recently used evicted first.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Rendered>>();
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  // The build itself, not `getBuild`: handed a function, React Router derives its route tables
  // again for every render (see reactRouterHandler in app/boot/app.server.ts).
  private handle: Promise<ReturnType<typeof createRequestHandler>> | null = null;
  /** Memory held by the entries (what `maxBytes` bounds). */
  bytes = 0;
  hits = 0;
  /** Pages rendered by the cache, for tests and benchmarks. */
  renders = 0;
  /** Brotli copies being made after their page was stored (see `store`). */
  private readonly compressing = new Set<Promise<void>>();

  constructor(
    private readonly runtime: AppRuntime,
    private readonly getBuild: () => Promise<ServerBuild>,
    options: PageCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.maxEntries = options.maxEntries ?? 2_000;
    runtime.events.subscribe((event) => {
      if (isPublicEvent(event)) this.invalidate();
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Every copy becomes stale; each is replaced on the next visit of its page. */
  invalidate(): void {
    this.generation++;
  }

  /** The cache key of a request, or null when it is not served from the cache. */
  keyOf(req: Request): string | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    // Which addresses may be kept: http/addresses.server.ts, the one place that says what a path is.
    if (req.headers.cookie || !pathRules(req.path).pageCache) return null;
    const url = new URL(req.originalUrl, "http://cache");
    const kept: [string, string][] = [];
    for (const [name, value] of url.searchParams) {
      if (TRACKING_PARAM.test(name)) continue;
      if (!PAGE_PARAMS.has(name)) return null;
      kept.push([name, value]);
    }
    kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const query = new URLSearchParams(kept).toString();
    return query ? `${url.pathname}?${query}` : url.pathname;
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      const key = this.keyOf(req);
      if (key === null) return next();
      this.serveFromCache(key, req, res).catch(next);
    };
  }

  private async serveFromCache(key: string, req: Request, res: Response): Promise<void> {
    const entry = this.entries.get(key);
    if (entry) {
      // Least recently used goes first: a hit moves the entry to the end of the Map's order.
      this.entries.delete(key);
      this.entries.set(key, entry);
      const changed = entry.generation !== this.generation;
      const expired = entry.expires <= Date.now();
      if (!changed && !expired) {
        this.hits++;
        return this.send(req, res, entry, "HIT");
      }
      if (this.inFlight.has(key) || !changed) {
        // Someone is rendering it already, or it merely expired: the copy stays good meanwhile.
        if (!this.inFlight.has(key)) {
          this.render(key).catch((error: unknown) =>
            this.runtime.logger.error({ err: error, key }, "page cache: background render failed"),
          );
        }
        this.hits++;
        return this.send(req, res, entry, "STALE");
      }
    }
    // Not cached, or changed since: wait for the (single) render of it.
    const rendered = await (this.inFlight.get(key) ?? this.render(key));
    const stored = this.entries.get(key);
    if (stored && rendered.status === 200) return this.send(req, res, stored, null);
    return this.send(req, res, { ...rendered, gzipped: null, brotli: null }, null);
  }

  /**
   * Renders `paths` into the cache before the first visitor: a server that has just started would
   * otherwise make the first visitors of its busiest page wait for a render on a cold process
   * (React's renderer not yet compiled, no database connection open). A failure is only logged:
   * the page is then rendered on its first visit, as without this.
   */
  async warm(paths: string[]): Promise<void> {
    for (const path of paths) {
      await this.render(path).catch((error: unknown) =>
        this.runtime.logger.warn({ err: error, path }, "page cache: warm-up render failed"),
      );
    }
  }

  /** Renders `key` once however many visitors ask, and stores it when it is a plain 200. */
  private render(key: string): Promise<Rendered> {
    const generation = this.generation;
    const job = (async () => {
      this.renders++;
      this.handle ??= this.getBuild().then((build) => createRequestHandler(build, "production"));
      const response = await (await this.handle)(
        new Request(`${this.runtime.config.publicUrl}${key}`),
        createLoadContext(this.runtime, "page-cache"),
      );
      const body = Buffer.from(await response.arrayBuffer());
      const headers: Record<string, string> = {};
      for (const [name, value] of response.headers) {
        if (!DROPPED_HEADERS.has(name)) headers[name] = value;
      }
      const rendered = { status: response.status, headers, body };
      if (response.status === 200 && !response.headers.has("set-cookie")) {
        if (headers["content-security-policy"]) {
          headers["content-security-policy"] = policyForCachedPage(body.toString("utf8"));
        }
        await this.store(key, rendered, generation);
      }
      return rendered;
    })().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, job);
    return job;
  }

  /**
   * Keeps a new copy, gzipped, and resolves: the visitors waiting for this render are answered at
   * once. Brotli at its best quality takes ten times longer than gzip (a few hundred milliseconds
   * on a busy machine, the better part of a cold page's wait), so it is computed afterwards, in the
   * thread pool, and added to the copy for the visitors after them.
   */
  private async store(key: string, rendered: Rendered, generation: number): Promise<void> {
    const gzipped = await gzip(rendered.body);
    const bytes = key.length + rendered.body.length + gzipped.length;
    if (bytes > this.maxBytes) return;
    this.remove(key);
    const entry: Entry = {
      ...rendered,
      gzipped,
      brotli: null,
      generation,
      bytes,
      expires: Date.now() + this.ttlMs,
    };
    this.entries.set(key, entry);
    this.bytes += bytes;
    this.evict();
    const compressing = brotliOf(rendered.body)
      .then(
        (brotli) => {
          // Only onto the copy it was made for: a newer render or an eviction may have replaced it.
          if (this.entries.get(key) !== entry) return;
          entry.brotli = brotli;
          entry.bytes += brotli.length;
          this.bytes += brotli.length;
          this.evict();
        },
        (error: unknown) => this.runtime.logger.error({ err: error, key }, "page cache: brotli failed"),
      )
      .finally(() => this.compressing.delete(compressing));
    this.compressing.add(compressing);
  }

  /** Resolves once every Brotli copy under way is made (tests wait for it). */
  async compressed(): Promise<void> {
    await Promise.all([...this.compressing]);
  }

  /** Least recently used first, until the cache is within its bounds. */
  private evict(): void {
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private send(
    req: Request,
    res: Response,
    page: Rendered & Compressed,
    cache: "HIT" | "STALE" | null,
  ): void {
    // Brotli first whenever the client takes it: browsers list "gzip, deflate, br, zstd" at equal
    // weight, so following the header's order would always pick gzip.
    const encoding =
      page.brotli && req.acceptsEncodings("br") === "br"
        ? { name: "br", body: page.brotli }
        : page.gzipped && req.acceptsEncodings("gzip") === "gzip"
          ? { name: "gzip", body: page.gzipped }
          : null;
    res.status(page.status).set(page.headers).vary("Accept-Encoding");
    if (cache) res.set("X-Cache", cache);
    // A set Content-Encoding makes the compression middleware leave the body alone.
    if (encoding) res.set("Content-Encoding", encoding.name);
    const body = encoding ? encoding.body : page.body;
    res.set("Content-Length", String(body.length));
    res.end(req.method === "HEAD" ? undefined : body);
  }
}
