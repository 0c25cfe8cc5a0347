import { randomUUID } from "node:crypto";
import type { Database } from "~/platform/db/client.server";
import type { AppRuntime } from "./runtime.server";

const WINDOW_MS = 60_000;
// Rows of addresses that stopped posting are swept now and then rather than by a cron job.
const SWEEP_EVERY = 200;
const SWEEP_AFTER_MS = 60 * 60_000;

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends, for Retry-After. */
  retryAfter: number;
}

let calls = 0;

/**
 * Counts one request for `key` in a fixed one-minute window kept in the `rate_limits` table, so
 * that every instance behind the load balancer shares the same count. One upsert, atomic on both
 * drivers: a new window starts when the stored one (its start is `last_request`) is over.
 * `limit` 0 turns the limit off without touching the database.
 */
export async function hitRateLimit(
  database: Database,
  key: string,
  limit: number,
  now = Date.now(),
): Promise<RateLimitResult> {
  if (limit <= 0) return { allowed: true, retryAfter: 0 };
  const windowStartedBefore = now - WINDOW_MS;
  const [row] = await database.query<{ count: number; last_request: string | number }>(
    `insert into rate_limits (id, key, count, last_request) values ($1, $2, 1, $3)
     on conflict (key) do update set
       count = case when rate_limits.last_request <= $4 then 1 else rate_limits.count + 1 end,
       last_request = case when rate_limits.last_request <= $4 then $3 else rate_limits.last_request end
     returning count, last_request`,
    [randomUUID(), key, now, windowStartedBefore],
  );
  if (++calls % SWEEP_EVERY === 0) {
    await database
      .query("delete from rate_limits where key like 'form:%' and last_request < $1", [now - SWEEP_AFTER_MS])
      .catch(() => {});
  }
  const count = Number(row?.count ?? 1);
  const started = Number(row?.last_request ?? now);
  return {
    allowed: count <= limit,
    retryAfter: Math.max(1, Math.ceil((started + WINDOW_MS - now) / 1000)),
  };
}

/** The key of the public forms' shared budget for one client address. */
export function formRateKey(clientIp: string): string {
  return `form:${clientIp}`;
}

/**
 * Counts one public form submission (contact, callback, application: one shared budget per
 * address). Returns the seconds to wait when over the limit, else null. If the counter cannot be
 * read the request is let through: losing a lead is worse than a spam.
 */
export async function formRateLimited(app: AppRuntime, clientIp: string): Promise<number | null> {
  try {
    const limit = await hitRateLimit(app.database, formRateKey(clientIp), app.config.formRateLimit);
    return limit.allowed ? null : limit.retryAfter;
  } catch (error) {
    app.logger.warn({ err: error }, "forms: rate limit unavailable");
    return null;
  }
}
