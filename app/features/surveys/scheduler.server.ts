import { sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import type { EventBus } from "~/platform/events.server";
import type { Logger } from "~/platform/logger.server";
import { formatIsoDay, parisParts } from "~/platform/paris-time";
import { PeriodicTask } from "~/platform/periodic.server";
import { automaticAudiences } from "./automatic";
import {
  audienceRecipients,
  invite,
  type LinkKeys,
  questionnairesOfKind,
  remindDue,
  sessionTarget,
} from "./sending.server";
import { getSurveySettings } from "./survey-settings.server";
import { COLD_AUDIENCES, type SurveyAudience } from "./vocabulary";

/**
 * How many days late a wave is still sent (the server was stopped on the day): past that, a session
 * is left alone, so that a centre starting to use the site does not survey its sessions of years ago.
 */
export const CATCH_UP_DAYS = 14;

/** The à-chaud survey leaves on the session's last day from this Paris hour, while learners are still there. */
export const HOT_HOUR = "12:00";

export interface SurveyRound {
  invited: number;
  reminded: number;
}

/** How long an answered or closed survey keeps the address it was sent to (the answers stay). */
export const ADDRESS_KEPT_AFTER_CLOSE = "1 year";

/**
 * Empties the address of invitations that no longer need it: a learner's once the learner is
 * anonymised (retention) or erased (an automatic invitation naming nobody any more), anyone's a year
 * after the survey closed. The answers, the
 * session and the formation stay, so the published figures keep their sample.
 */
export async function forgetAddresses(db: Db): Promise<number> {
  const forgotten = await rows<{ id: string }>(
    db,
    sql`update survey_invitations i set email = null
         where i.email is not null
           and ((i.learner_id is null and i.payer_id is null and i.trainer_id is null and i.wave <> 'manuel')
                or exists (select 1 from learners l where l.id = i.learner_id and l.anonymised_at is not null)
                or i.closes_at < now() - ${ADDRESS_KEPT_AFTER_CLOSE}::interval)
        returning i.id`,
  );
  return forgotten.length;
}

/**
 * The sessions whose wave is due at `now`: the à-chaud one on the last day (from HOT_HOUR), the
 * à-froid one `coldDelayMonths` after it, each up to CATCH_UP_DAYS late.
 */
async function dueSessions(db: Db, now: Date, coldDelayMonths: number) {
  const today = formatIsoDay(now);
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const lastHotDay = parisParts(now).time >= HOT_HOUR ? today : yesterday;
  return rows<{ id: string; wave: "a_chaud" | "a_froid" }>(
    db,
    sql`
      select id, 'a_chaud' as wave from formation_sessions
       where end_date <= ${lastHotDay}::date and end_date >= ${today}::date - ${CATCH_UP_DAYS}::int
      union all
      select id, 'a_froid' as wave from formation_sessions
       where (end_date + make_interval(months => ${coldDelayMonths}::int))::date <= ${today}::date
         and (end_date + make_interval(months => ${coldDelayMonths}::int))::date >= ${today}::date - ${CATCH_UP_DAYS}::int`,
  );
}

/**
 * Sends the surveys when they are due, every minute in each server process, beside the mail worker:
 * the à-chaud questionnaires on each session's last day, the à-froid ones a delay after it, each to
 * its audience (the learners, the employers and funders paying for them, the trainers of the slots)
 * unless Paramètres turned that audience's automatic sending off, then one reminder to whoever has not
 * answered (an invitation already sent keeps its reminder when its audience is turned off after). Several instances may run a round at the same moment: an
 * invitation is a row the database accepts once (see `invite`), a reminder a conditional UPDATE
 * (see `remindDue`), and the e-mail is queued in the transaction that wrote it, so nothing leaves
 * twice. A failed round is logged and tried again at the next one.
 */
export class SurveyScheduler {
  private readonly task: PeriodicTask;

  constructor(
    private readonly db: Db,
    private readonly keys: LinkKeys,
    private readonly mail: { wake(): void },
    private readonly events: EventBus,
    private readonly logger: Logger,
    everyMs = 60_000,
  ) {
    this.task = new PeriodicTask(() => this.runOnce(), everyMs, logger, "surveys: sending round failed");
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One round at `now`. Exposed for tests, the bench and scripts. */
  async runOnce(now = new Date()): Promise<SurveyRound> {
    const settings = await getSurveySettings(this.db);
    // The audiences staff left on in Paramètres; à froid, never the trainers (COLD_AUDIENCES).
    const on = new Set<SurveyAudience>(automaticAudiences(settings));
    const cold = new Set<SurveyAudience>(COLD_AUDIENCES);
    let invited = 0;
    const questionnaires = {
      a_chaud: (await questionnairesOfKind(this.db, "a_chaud")).filter((q) => on.has(q.audience)),
      a_froid: (await questionnairesOfKind(this.db, "a_froid")).filter(
        (q) => on.has(q.audience) && cold.has(q.audience),
      ),
    };
    for (const due of await dueSessions(this.db, now, settings.coldDelayMonths)) {
      if (questionnaires[due.wave].length === 0) continue;
      const session = await sessionTarget(this.db, due.id);
      if (!session) continue;
      // Each audience's questionnaire of that wave: learners, employers, trainers, funders.
      for (const questionnaire of questionnaires[due.wave]) {
        const recipients = await audienceRecipients(this.db, due.id, questionnaire.audience, due.wave);
        if (recipients.length === 0) continue;
        invited += await this.db.transaction((tx) =>
          invite(tx, this.keys, questionnaire.id, session, due.wave, recipients, now),
        );
      }
    }
    const reminded = await this.db.transaction((tx) => remindDue(tx, this.keys, now));
    await forgetAddresses(this.db);
    if (invited || reminded) {
      this.logger.info({ invited, reminded }, "surveys: invitations and reminders queued");
      this.mail.wake();
      await this.events.publish({ table: "survey_invitations", op: "insert" });
    }
    return { invited, reminded };
  }
}

// The process's runtime carries the scheduler (built in app/boot/runtime.server.ts).
declare module "~/platform/runtime.server" {
  interface AppRuntime {
    /** Sends the à-chaud and à-froid surveys and their reminders when due, every minute. */
    surveys: SurveyScheduler;
  }
}
