import { existsSync } from "node:fs";
import http, { type IncomingHttpHeaders, type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type * as AppServer from "~/boot/app.server";
import type { HttpLimits } from "~/platform/http/server.server";
import { productionBuild } from "./build";
import { createTestApp, type TestApp } from "./runtime";

const buildEntry = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");

export interface HttpTestApp extends TestApp {
  server: Server;
  /** http://127.0.0.1:port */
  base: string;
  port: number;
  express: ReturnType<typeof AppServer.createExpressApp>;
}

/**
 * The real Express app of the production build on this test's own database, listening on
 * 127.0.0.1 with the server's real timeouts (`limits` overrides some of them).
 */
export async function startHttpApp(
  env: Record<string, string> = {},
  limits: Partial<HttpLimits> = {},
  options: Parameters<typeof createTestApp>[1] = {},
  /** What the app gets instead of the build's own loader (a test that watches how it is used). */
  wrapBuild: (getBuild: () => Promise<ServerBuild>) => () => Promise<ServerBuild> = (getBuild) => getBuild,
): Promise<HttpTestApp> {
  // After an edit under app/, the build would be yesterday's code (setUpHttpApp has already built it).
  await productionBuild();
  if (!existsSync(buildEntry)) throw new Error("run `npx react-router build` first (npm test does)");
  const mod = (await import(pathToFileURL(buildEntry).href)) as typeof AppServer;
  const t = await createTestApp(env, options);
  const express = mod.createExpressApp(t.app, wrapBuild(mod.getServerBuild));
  const server = await mod.listen(
    express.app,
    { ...mod.httpLimits(t.app.config), ...limits },
    0,
    "127.0.0.1",
  );
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    ...t,
    server,
    port,
    base: `http://127.0.0.1:${port}`,
    express,
    async close() {
      express.streams.endAll();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}

export interface OpenStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body received so far (the whole body once a refused stream has ended). */
  text(): string;
  /** The `data:` payloads of the `change` events received so far. */
  changes(): { table: string; op: string }[];
  /** Resolves once a change event matching `predicate` has arrived. */
  waitFor(predicate: (change: { table: string; op: string }) => boolean): Promise<void>;
  close(): void;
  closed: Promise<void>;
}

/**
 * GET /api/events as a browser's EventSource does, from `localAddress` (any 127.x.y.z works on
 * Linux loopback, so tests can be several clients without a proxy).
 */
export function openStream(
  port: number,
  options: { localAddress?: string; cookie?: string } = {},
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get({
      host: "127.0.0.1",
      port,
      path: "/api/events",
      localAddress: options.localAddress,
      agent: false,
      headers: { accept: "text/event-stream", ...(options.cookie ? { cookie: options.cookie } : {}) },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      let body = "";
      const waiters: (() => void)[] = [];
      const changes = () =>
        [...body.matchAll(/^event: change\ndata: (.*)$/gm)].map(
          (m) => JSON.parse(m[1] ?? "{}") as { table: string; op: string },
        );
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
        for (const wake of waiters.splice(0)) wake();
      });
      const closed = new Promise<void>((done) => res.on("close", () => done()));
      res.on("error", () => {});
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => body,
        changes,
        async waitFor(predicate) {
          while (!changes().some(predicate)) await new Promise<void>((wake) => waiters.push(wake));
        },
        close: () => req.destroy(),
        closed,
      });
    });
  });
}
