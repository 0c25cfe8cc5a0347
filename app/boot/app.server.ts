import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import type { Server } from "node:http";
import { createRequestHandler } from "@react-router/express";
import express, { type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { mediaBytes, mediaHandler, VariantStore } from "~/features/media/index.server";
import { ConfigError, loadConfig } from "~/platform/config.server";
import { canonicalAddresses, canonicalPathOf, pathRules } from "~/platform/http/addresses.server";
import { afterResponseQueue } from "~/platform/http/after-response.server";
import { compressionMiddleware } from "~/platform/http/compression.server";
import { healthRoutes } from "~/platform/http/health.server";
import { precompressedAssets } from "~/platform/http/precompressed.server";
import { sameOriginOnly } from "~/platform/http/same-origin.server";
import { httpLimits, listen } from "~/platform/http/server.server";
import { PageCache } from "~/platform/page-cache.server";
import { Metrics } from "./metrics.server";
import { type AppRuntime, createLoadContext, createRuntime } from "./runtime.server";
import { personalPages, securityHeaders } from "./security-headers.server";
import { eventStream, StreamRegistry } from "./sse.server";

export { httpLimits, listen };

let serverBuild: Promise<ServerBuild> | null = null;

/**
 * React Router's server build, a virtual module its Vite plugin provides at build time. Imported
 * once: the metrics ask for it after every response, and each `import()` asks the module loader
 * (and its resolve hook, server.js) again.
 */
export const getServerBuild = (): Promise<ServerBuild> => {
  serverBuild ??= import("virtual:react-router/server-build") as Promise<ServerBuild>;
  return serverBuild;
};

/** The Express app: health, events stream, static files, then React Router for everything else. */
export function createExpressApp(
  runtime: AppRuntime,
  getBuild: () => Promise<ServerBuild>,
  vite?: ViteDevServer,
) {
  const app = express();
  const streams = new StreamRegistry(runtime.config.eventStreamsPerClient);
  const metrics = new Metrics(runtime, streams, getBuild);
  app.disable("x-powered-by");
  app.set("trust proxy", runtime.config.trustProxy);
  // As React Router's routes (app/routes.ts): a path's fixed segments match only as written, so the
  // rules that protect an address (http/addresses.server.ts) see the very path that is routed.
  app.set("case sensitive routing", true);

  app.use(metrics.middleware());
  app.use(afterResponseQueue());
  app.use((req, res, next) => {
    const started = performance.now();
    const id = (req.headers["x-request-id"] as string | undefined) ?? randomUUID();
    res.setHeader("X-Request-Id", id);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    // The canonical form (a request for another form is only redirected to it), so that the
    // logger's masking of secret tokens reads the path as the router would.
    const path = canonicalPathOf(req);
    // No page may be framed, but the PDF a signer reads inside the signing page, by the site only.
    res.setHeader("X-Frame-Options", pathRules(path).sameOriginFrame ? "SAMEORIGIN" : "DENY");
    res.on("finish", () => {
      if (path.startsWith("/assets/")) return;
      runtime.logger.info(
        {
          reqId: id,
          method: req.method,
          path,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    });
    next();
  });
  // Before anything reads the path: one written form per address, malformed ones refused.
  app.use(canonicalAddresses());

  healthRoutes(app, runtime);
  if (runtime.config.metricsToken) app.get("/metrics", metrics.handler(runtime.config.metricsToken));
  app.get("/api/events", eventStream(runtime, streams));
  app.use(securityHeaders(runtime.config.publicUrl));
  app.use(sameOriginOnly(runtime.config.publicUrl));
  // The médiathèque's pictures: already compressed, content-addressed, cached a year by browsers.
  app.get(
    "/media/:hash/:file",
    mediaHandler(new VariantStore(runtime.db, mediaBytes(runtime)), runtime.logger),
  );

  app.use(compressionMiddleware());
  if (vite) {
    app.use(vite.middlewares);
  } else {
    const client = `${runtime.config.buildDir}/client`;
    // Scripts and styles as the build compressed them once (Brotli, gzip); anything else below.
    app.use("/assets", precompressedAssets(`${client}/assets`));
    app.use("/assets", express.static(`${client}/assets`, { immutable: true, maxAge: "1y" }));
    // The other files at the build's root (favicon, documents…): only requests for one of those
    // names reach express.static, so that a page request does not cost a file-system lookup first.
    const rootFiles = new Set(existsSync(client) ? readdirSync(client) : []);
    const serveRoot = express.static(client, { maxAge: "1h", index: false });
    app.use((req, res, next) => {
      const first = req.path.split("/")[1] ?? "";
      if (rootFiles.has(first)) serveRoot(req, res, next);
      else next();
    });
  }
  app.use(metrics.rendered());
  app.use(personalPages());
  const cacheBytes = runtime.config.pageCacheMaxMb * 1024 * 1024;
  const pageCache =
    vite || cacheBytes === 0 ? null : new PageCache(runtime, getBuild, { maxBytes: cacheBytes });
  if (pageCache) app.use(pageCache.middleware());
  app.use(reactRouterHandler(runtime, getBuild, vite));
  return { app, streams, metrics, pageCache };
}

/**
 * React Router for every page. Handed a function, React Router derives its route tables again on
 * every request (flattening, ranking and compiling every route's pattern), so that development
 * picks up edits; in production the build never changes, so it gets the build itself, resolved on
 * the first request, and derives them once. With some seventy routes that derivation was a tenth of
 * the server's CPU under a load of contact-form posts.
 */
function reactRouterHandler(
  runtime: AppRuntime,
  getBuild: () => Promise<ServerBuild>,
  vite: ViteDevServer | undefined,
): RequestHandler {
  const getLoadContext = (req: express.Request) =>
    createLoadContext(runtime, req.ip ?? req.socket.remoteAddress ?? "unknown");
  if (vite) return createRequestHandler({ build: getBuild, mode: "development", getLoadContext });
  let handler: Promise<RequestHandler> | null = null;
  return (req, res, next) => {
    handler ??= getBuild().then((build) =>
      createRequestHandler({ build, mode: "production", getLoadContext }),
    );
    handler.then((handle) => handle(req, res, next), next);
  };
}

export interface Started {
  server: Server;
  runtime: AppRuntime;
  stop(): Promise<void>;
}

/**
 * Starts everything. On SIGTERM/SIGINT: stop accepting, end event streams, let in-flight requests
 * finish (10 s at most), then stop the mail worker and close the database so PGlite is left clean.
 */
export async function boot(
  options: { vite?: ViteDevServer; getBuild?: () => Promise<ServerBuild> } = {},
): Promise<Started> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration invalide : ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  let runtime: AppRuntime;
  try {
    runtime = await createRuntime(config);
  } catch (error) {
    // An unreachable database or a folder already in use: say so in one line, not a stack trace.
    console.error(`Démarrage impossible : ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const getBuild = options.getBuild ?? getServerBuild;
  // The server build (every route module, React's server renderer, the PDF and mail libraries) is
  // loaded before the port opens, not by the first visitor: on a cold start the first page would
  // wait half a second for it, and every visitor arriving meanwhile with it.
  if (!options.vite) await getBuild();
  const { app, streams, pageCache } = createExpressApp(runtime, getBuild, options.vite);
  // The home page, the one a burst of visitors lands on after a restart, is in the cache when the
  // port opens: its first visitors get a copy instead of all waiting for one cold render.
  await pageCache?.warm(["/"]);
  const server = await listen(app, httpLimits(config), config.port);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  runtime.logger.info({ port, db: runtime.database.driver }, `Serveur prêt sur http://localhost:${port}`);

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      runtime.logger.info("shutting down");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      streams.endAll();
      server.closeIdleConnections();
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
      await Promise.race([closed, timeout]);
      server.closeAllConnections();
      await options.vite?.close();
      await runtime.close();
    })();
    return stopping;
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stop()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          console.error(error);
          process.exit(1);
        });
    });
  }
  return { server, runtime, stop };
}
