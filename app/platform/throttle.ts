/**
 * Runs `run` at most once every `minIntervalMs`. A call when the last run is older than that runs at
 * once; a call inside the interval schedules one run at its end, and later calls until then add
 * nothing, since that run reads every change made before it. `lastRun` is when the data on screen was
 * last read (a page counts its own load). Uses the clock and timers of the global scope, so tests
 * drive it with fake time.
 */
export function throttle(run: () => void, minIntervalMs: number, lastRun = Date.now()) {
  let last = lastRun;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    last = Date.now();
    run();
  };
  return {
    call() {
      if (timer !== undefined) return;
      // At most one interval: a wall clock set back (the system's time corrected) leaves `last` in
      // the future, and the refresh would otherwise be put off by as long as the clock went back.
      const wait = Math.min(last + minIntervalMs - Date.now(), minIntervalMs);
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    /** Drops a scheduled run (the page is gone). */
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
