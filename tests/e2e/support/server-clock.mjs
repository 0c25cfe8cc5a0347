// Loaded with `node --import` into a test server that a spec asked a movable clock for (the
// `serverClock` fixture of ./test.ts), never into a production process: the wall clock of that process
// reads `offset` ms ahead of the machine's. Everything that asks the time goes through `Date` (the
// embedded database's now() too: its WebAssembly reads Date.now()), while timers keep real time, so a
// spec can bring a scheduled minute forward without waiting for it and the scheduler still runs on its
// own period. The spec sets the offset through the IPC channel its runner opened.
const RealDate = Date;
let offset = 0;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }
}

globalThis.Date = ShiftedDate;

// A timer armed while the clock read ahead and due then (the embedded database arms its own through
// setTimeout, from its reading of Date) is months away once the clock is set back: past 2^31-1 ms,
// Node fires it after 1 ms instead, the database finds it not yet due and arms it again, and that
// loop keeps a core busy for as long as the server lives. Such a delay waits the longest a timer can.
const LONGEST_DELAY = 2 ** 31 - 1;
const realSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = Object.assign(
  (callback, delay, ...args) =>
    realSetTimeout(callback, Math.min(Number(delay) || 0, LONGEST_DELAY), ...args),
  realSetTimeout,
);

// What the server asks to run again once the clock has moved (app/platform/clock-moves.server.ts):
// the surveys' round sees a session's end at once rather than at its next minute.
const moved = new Set();
globalThis[Symbol.for("centre-formation.clock-moved")] = moved;

process.on("message", (message) => {
  if (typeof message?.clockOffsetMs !== "number") return;
  offset = message.clockOffsetMs;
  for (const listener of moved) listener();
  process.send?.({ clockOffsetMs: offset });
});
// The channel must not keep the server alive once it is asked to stop.
process.channel?.unref();
