import { AsyncLocalStorage } from "node:async_hooks";
import type { NextFunction, Request, Response } from "express";

// Work a request starts for later (a reset link and its e-mail) must not delay its own answer, nor
// share the event loop with it while the answer is written: PGlite runs queries on this thread, so
// work begun "in the background" during the answer still adds to its delay. Queued here, it starts
// once the answer has been handed to the connection.

const queues = new AsyncLocalStorage<(() => void)[]>();

/** Express middleware: what `afterResponse` queues during the request runs once its answer is sent. */
export function afterResponseQueue() {
  return (_req: Request, res: Response, next: NextFunction) => {
    const queue: (() => void)[] = [];
    const run = () => {
      for (const task of queue.splice(0)) task();
    };
    // 'close' too: a client that hangs up does not cancel the work it asked for.
    res.on("finish", run);
    res.on("close", run);
    queues.run(queue, next);
  };
}

/** Runs `task` once the current request's answer is sent; at once outside a request (a test, a job). */
export function afterResponse(task: () => void): void {
  const queue = queues.getStore();
  if (queue) queue.push(task);
  else task();
}
