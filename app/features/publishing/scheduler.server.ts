import { type AuditEntry, writeAudit } from "~/features/audit/index.server";
import type { Db } from "~/platform/db/client.server";
import type { ChangeEvent, EventBus } from "~/platform/events.server";
import type { Logger } from "~/platform/logger.server";
import { PeriodicTask } from "~/platform/periodic.server";

/** A row the scheduler made public or took off the site. */
export interface ScheduledRow {
  id: string;
  title: string;
}

/**
 * One kind of record that can be scheduled (articles; formations and pages join the same way). Each
 * function is one conditional UPDATE … WHERE publish_at <= now() (or unpublish_at) that also clears
 * the date: when two instances run it at once, PostgreSQL makes the second wait for the first's row
 * lock and then re-reads the row, whose date is gone, so each row is published by exactly one of them.
 */
export interface Publishable {
  entity: AuditEntry["entity"];
  table: ChangeEvent["table"];
  publishDue(tx: Db): Promise<ScheduledRow[]>;
  unpublishDue(tx: Db): Promise<ScheduledRow[]>;
}

export interface ScheduledRound {
  published: number;
  unpublished: number;
}

/**
 * Publishes, then unpublishes, what is due for one kind of record, in one transaction with one
 * Journal entry per row (the server's: no actor). Answers how many rows changed.
 */
async function runDue(db: Db, kind: Publishable): Promise<ScheduledRound> {
  return db.transaction(async (tx) => {
    const published = await kind.publishDue(tx);
    const unpublished = await kind.unpublishDue(tx);
    for (const [action, rows] of [
      ["publish", published],
      ["unpublish", unpublished],
    ] as const) {
      for (const row of rows) {
        await writeAudit(tx, null, {
          action,
          entity: kind.entity,
          entityId: row.id,
          details: { title: row.title, scheduled: true },
        });
      }
    }
    return { published: published.length, unpublished: unpublished.length };
  });
}

/**
 * Runs the scheduled publications every `everyMs` (15 s: a date is honoured within a minute) in each
 * server process, beside the mail and retention workers. After a change it tells every instance
 * (page cache, sitemap, open pages) through the event bus. A failed round is logged and tried again.
 */
export class PublicationScheduler {
  private readonly task: PeriodicTask;

  constructor(
    private readonly db: Db,
    private readonly kinds: readonly Publishable[],
    private readonly events: EventBus,
    private readonly logger: Logger,
    everyMs = 15_000,
  ) {
    this.task = new PeriodicTask(() => this.runOnce(), everyMs, logger, "publishing: scheduled round failed");
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One round over every kind of record. Exposed for tests and scripts. */
  async runOnce(): Promise<ScheduledRound> {
    const total: ScheduledRound = { published: 0, unpublished: 0 };
    for (const kind of this.kinds) {
      const round = await runDue(this.db, kind);
      if (round.published || round.unpublished) {
        this.logger.info({ table: kind.table, ...round }, "publishing: scheduled changes made");
        await this.events.publish({ table: kind.table, op: "update" });
      }
      total.published += round.published;
      total.unpublished += round.unpublished;
    }
    return total;
  }
}

// The process's runtime carries the scheduler (built in app/boot/runtime.server.ts).
declare module "~/platform/runtime.server" {
  interface AppRuntime {
    /** Makes scheduled publications and unpublications happen, every 15 s. */
    publishing: PublicationScheduler;
  }
}
