import type { Logger } from "./logger.server";

/**
 * A background job that runs at start and then every `everyMs` in each server process (retention
 * purge, scheduled publication). A failed round is logged and tried again at the next one; `stop`
 * waits for a round under way.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

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

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.running = this.round()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.error({ err: error }, this.failure))
        .finally(() => {
          this.running = null;
          if (this.timer !== null) this.schedule(this.everyMs);
        });
    }, ms);
    this.timer.unref();
  }
}
