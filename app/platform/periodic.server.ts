import type { Logger } from "./logger.server";

/**
 * A background job that runs at start and then every `everyMs` in each server process (retention
 * purge, scheduled publication). A failed round is logged and tried again at the next one; `stop`
 * waits for a round under way.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly round: () => Promise<unknown>,
    private readonly everyMs: number,
    private readonly logger: Logger,
    /** The log line of a failed round, e.g. 'retention: purge failed'. */
    private readonly failure: string,
  ) {}

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * Runs a round now instead of at the end of the period (once the one under way ends, if any);
   * nothing once stopped or before the start.
   */
  wake(): void {
    if (this.timer === null) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.running = this.round()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.error({ err: error }, this.failure))
        .finally(() => {
          this.running = null;
          const soon = this.again;
          this.again = false;
          if (this.timer !== null) this.schedule(soon ? 0 : this.everyMs);
        });
    }, ms);
    this.timer.unref();
  }
}

/**
 * A periodic round that queues e-mails (reminders, warnings): runs `round(now)` and, when it queued
 * some, logs how many and wakes the mail worker so that they leave now rather than at its next poll.
 * `runOnce` is exposed for tests and scripts.
 */
export class MailRound<T> {
  private readonly task: PeriodicTask;

  constructor(
    private readonly round: (now: Date) => Promise<T[]>,
    private readonly mail: { wake(): void },
    private readonly logger: Logger,
    /** The log lines and the count's field: { failed: 'x: round failed', queued: 'x: queued', field: 'reminders' }. */
    private readonly log: { failed: string; queued: string; field: string },
    everyMs: number,
  ) {
    this.task = new PeriodicTask(() => this.runOnce(), everyMs, logger, log.failed);
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One round at `now`: what it queued. */
  async runOnce(now = new Date()): Promise<T[]> {
    const sent = await this.round(now);
    if (sent.length) {
      this.logger.info({ [this.log.field]: sent.length }, this.log.queued);
      this.mail.wake();
    }
    return sent;
  }
}
