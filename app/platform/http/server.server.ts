import { createServer, type RequestListener, type Server } from "node:http";
import type { Config } from "~/platform/config.server";

export interface HttpLimits {
  /** Time to send the request line and headers (slow headers hold a socket otherwise). */
  headersTimeoutMs: number;
  /** Time to send the whole request, body included: a trickled body is answered 408 and cut. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (a proxy in front must close first). */
  keepAliveTimeoutMs: number;
  /** How often Node looks for requests past these deadlines. */
  checkIntervalMs: number;
}

/**
 * Node's defaults let a client take 5 minutes to send one request (requestTimeout 300 s) and
 * checks only every 30 s. These bound how long one socket can be held without sending anything
 * useful; an event stream is not concerned (its request is complete once its headers arrived).
 */
export function httpLimits(config: Pick<Config, "requestTimeoutSeconds">): HttpLimits {
  const requestTimeoutMs = config.requestTimeoutSeconds * 1000;
  return {
    headersTimeoutMs: Math.min(10_000, requestTimeoutMs),
    requestTimeoutMs,
    keepAliveTimeoutMs: 5_000,
    checkIntervalMs: Math.min(1_000, requestTimeoutMs),
  };
}

/** Starts listening with `limits`; resolves once the port is bound. */
export function listen(
  handler: RequestListener,
  limits: HttpLimits,
  port: number,
  host?: string,
): Promise<Server> {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    handler,
  );
  return new Promise<Server>((resolve, reject) => {
    server.once("error", reject);
    const ready = () => {
      server.off("error", reject);
      resolve(server);
    };
    if (host) server.listen(port, host, ready);
    else server.listen(port, ready);
  });
}
