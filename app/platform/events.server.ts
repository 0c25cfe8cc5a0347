import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { Database } from "~/platform/db/client.server";
import { type ChangeEvent, parseChangeEvent } from "./live-tables";
import type { Logger } from "./logger.server";

export type { ChangeEvent };

/**
 * Tables whose changes anonymous visitors may hear about: what the public site shows. Everything
 * else (leads, and any console-only table added later) is told to signed-in staff only.
 */
export const PUBLIC_TABLES: ReadonlySet<ChangeEvent["table"]> = new Set([
  "formations",
  // Sessions and their seats left are public; applications never are.
  "formation_sessions",
  "blog_posts",
  "testimonials",
  // The centre's identity: header, footer, contact details, legal pages, JSON-LD.
  "centre_settings",
  // A picture replaced or described anew: the pages that show it.
  "media",
  // The written pages (Pages in the console).
  "site_pages",
]);

export function isPublicEvent(event: ChangeEvent): boolean {
  return PUBLIC_TABLES.has(event.table);
}

const CHANNEL = "app_events";

/**
 * Carries change events to every open /api/events stream. On PostgreSQL it goes through
 * NOTIFY/LISTEN so that a write on one instance reaches browsers connected to another; on PGlite
 * (one process) it stays in memory. Either way the instance that made the change hears of it at
 * once, before `publish` returns: its own page cache never serves the old page to the next visit.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  /** Tags this instance's notifications so that it skips them when they come back through LISTEN. */
  private readonly origin = randomUUID();

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (!this.database.listen) return;
    await this.database.listen(CHANNEL, (payload) => {
      // "<origin> <event JSON>". Anyone with access to the database can NOTIFY this channel: only a
      // well-formed change on a followed table goes on to the browsers.
      const space = payload.indexOf(" ");
      if (payload.slice(0, space) === this.origin) return;
      const event = parseChangeEvent(payload.slice(space + 1));
      if (event) this.emitter.emit("change", event);
      else this.logger.warn({ payload }, "events: unreadable notification");
    });
  }

  /** Payloads whose NOTIFY is on its way, and those of them to send once more when it is done. */
  private readonly sending = new Set<string>();
  private readonly again = new Set<string>();

  /**
   * Never throws: a lost refresh signal must not fail the write that caused it. An event says only
   * "this table changed", so while the same event's NOTIFY is on its way, another publish of it is
   * folded into one more NOTIFY sent after it (which every listener hears after both writes): a
   * burst of contact requests makes a few notifications, not one per request.
   */
  async publish(event: ChangeEvent): Promise<void> {
    this.emitter.emit("change", event);
    if (!this.database.listen) return;
    const payload = `${this.origin} ${JSON.stringify(event)}`;
    if (this.sending.has(payload)) {
      this.again.add(payload);
      return;
    }
    this.sending.add(payload);
    try {
      do {
        this.again.delete(payload);
        await this.notify(payload, event);
      } while (this.again.has(payload));
    } finally {
      this.sending.delete(payload);
    }
  }

  private async notify(payload: string, event: ChangeEvent): Promise<void> {
    try {
      await this.database.query("select pg_notify($1, $2)", [CHANNEL, payload]);
    } catch (error) {
      this.logger.warn({ err: error, event }, "events: notify failed");
    }
  }

  subscribe(listener: (event: ChangeEvent) => void): () => void {
    this.emitter.on("change", listener);
    return () => this.emitter.off("change", listener);
  }
}
