import compression from "compression";
import type { NextFunction, Request, RequestHandler, Response } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * `compression()` with a working `removeListener("drain")`.
 *
 * compression redirects `res.on("drain")` to its gzip stream but not `res.off`/`removeListener`,
 * so a writer that waits for "drain" with `once` and removes its listener afterwards (as React
 * Router does for every streamed page and resource route) leaves one listener on the gzip stream
 * per wait: a 20 MB CSV export piled up thousands, with a MaxListenersExceededWarning and every
 * later "drain" calling them all. Here every "drain" listener of a response goes through a single
 * dispatcher registered once with compression, and removal takes it out of that set.
 */
export function compressionMiddleware(): RequestHandler {
  const compress = compression();
  return (req: Request, res: Response, next: NextFunction) => {
    compress(req, res, (error?: unknown) => {
      const listeners = new Set<Listener>();
      const compressionOn = res.on;
      let dispatching = false;
      const dispatch = () => {
        for (const listener of [...listeners]) listener.call(res);
      };
      const on = function (this: Response, type: string | symbol, listener: Listener) {
        if (type !== "drain") return compressionOn.call(this, type, listener);
        listeners.add(listener);
        if (!dispatching) {
          dispatching = true;
          compressionOn.call(this, "drain", dispatch);
        }
        return this;
      };
      const originalRemove = res.removeListener;
      const remove = function (this: Response, type: string | symbol, listener: Listener) {
        if (type !== "drain") return originalRemove.call(this, type, listener);
        // `once` registers a wrapper that keeps the original as `.listener`.
        for (const registered of listeners) {
          if (
            registered === listener ||
            (registered as Listener & { listener?: Listener }).listener === listener
          ) {
            listeners.delete(registered);
            break;
          }
        }
        return this;
      };
      res.on = on as Response["on"];
      res.addListener = on as Response["addListener"];
      res.removeListener = remove as Response["removeListener"];
      res.off = remove as Response["off"];
      next(error);
    });
  };
}
