import { createHash, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { AppRuntime } from "./runtime.server";
import type { StreamRegistry } from "./sse.server";

type Manifest = ServerBuild["routes"];

/** Paths Express answers itself, before the static files and the pages. */
const EXPRESS_ROUTES = new Set(["/healthz", "/readyz", "/metrics"]);

/** How many distinct paths keep their route pattern in memory (a few hundred bytes each). */
const PATTERN_CACHE_SIZE = 5_000;

/** React Router's flat route manifest as the nested tree matchRoutes expects. */
function routeTree(manifest: Manifest, parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      const children = routeTree(manifest, route?.id);
      return route?.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route?.id, path: route?.path, caseSensitive: route?.caseSensitive, children };
    });
}

/**
 * The route pattern a path is served by (`/formation/:slug`, not `/formation/cariste`), so that
 * the metric has one series per route whatever visitors type. Express-only paths are named by the
 * caller; everything else goes through React Router's own matcher on the build's routes.
 */
export function routePattern(tree: RouteObject[], pathname: string): string {
  let path = pathname;
  let suffix = "";
  // Single-fetch data requests: /formations.data, and /_root.data for the home page.
  if (path.endsWith(".data")) {
    suffix = ".data";
    path = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
  }
  const matches = matchRoutes(tree, path);
  if (!matches) return `(aucune route)${suffix}`;
  const pattern = matches
    .map((m) => m.route.path)
    .filter((p): p is string => Boolean(p))
    .join("/")
    .replace(/\/+/g, "/");
  return `/${pattern.replace(/^\//, "")}${suffix}`;
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Prometheus metrics of one process (prom-client): request durations by route, the mail outbox,
 * open event streams, the database pool, and Node's own process metrics.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly durations: Histogram<"method" | "route" | "status">;
  private tree: { build: ServerBuild; routes: RouteObject[] } | null = null;
  /**
   * Pattern per path already seen. matchRoutes flattens and ranks the whole route tree on every
   * call: done for each request it took about half of the server's CPU when serving cached pages.
   * Bounded, because paths are whatever visitors type; emptied when full or when the build changes.
   */
  private readonly patterns = new Map<string, string>();

  constructor(
    private readonly runtime: AppRuntime,
    streams: StreamRegistry,
    private readonly getBuild: () => Promise<ServerBuild>,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.durations = new Histogram({
      name: "http_request_duration_seconds",
      help: "Durée des requêtes HTTP, par route (motif, pas chemin brut), méthode et statut.",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    new Gauge({
      name: "event_streams_open",
      help: "Flux /api/events ouverts sur ce processus.",
      registers,
      collect() {
        this.set(streams.size);
      },
    });
    const database = runtime.database;
    new Gauge({
      name: "db_pool_connections",
      help: "Connexions du pool de la base : total, inactives, requêtes en attente d'une connexion, maximum.",
      labelNames: ["state"],
      registers,
      collect() {
        const pool = database.poolStats();
        for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
      },
    });
    // Both outbox gauges come from one query; a scrape collects them concurrently, so they share it.
    let outboxRead: Promise<{ depth: number; oldest: number }> | null = null;
    const readOutbox = () => {
      outboxRead ??= database
        .query<{ depth: number; oldest: number | null }>(
          `select count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as oldest
           from mail_outbox where sent_at is null`,
        )
        .then(([row]) => ({ depth: Number(row?.depth ?? 0), oldest: Number(row?.oldest ?? 0) }))
        .finally(() => {
          outboxRead = null;
        });
      return outboxRead;
    };
    new Gauge({
      name: "mail_outbox_pending",
      help: "E-mails pas encore délivrés (en file ou en nouvelle tentative).",
      registers,
      async collect() {
        this.set((await readOutbox()).depth);
      },
    });
    new Gauge({
      name: "mail_outbox_oldest_pending_age_seconds",
      help: "Âge en secondes du plus ancien e-mail pas encore délivré (0 quand la file est vide).",
      registers,
      async collect() {
        this.set((await readOutbox()).oldest);
      },
    });
  }

  private async routeOf(req: Request, res: Response): Promise<string> {
    // Answered at the entrance (a redirect to the canonical address, a malformed one refused).
    if (typeof res.locals.route === "string") return res.locals.route;
    // Set by `rendered()`: the request got past the static files to the pages.
    if (res.locals.metricsPage !== true)
      return EXPRESS_ROUTES.has(req.path) ? req.path : "(fichier statique)";
    const build = await this.getBuild();
    if (this.tree?.build !== build) {
      this.tree = { build, routes: routeTree(build.routes) };
      this.patterns.clear();
    }
    let pattern = this.patterns.get(req.path);
    if (pattern === undefined) {
      if (this.patterns.size >= PATTERN_CACHE_SIZE) this.patterns.clear();
      pattern = routePattern(this.tree.routes, req.path);
      this.patterns.set(req.path, pattern);
    }
    return pattern;
  }

  /** Times every request but event streams (they last minutes; `event_streams_open` counts them). */
  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.path === "/api/events") return next();
      const stop = this.durations.startTimer();
      res.on("finish", () => {
        this.routeOf(req, res)
          .then((route) => stop({ method: req.method, route, status: String(res.statusCode) }))
          .catch((error: unknown) => this.runtime.logger.warn({ err: error }, "metrics: route unknown"));
      });
      next();
    };
  }

  /** Mounted after the static files: what reaches it is a page (cached or rendered). */
  rendered() {
    return (_req: Request, res: Response, next: NextFunction) => {
      res.locals.metricsPage = true;
      next();
    };
  }

  /** GET /metrics: 401 without the right `Authorization: Bearer <METRICS_TOKEN>`. */
  handler(token: string) {
    return async (req: Request, res: Response) => {
      const header = req.get("authorization") ?? "";
      const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
      res.set("Cache-Control", "no-store");
      if (!sameSecret(given, token)) {
        res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain; charset=utf-8");
        res.send("Jeton de métriques absent ou invalide.");
        return;
      }
      try {
        const body = await this.registry.metrics();
        res.type(this.registry.contentType).send(body);
      } catch (error) {
        this.runtime.logger.error({ err: error }, "metrics: collection failed");
        res.status(503).type("text/plain; charset=utf-8").send("Métriques indisponibles.");
      }
    };
  }
}
