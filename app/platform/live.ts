/**
 * The browser side of /api/events: a change on a followed table
 * re-runs the page's loaders (through useLiveRevalidation).
 */
import type { LiveTable } from "./live-tables";

export type { LiveTable };

/** Reconnect after 1, 2, 5 then every 10 s. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
}

interface Listener {
  tables: readonly LiveTable[];
  onChange: () => void;
}

// One stream per page however many parts of it follow tables (the layout's footer and the page).
const listeners = new Set<Listener>();
let source: EventSource | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let attempt = 0;
let streamUrl = "/api/events";

function onEvent(event: MessageEvent<string>) {
  // A malformed event is ignored: the next good one still refreshes the page. The server sends only
  // events it checked (parseChangeEvent); here the table only has to be one a listener follows, so
  // public pages do not carry the list of every live table in their JavaScript.
  let table: unknown;
  try {
    ({ table } = JSON.parse(event.data));
  } catch {
    return;
  }
  for (const listener of [...listeners]) {
    if (listener.tables.includes(table as LiveTable)) listener.onChange();
  }
}

function connect() {
  if (listeners.size === 0 || source) return;
  const current = new EventSource(streamUrl);
  source = current;
  current.addEventListener("open", () => {
    attempt = 0;
    // Lets end-to-end tests wait for the stream before changing data.
    document.body.dataset.live = "open";
  });
  current.addEventListener("change", onEvent);
  // We handle reconnection ourselves so the delays follow our schedule rather than the browser's.
  current.addEventListener("error", () => {
    delete document.body.dataset.live;
    current.close();
    if (source === current) source = null;
    clearTimeout(timer);
    if (listeners.size > 0) timer = setTimeout(connect, reconnectDelay(attempt++));
  });
}

/** Calls `onChange` for each change on one of `tables`; returns the function that stops listening. */
export function subscribe(
  tables: readonly LiveTable[],
  onChange: () => void,
  url = "/api/events",
): () => void {
  const listener: Listener = { tables, onChange };
  listeners.add(listener);
  streamUrl = url;
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearTimeout(timer);
    source?.close();
    source = null;
    delete document.body.dataset.live;
  };
}
