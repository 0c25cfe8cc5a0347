import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as AppServer from "~/server/app.server";
import { createTestApp, type TestApp } from "./runtime";

const buildEntry = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");

export interface HttpTestApp extends TestApp {
  /** http://127.0.0.1:<port> of the real Express app. */
  base: string;
}

/**
 * The real Express app of the production build (every middleware, React Router, better-auth) on this
 * test's own database and configuration, listening on a free loopback port.
 */
export async function startHttpApp(env: Record<string, string> = {}): Promise<HttpTestApp> {
  if (!existsSync(buildEntry)) throw new Error("run `npx react-router build` first (npm test does)");
  const mod = (await import(pathToFileURL(buildEntry).href)) as typeof AppServer;
  const t = await createTestApp(env);
  const { app } = mod.createExpressApp(t.app, mod.getServerBuild);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    ...t,
    base,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}
