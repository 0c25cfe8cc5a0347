import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { type LiveTable, subscribe } from "./live";

/**
 * How a page turns changes into refreshes: `call` on every change, `cancel` when the page goes.
 * `refresh` resolves once the page's loaders have run again.
 */
export type LiveScheduler = (refresh: () => Promise<void>) => { call(): void; cancel?(): void };

/** The refresh waiting for the one that runs, if any: later changes join it. */
let waiting: Promise<void> | null = null;
let chain: Promise<void> = Promise.resolve();

/**
 * One refresh at a time. React Router aborts a revalidation that another one interrupts and loads
 * again every route the new one allows: a change arriving during a page's throttled refresh (the
 * console layout refreshes on each change) would load that page's costly loader twice. A refresh
 * asked while one runs waits for it; a burst of changes in the meantime becomes that one refresh.
 */
function oneAtATime(refresh: () => Promise<void>): Promise<void> {
  if (waiting) return waiting;
  const next = chain.then(() => {
    waiting = null;
    return refresh();
  });
  waiting = next;
  chain = next.catch(() => {});
  return next;
}

/** The default: each change refreshes the page at once. */
const immediately: LiveScheduler = (refresh) => ({ call: () => void refresh() });

/**
 * Re-runs the current page's loaders when one of `tables` changes. The stream opens after
 * hydration; its client (under 1 KB gzip) ships with the layout every public page loads, which
 * costs less than a chunk of its own fetched right after hydration. A console page whose loader is
 * costly passes a scheduler that spaces the refreshes out (use-throttled-live.ts: kept apart because
 * public pages never need it and each one counts against their JavaScript budget). `scheduler` must
 * keep its identity across renders (a module-level constant).
 */
export function useLiveRevalidation(tables: readonly LiveTable[], scheduler: LiveScheduler = immediately) {
  const revalidator = useRevalidator();
  // A ref, so that a new `revalidate` identity after each refresh does not reopen the stream.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const key = tables.join(",");
  useEffect(() => {
    const refreshes = scheduler(() => oneAtATime(() => revalidate.current()));
    const stop = subscribe(key.split(",") as LiveTable[], refreshes.call);
    return () => {
      stop();
      refreshes.cancel?.();
    };
  }, [key, scheduler]);
}
