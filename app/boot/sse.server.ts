import type { Request as ExpressRequest, Response } from "express";
import { getRole, getSignedInUser } from "~/features/accounts/current-user.server";
import { can } from "~/features/accounts/permissions";
import { type ChangeEvent, isPublicEvent } from "~/platform/events.server";
import type { AppRuntime } from "./runtime.server";

/** Heartbeat every 25 s keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

export const TOO_MANY_STREAMS =
  "Trop de connexions de mise à jour en direct sont ouvertes depuis votre adresse. Fermez quelques onglets du site puis rechargez la page.";

/**
 * The open event streams of this process, counted per client address so that one client cannot
 * hold thousands of sockets (each costs a file descriptor and a listener) while others are served.
 */
export class StreamRegistry {
  readonly open = new Set<Response>();
  private readonly perClient = new Map<string, number>();

  constructor(readonly maxPerClient: number) {}

  get size(): number {
    return this.open.size;
  }

  /** Counts one more stream for `client`; false when that would exceed the cap. */
  reserve(client: string): boolean {
    const count = this.perClient.get(client) ?? 0;
    if (this.maxPerClient > 0 && count >= this.maxPerClient) return false;
    this.perClient.set(client, count + 1);
    return true;
  }

  release(client: string): void {
    const count = (this.perClient.get(client) ?? 1) - 1;
    if (count > 0) this.perClient.set(client, count);
    else this.perClient.delete(client);
  }

  /** Ends every stream (shutdown): browsers reconnect to another instance. */
  endAll(): void {
    for (const res of this.open) res.end();
  }
}

/** Staff (who may enter the console) hear about every table; everyone else about public content only. */
async function canSeeConsoleEvents(req: ExpressRequest, app: AppRuntime): Promise<boolean> {
  if (!req.headers.cookie) return false;
  const headers = new Headers();
  headers.set("cookie", req.headers.cookie);
  try {
    const user = await getSignedInUser(new Request("http://localhost/api/events", { headers }), app);
    if (!user) return false;
    const role = await getRole(app, user.id);
    return can(role, "console:access");
  } catch (error) {
    app.logger.warn({ err: error }, "events: session lookup failed, stream limited to public events");
    return false;
  }
}

/**
 * GET /api/events: a server-sent event per change. The browser reconnects by itself after 1, 2,
 * 5, 10 s (app/platform/live.ts); `retry` sets its first delay. Who may hear what is decided once,
 * when the stream opens; a staff member who signs out keeps the stream until the page reloads.
 */
export function eventStream(app: AppRuntime, streams: StreamRegistry) {
  return async (req: ExpressRequest, res: Response) => {
    const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
    // Reserved before any await: a burst of simultaneous opens cannot slip past the cap.
    if (!streams.reserve(client)) {
      res.status(429).set("Retry-After", "30").type("text/plain; charset=utf-8").send(TOO_MANY_STREAMS);
      return;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      streams.release(client);
    };
    res.on("close", release);
    const staff = await canSeeConsoleEvents(req, app);
    if (released || res.destroyed) return;

    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 1000\n\n");
    streams.open.add(res);
    const unsubscribe = app.events.subscribe((event: ChangeEvent) => {
      if (staff || isPublicEvent(event)) res.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
    res.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.open.delete(res);
    });
  };
}
