import { useEffect, useRef } from "react";
import { type ShouldRevalidateFunction, useRevalidator } from "react-router";
import { type LiveTable, subscribe } from "./live";
import { throttle } from "./throttle";

/** Throttled refreshes started and not finished: while there is one, scheduled pages reload too. */
let scheduledRefreshes = 0;

async function scheduledRefresh(revalidate: () => Promise<void>) {
  scheduledRefreshes++;
  try {
    await revalidate();
  } finally {
    scheduledRefreshes--;
  }
}

/**
 * Re-runs the current page's loaders when one of `tables` changes. The stream opens after
 * hydration; its client (under 1 KB gzip) ships with the layout every public page loads, which
 * costs less than a chunk of its own fetched right after hydration.
 *
 * With `minIntervalMs`, at most one refresh per interval (see throttle): for a page whose loader is
 * costly, so that a burst of changes does not re-run it once per change in every open tab. Such a
 * route also exports `shouldRevalidate = onScheduleOnly`, or the console layout's own refresh on each
 * change would still re-run its loader.
 */
export function useLiveRevalidation(
  tables: readonly LiveTable[],
  { minIntervalMs = 0 }: { minIntervalMs?: number } = {},
) {
  const revalidator = useRevalidator();
  // A ref, so that a new `revalidate` identity after each refresh does not reopen the stream.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const key = tables.join(",");
  useEffect(() => {
    const followed = key.split(",") as LiveTable[];
    if (minIntervalMs <= 0) return subscribe(followed, () => void revalidate.current());
    const refresh = throttle(() => void scheduledRefresh(revalidate.current), minIntervalMs);
    const stop = subscribe(followed, refresh.call);
    return () => {
      stop();
      refresh.cancel();
    };
  }, [key, minIntervalMs]);
}

/**
 * For a route refreshed by `useLiveRevalidation(tables, { minIntervalMs })`: a revalidation of the
 * same URL without a form (what the console layout asks on every change) re-runs its loader only when
 * it is the page's own scheduled refresh. A period change or a form sent still reloads as usual.
 */
export const onScheduleOnly: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const sameUrlRefresh = !formMethod && currentUrl.href === nextUrl.href;
  return sameUrlRefresh ? scheduledRefreshes > 0 : defaultShouldRevalidate;
};
