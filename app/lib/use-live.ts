import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { type LiveTable, subscribe } from "./live";

/**
 * How a page turns changes into refreshes: `call` on every change, `cancel` when the page goes.
 * `refresh` resolves once the page's loaders have run again.
 */
export type LiveScheduler = (refresh: () => Promise<void>) => { call(): void; cancel?(): void };

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
    const refreshes = scheduler(() => revalidate.current());
    const stop = subscribe(key.split(",") as LiveTable[], refreshes.call);
    return () => {
      stop();
      refreshes.cancel?.();
    };
  }, [key, scheduler]);
}
