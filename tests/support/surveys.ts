// What the surveys' integration tests share: a second instance's scheduler, and the link in an e-mail.
import { SurveyScheduler } from "~/features/surveys/index.server";
import { openPostgres } from "~/platform/db/client.server";
import { EventBus } from "~/platform/events.server";
import { createLogger } from "~/platform/logger.server";
import { DRIVER } from "./db";
import type { TestApp } from "./runtime";

/** A second instance's scheduler on the same database: its own pool on PostgreSQL. */
export async function secondSurveyInstance(t: TestApp) {
  const logger = createLogger({ production: true, level: "silent" });
  const url = t.database.url;
  const database = DRIVER === "pg" && url ? await openPostgres(url) : null;
  const db = database?.db ?? t.app.db;
  const bus = new EventBus(database ?? t.app.database, logger);
  const keys = { publicUrl: t.app.config.publicUrl, secret: t.app.config.authSecret };
  const scheduler = new SurveyScheduler(db, keys, { wake() {} }, bus, logger);
  return { scheduler, close: async () => database?.close() };
}

/** The token of the survey link in an e-mail's text. */
export function surveyTokenIn(text: string): string {
  const found = /\/enquete\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!found) throw new Error(`no survey link in: ${text}`);
  return found;
}
