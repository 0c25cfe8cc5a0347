import { PublicationScheduler, type Publishable } from "~/features/publishing/index.server";
import { openPostgres } from "~/platform/db/client.server";
import { EventBus } from "~/platform/events.server";
import { createLogger } from "~/platform/logger.server";
import type { TestApp } from "./runtime";

/**
 * Two servers sharing one PostgreSQL database when scheduled publications fall due: the test's own
 * instance and a second one (its own connection pool, event bus and publication scheduler for `kinds`)
 * each run three rounds, all six at the same time. Answers how many records the rounds published in
 * all: each due record must be claimed by exactly one round.
 */
export async function publishFromTwoInstances(t: TestApp, kinds: Publishable[]): Promise<number> {
  const url = t.database.url;
  if (!url) throw new Error("a second instance shares a PostgreSQL database: run this on pg");
  const logger = createLogger({ production: true, level: "silent" });
  const other = await openPostgres(url);
  try {
    const bus = new EventBus(other, logger);
    await bus.start();
    const second = new PublicationScheduler(other.db, kinds, bus, logger);
    const rounds = await Promise.all(
      Array.from({ length: 3 }).flatMap(() => [t.app.publishing.runOnce(), second.runOnce()]),
    );
    return rounds.reduce((n, r) => n + r.published, 0);
  } finally {
    await other.close();
  }
}
