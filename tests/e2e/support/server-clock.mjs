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

process.on("message", (message) => {
  if (typeof message?.clockOffsetMs !== "number") return;
  offset = message.clockOffsetMs;
  process.send?.({ clockOffsetMs: offset });
});
// The channel must not keep the server alive once it is asked to stop.
process.channel?.unref();
