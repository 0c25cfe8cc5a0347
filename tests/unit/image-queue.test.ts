// The médiathèque's work queue: at most `slots` pictures are made at once, a bounded number wait in
// order, and one more is refused at once with the delay to ask again (the routes answer 503 with
// Retry-After), so that a crowd of uploads or first views never grows the server's memory without end.
// A task whose wait ran past its deadline is refused when its turn comes.
import { describe, expect, it } from "vitest";
import { ImagesBusy, TaskQueue } from "~/features/media/images.server";

function deferred() {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done, release };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("image queue", () => {
  it("runs `slots` tasks at once, keeps the next in order, and refuses one more with its Retry-After", async () => {
    const queue = new TaskQueue({ slots: 2, maxWaiting: 2, maxWaitMs: 60_000, retryAfterSeconds: 5 });
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const order: number[] = [];
    const runs = gates.map((gate, n) =>
      queue.run(async () => {
        order.push(n);
        await gate.done;
        return n;
      }),
    );
    await settle();
    expect(order).toEqual([0, 1]);
    expect(queue.load).toEqual({ running: 2, waiting: 2 });
    const refused = await queue.run(async () => "never").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImagesBusy);
    expect((refused as ImagesBusy).retryAfterSeconds).toBe(5);
    gates[0]?.release();
    await settle();
    expect(order).toEqual([0, 1, 2]);
    for (const gate of gates) gate.release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a task that waited past its deadline when its turn comes, and frees the slot for the next", async () => {
    // A deadline already passed: whoever waits at all is too late.
    const queue = new TaskQueue({ slots: 1, maxWaiting: 4, maxWaitMs: -1, retryAfterSeconds: 3 });
    const gate = deferred();
    const first = queue.run(() => gate.done);
    const late = queue.run(async () => "late").catch((error: unknown) => error);
    await settle();
    gate.release();
    await first;
    expect(await late).toBeInstanceOf(ImagesBusy);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    expect(await queue.run(async () => "free")).toBe("free");
  });

  it("gives the slot back when a task fails", async () => {
    const queue = new TaskQueue({ slots: 1, maxWaiting: 1, maxWaitMs: 60_000, retryAfterSeconds: 1 });
    await expect(queue.run(() => Promise.reject(new Error("illisible")))).rejects.toThrow("illisible");
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });
});
