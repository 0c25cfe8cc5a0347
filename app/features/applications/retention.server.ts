import { and, inArray, lt, type SQL, sql } from "drizzle-orm";
import { applications } from "~/features/applications/schema.server";
import { purgeInBatches } from "~/features/audit/index.server";
import { anonymiseExpiredComplaints } from "~/features/complaints/index.server";
import { anonymiseExpiredLearners } from "~/features/learners/index.server";
import { getCentreSettings } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/client.server";
import type { EventBus } from "~/platform/events.server";
import type { Logger } from "~/platform/logger.server";
import { PeriodicTask } from "~/platform/periodic.server";
import { CLOSED_STATUSES } from "./status";

/**
 * Deletes the refused and withdrawn applications whose status has not changed for `months` months,
 * with their files, history and e-mails (foreign keys cascade), in batches shared safely between
 * instances and audited as the server's (journal's purgeInBatches). Answers how many went.
 */
export function purgeExpiredApplications(db: Db, months: number): Promise<number> {
  return purgeInBatches(db, {
    entity: "application",
    retentionMonths: months,
    table: applications,
    id: applications.id,
    due: and(
      inArray(applications.status, [...CLOSED_STATUSES]),
      lt(applications.statusChangedAt, sql`now() - make_interval(months => ${months})`),
    ) as SQL,
    oldest: applications.statusChangedAt,
    apply: async (tx, ids) => {
      await tx.delete(applications).where(inArray(applications.id, ids));
    },
  });
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
    // Learners follow their own period, set in Paramètres (five years by default: a funder's control
    // and a Qualiopi cycle need their records far longer than a refused candidate's), counted from
    // the end of their session (see learners). Read at each round: a change applies at the next one.
    const { learnerRetentionMonths: months } = await getCentreSettings(this.db);
    const anonymised = await anonymiseExpiredLearners(this.db, months);
    if (anonymised) {
      this.logger.info({ anonymised, months }, "retention: learners of ended sessions anonymised");
    }
    // Complaints keep their register entry; the author's data go 3 years after closing (see complaints).
    const erased = await anonymiseExpiredComplaints(this.db);
    if (erased) {
      this.logger.info({ erased }, "retention: personal data of complaints closed 3 years ago erased");
      await this.events.publish({ table: "complaints", op: "update" });
    }
    return purged;
  }
}

// The process's runtime carries the retention worker (built in app/boot/runtime.server.ts).
declare module "~/platform/runtime.server" {
  interface AppRuntime {
    /**
     * Hourly: purges refused and withdrawn applications past APPLICATION_RETENTION_MONTHS, anonymises
     * learners past the retention set in Paramètres.
     */
    retention: RetentionWorker;
  }
}
