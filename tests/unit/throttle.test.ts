import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { throttle } from "~/platform/throttle";
import { onScheduleOnly } from "~/platform/use-throttled-live";

// Statistiques re-runs about 0.6 s of SQL per refresh: a burst of leads must cost one refresh per
// 15 s per open tab, and the first change after a quiet spell must show at once.
describe("live refreshes at most once per interval", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2031-03-19T10:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("refreshes at once when the figures on screen are older than the interval", () => {
    const run = vi.fn();
    const refresh = throttle(run, 15_000);
    vi.advanceTimersByTime(20_000);
    refresh.call();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("turns a burst into one refresh at the end of the interval, then starts again", () => {
    const run = vi.fn();
    // The page was loaded 5 s ago.
    const refresh = throttle(run, 15_000, Date.now() - 5_000);
    for (let lead = 0; lead < 50; lead++) {
      refresh.call();
      vi.advanceTimersByTime(100);
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(4_999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);

    // A change 3 s after that refresh waits for the next 15 s mark, not for another full interval.
    vi.advanceTimersByTime(3_000);
    refresh.call();
    vi.advanceTimersByTime(11_999);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);

    // Nothing changes: nothing runs.
    vi.advanceTimersByTime(60_000);
    expect(run).toHaveBeenCalledTimes(2);
    refresh.call();
    expect(run).toHaveBeenCalledTimes(3);
  });

  it("waits one interval at most when the computer's clock was set back, by an hour or by a year", () => {
    for (const back of [3_600_000, 365 * 24 * 3_600_000]) {
      const run = vi.fn();
      const refresh = throttle(run, 15_000);
      vi.setSystemTime(Date.now() - back);
      refresh.call();
      vi.advanceTimersByTime(14_999);
      expect(run).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledTimes(1);
      // From then on, the interval counts from that refresh, on the corrected clock.
      vi.advanceTimersByTime(20_000);
      refresh.call();
      expect(run).toHaveBeenCalledTimes(2);
    }
  });

  it("drops the scheduled refresh when the page is left", () => {
    const run = vi.fn();
    const refresh = throttle(run, 15_000);
    refresh.call();
    refresh.cancel();
    vi.advanceTimersByTime(60_000);
    expect(run).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("a page refreshed on its own schedule", () => {
  const url = (path: string) => new URL(path, "http://localhost");
  const args = (from: string, to: string, formMethod?: "POST") =>
    ({
      currentUrl: url(from),
      currentParams: {},
      nextUrl: url(to),
      nextParams: {},
      formMethod,
      defaultShouldRevalidate: true,
    }) as Parameters<typeof onScheduleOnly>[0];

  it("skips the console layout's refresh on each change, not a period change nor a form", () => {
    expect(onScheduleOnly(args("/admin/statistiques", "/admin/statistiques"))).toBe(false);
    expect(onScheduleOnly(args("/admin/statistiques", "/admin/statistiques?periode=12-mois"))).toBe(true);
    expect(onScheduleOnly(args("/admin/statistiques", "/admin/statistiques", "POST"))).toBe(true);
  });
});
