/**
 * The browser side of /api/events (DESIGN.md §1, SPEC.md §4): a change on a followed table
 * re-runs the page's loaders. Pages import this module lazily (`import("~/lib/live")`) so the
 * entry chunk stays small.
 */
export type LiveTable = "formations" | "blog_posts" | "testimonials" | "contact_requests";

/** SPEC.md §9: reconnect after 1, 2, 5 then every 10 s. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
}

/** Calls `onChange` for each change on one of `tables`; returns the function that stops listening. */
export function subscribe(
  tables: readonly LiveTable[],
  onChange: () => void,
  url = "/api/events",
): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  const onEvent = (event: MessageEvent<string>) => {
    try {
      const change = JSON.parse(event.data) as { table?: string };
      if (tables.includes(change.table as LiveTable)) onChange();
    } catch {
      // A malformed event is ignored: the next good one still refreshes the page.
    }
  };

  const connect = () => {
    if (stopped) return;
    source = new EventSource(url);
    source.addEventListener("open", () => {
      attempt = 0;
      // Lets end-to-end tests wait for the stream before changing data.
      document.body.dataset.live = "open";
    });
    source.addEventListener("change", onEvent);
    // We handle reconnection ourselves so the delays follow SPEC.md rather than the browser's.
    source.addEventListener("error", () => {
      delete document.body.dataset.live;
      source?.close();
      source = null;
      if (stopped) return;
      timer = setTimeout(connect, reconnectDelay(attempt++));
    });
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
