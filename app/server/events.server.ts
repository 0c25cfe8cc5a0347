import { EventEmitter } from "node:events";
import { type ChangeEvent, parseChangeEvent } from "~/lib/live-tables";
import type { Database } from "./db/client.server";
import type { Logger } from "./logger.server";

export type { ChangeEvent };

/**
 * Tables whose changes anonymous visitors may hear about: what the public site shows. Everything
 * else (leads, and any console-only table added later) is told to signed-in staff only.
 */
export const PUBLIC_TABLES: ReadonlySet<ChangeEvent["table"]> = new Set([
  "formations",
  "blog_posts",
  "testimonials",
]);

export function isPublicEvent(event: ChangeEvent): boolean {
  return PUBLIC_TABLES.has(event.table);
}

const CHANNEL = "app_events";

/**
 * Carries change events to every open /api/events stream. On PostgreSQL it goes through
 * NOTIFY/LISTEN so that a write on one instance reaches browsers connected to another; on PGlite
 * (one process) it stays in memory.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (!this.database.listen) return;
    await this.database.listen(CHANNEL, (payload) => {
      // Anyone with access to the database can NOTIFY this channel: only a well-formed change on a
      // followed table goes on to the browsers.
      const event = parseChangeEvent(payload);
      if (event) this.emitter.emit("change", event);
      else this.logger.warn({ payload }, "events: unreadable notification");
    });
  }

  /** Never throws: a lost refresh signal must not fail the write that caused it. */
  async publish(event: ChangeEvent): Promise<void> {
    if (!this.database.listen) {
      this.emitter.emit("change", event);
      return;
    }
    try {
      await this.database.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify(event)]);
    } catch (error) {
      this.logger.warn({ err: error, event }, "events: notify failed");
    }
  }

  subscribe(listener: (event: ChangeEvent) => void): () => void {
    this.emitter.on("change", listener);
    return () => this.emitter.off("change", listener);
  }
}
