/**
 * Work that waits for a date (the surveys' round runs once a minute) asks to run again when the
 * process's wall clock is moved. Only an end-to-end test server moves it: its clock module
 * (tests/e2e/support/server-clock.mjs, loaded with `node --import` into test servers, never into a
 * production process) puts the set of listeners under this global key and calls them after each
 * move, so a spec sees a session's end without waiting for the next round. Elsewhere the key is
 * absent and registering does nothing: no request, setting or signal can reach it.
 */
const LISTENERS = Symbol.for("centre-formation.clock-moved");

type Listeners = Set<() => void>;

export function onClockMoved(listener: () => void): void {
  const listeners = (globalThis as { [LISTENERS]?: Listeners })[LISTENERS];
  listeners?.add(listener);
}
