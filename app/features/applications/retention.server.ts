import { and, asc, inArray, lt, sql } from "drizzle-orm";
import { writeAudit } from "~/features/journal/index.server";
import { anonymiseExpiredLearners } from "~/features/learners/index.server";
import type { Db } from "~/platform/db/client.server";
import { applications } from "~/platform/db/schema.server";
import type { EventBus } from "~/platform/events.server";
import type { Logger } from "~/platform/logger.server";
import { PeriodicTask } from "~/platform/periodic.server";
import { CLOSED_STATUSES } from "./status";

/** Applications deleted per transaction: each one stays short, however many are due. */
const PURGE_BATCH = 200;

/**
 * Deletes the refused and withdrawn applications whose status has not changed for `months` months,
 * with their files, history and e-mails (foreign keys cascade), in batches. Safe on several
 * instances at once: each batch claims its rows with FOR UPDATE SKIP LOCKED, so two instances never
 * take the same row, and neither waits for the other (nor for a colleague editing one). Each batch is
 * audited as the server's, with a count and no personal data. Answers how many went.
 */
export async function purgeExpiredApplications(db: Db, months: number): Promise<number> {
  let purged = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(
          and(
            inArray(applications.status, [...CLOSED_STATUSES]),
            lt(applications.statusChangedAt, sql`now() - make_interval(months => ${months})`),
          ),
        )
        .orderBy(asc(applications.statusChangedAt))
        .limit(PURGE_BATCH)
        .for("update", { skipLocked: true });
      if (!due.length) return 0;
      await tx.delete(applications).where(
        inArray(
          applications.id,
          due.map((r) => r.id),
        ),
      );
      await writeAudit(tx, null, {
        action: "purge",
        entity: "application",
        details: { count: due.length, retentionMonths: months },
      });
      return due.length;
    });
    purged += batch;
    if (batch < PURGE_BATCH) return purged;
  }
}

/**
 * Runs the retention purge at start and then every `everyMs` (an hour by default), beside the mail
 * worker in each server process. A failed round is logged and tried again at the next one.
 */
export class RetentionWorker {
  private readonly task: PeriodicTask;

  constructor(
    private readonly db: Db,
    private readonly months: number,
    private readonly events: EventBus,
    private readonly logger: Logger,
    everyMs = 60 * 60 * 1000,
  ) {
    this.task = new PeriodicTask(() => this.runOnce(), everyMs, logger, "retention: purge failed");
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One round: purges what is due and tells open console pages. Exposed for tests and scripts. */
  async runOnce(): Promise<number> {
    const purged = await purgeExpiredApplications(this.db, this.months);
    if (purged) {
      this.logger.info({ purged, months: this.months }, "retention: expired applications purged");
      await this.events.publish({ table: "applications", op: "delete" });
    }
    // Learners follow the same period, counted from the end of their session (see learners).
    const anonymised = await anonymiseExpiredLearners(this.db, this.months);
    if (anonymised) {
      this.logger.info(
        { anonymised, months: this.months },
        "retention: learners of ended sessions anonymised",
      );
    }
    return purged;
  }
}

// The process's runtime carries the retention worker (built in app/boot/runtime.server.ts).
declare module "~/platform/runtime.server" {
  interface AppRuntime {
    /** Purges refused and withdrawn applications past APPLICATION_RETENTION_MONTHS, hourly. */
    retention: RetentionWorker;
  }
}
