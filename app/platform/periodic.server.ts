import { EventEmitter } from "node:events";
import type { Logger } from "./logger.server";

/**
 * The process event after which every periodic task runs a round at once: emitted when the process's
 * wall clock jumps. Only the end-to-end tests' movable clock (tests/e2e/support/server-clock.mjs) moves a
 * server's clock, so that a spec that brings a due date forward sees the job act on it without waiting
 * for its period; nothing in a production process emits it, and nothing outside the process can.
 */
export const CLOCK_MOVED = "centre:clock-moved";

/** The running tasks hear the process's event through one listener (a process runs a dozen tasks). */
const clock = new EventEmitter();
clock.setMaxListeners(0);
process.on(CLOCK_MOVED, () => clock.emit("moved"));

/**
 * A background job that runs at start and then every `everyMs` in each server process (retention
 * purge, scheduled publication). A failed round is logged and tried again at the next one; `stop`
 * waits for a round under way.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Woken during a round (the clock moved): run another as soon as it ends. */
  private again = false;
  private readonly clockMoved = () => this.wake();

  constructor(
    private readonly round: () => Promise<unknown>,
    private readonly everyMs: number,
    private readonly logger: Logger,
    /** The log line of a failed round, e.g. 'retention: purge failed'. */
    private readonly failure: string,
  ) {}

  start(): void {
    this.schedule(0);
    clock.on("moved", this.clockMoved);
  }

  async stop(): Promise<void> {
    clock.off("moved", this.clockMoved);
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

/**
 * The loop of a background queue's worker (the attendance sheets, the evidence packs): `runOnce`
 * takes and does one waiting job and answers whether there was one; the queue is drained at start,
 * every `everyMs` (the jobs other instances queued, those a stopped instance left), and when `wake`
 * is called after a request on this instance. One drain at a time: a wake during a drain makes it
 * look once more at the end. `stop` waits for the job under way and takes no other.
 */
export abstract class QueueDrain {
  private readonly task: PeriodicTask;
  private started = false;
  private draining: Promise<void> | null = null;
  private again = false;

  constructor(
    everyMs: number,
    protected readonly logger: Logger,
    /** The log line of a failed round, e.g. 'attendance: sheet round failed'. */
    private readonly failure: string,
  ) {
    this.task = new PeriodicTask(() => this.drain(), everyMs, logger, failure);
  }

  /** Does one waiting job; whether there was one. Exposed for tests and benches. */
  abstract runOnce(now?: Date): Promise<boolean>;

  start(): void {
    this.started = true;
    this.task.start();
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.task.stop();
    await this.draining;
  }

  /** Called after a request so that its job starts at once instead of at the next round. */
  wake(): void {
    if (!this.started) return;
    void this.drain().catch((error: unknown) => this.logger.error({ err: error }, this.failure));
  }

  private drain(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      do {
        this.again = false;
        while (this.started && (await this.runOnce())) {}
      } while (this.again && this.started);
    })().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }
}
