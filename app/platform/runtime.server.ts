import { RouterContextProvider } from "react-router";
import type { Config } from "./config.server";
import type { Database, Db } from "./db/client.server";
import type { EventBus } from "./events.server";
import type { Logger } from "./logger.server";
import type { MailWorker } from "./mail/queue.server";

/**
 * Everything a loader or action needs, handed to them through React Router's load context. The
 * platform's part is declared here; a feature that adds a long-lived service to the process (the
 * accounts' auth, the applications' retention worker) declares its field beside its own code, by
 * interface merging, so that this module knows no feature. app/boot/runtime.server.ts builds it.
 */
export interface AppRuntime {
  config: Config;
  database: Database;
  db: Db;
  mail: MailWorker;
  events: EventBus;
  logger: Logger;
  close(): Promise<void>;
}

/** What every loader and action reads from its `context` besides middleware values. */
export interface AppContextFields {
  app: AppRuntime;
  /** The client's address as the server saw it; the rate limits key on it. */
  clientIp: string;
}

// Middleware is on (react-router.config.ts), so `context` is a RouterContextProvider: it carries the
// runtime and client address as plain fields too, so loaders keep reading `context.app`.
declare module "react-router" {
  interface AppLoadContext extends AppContextFields {}
  interface RouterContextProvider extends AppContextFields {}
}

/** The load context of one request: a RouterContextProvider (for middleware) with app and clientIp. */
export function createLoadContext(app: AppRuntime, clientIp: string): RouterContextProvider {
  return Object.assign(new RouterContextProvider(), { app, clientIp });
}
