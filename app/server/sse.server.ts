import type { Request, Response } from "express";
import type { AppRuntime } from "./runtime.server";

/** SPEC.md §9: heartbeat every 25 s keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: a server-sent event per change of a public table. The browser reconnects by
 * itself after 1, 2, 5, 10 s (app/lib/live.ts); `retry` sets its first delay.
 */
export function eventStream(app: AppRuntime, open: Set<Response>) {
  return (req: Request, res: Response) => {
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 1000\n\n");
    open.add(res);
    const unsubscribe = app.events.subscribe((event) => {
      res.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
    req.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
    });
  };
}
