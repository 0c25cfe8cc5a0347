import path from "node:path";
import { RouterContextProvider } from "react-router";
import { RetentionWorker } from "./applications/retention.server";
import type { Auth } from "./auth.server";
import { createAuth, ensureAdmin } from "./auth.server";
import { ensureCentreSettings, getCentreSettings } from "./centre.server";
import type { Config } from "./config.server";
import { type Database, type Db, openDatabase } from "./db/client.server";
import { seedIfEmpty } from "./db/seed.server";
import { EventBus } from "./events.server";
import { afterResponse } from "./http/after-response.server";
import { createLogger, type Logger } from "./logger.server";
import { MailWorker } from "./mail/queue.server";
import { fileTransport, type MailTransport, smtpTransport } from "./mail/transport.server";
import { convertNextSessions } from "./sessions.server";

/** Everything a loader or action needs, handed to them through React Router's load context. */
export interface AppRuntime {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  mail: MailWorker;
  /** Purges refused and withdrawn applications past APPLICATION_RETENTION_MONTHS, hourly. */
  retention: RetentionWorker;
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

export interface RuntimeOptions {
  /** An already open database (tests hand in their own). */
  database?: Database;
  transport?: MailTransport;
  logger?: Logger;
  /** Start the background workers, mail and retention (tests run them by hand instead). */
  startMailWorker?: boolean;
  seed?: boolean;
}

/**
 * Opens the database, migrates, seeds an empty one, ensures the admin and starts the background
 * workers (mail delivery, application retention).
 */
export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<AppRuntime> {
  const logger = options.logger ?? createLogger({ production: config.production, level: config.logLevel });
  const database = options.database ?? (await openDatabase(config));
  try {
    await database.migrate();
    await ensureCentreSettings(database.db, config.contactNotifyEmail);
    if (options.seed !== false) {
      await seedIfEmpty(database.db, logger);
      const sessions = await convertNextSessions(database.db);
      if (sessions) logger.info({ sessions }, "seed: next-session dates turned into sessions");
    }
    const transport =
      options.transport ??
      (config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, "outbox")));
    // Every message comes from MAIL_FROM under the centre's name, as recipients know it.
    const sender = async () => ({
      name: (await getCentreSettings(database.db)).name,
      address: config.mailFrom,
    });
    const mail = new MailWorker(database, transport, sender, logger);
    // Work started once an answer is sent (a reset request's link and e-mail): closing waits for it.
    const pending = new Set<Promise<unknown>>();
    const background = (work: () => Promise<unknown>) =>
      afterResponse(() => {
        const task = work();
        pending.add(task);
        task.finally(() => pending.delete(task)).catch(() => {});
      });
    const auth = createAuth({ db: database.db, config, logger, onMailQueued: () => mail.wake(), background });
    if (config.adminEmail && config.adminPassword) {
      await ensureAdmin(auth, database.db, config.adminEmail, config.adminPassword);
    }
    const events = new EventBus(database, logger);
    await events.start();
    const retention = new RetentionWorker(database.db, config.applicationRetentionMonths, events, logger);
    if (options.startMailWorker !== false) {
      mail.start();
      retention.start();
    }
    return {
      config,
      database,
      db: database.db,
      auth,
      mail,
      retention,
      events,
      logger,
      async close() {
        await Promise.allSettled([...pending]);
        await retention.stop();
        await mail.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
