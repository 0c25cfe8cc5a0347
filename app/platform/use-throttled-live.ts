import type { ShouldRevalidateFunction } from "react-router";
import { throttle } from "./throttle";
import type { LiveScheduler } from "./use-live";

/** Throttled refreshes started and not finished: while there is one, scheduled pages reload too. */
let scheduledRefreshes = 0;

/**
 * For `useLiveRevalidation(tables, throttledRefreshes(ms))`: at most one refresh per interval (see
 * throttle), for a console page whose loader is costly, so that a burst of changes does not re-run it
 * once per change in every open tab. Such a route also exports `shouldRevalidate = onScheduleOnly`,
 * or the console layout's own refresh on each change would still re-run its loader.
 */
export function throttledRefreshes(minIntervalMs: number): LiveScheduler {
  return (refresh) =>
    throttle(async () => {
      scheduledRefreshes++;
      try {
        await refresh();
      } finally {
        scheduledRefreshes--;
      }
    }, minIntervalMs);
}

/**
 * For a route refreshed through `throttledRefreshes`: a revalidation of the same URL without a form
 * (what the console layout asks on every change) re-runs its loader only when it is the page's own
 * scheduled refresh. A period change or a form sent still reloads as usual.
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
