import { describe, expect, it } from "vitest";
import { DRIVER } from "../support/db";
import { makeMails } from "../support/factories";
import { setUpHttpApp } from "../support/fixture";
import { openStream } from "../support/http";

// /metrics, /healthz and /readyz over real HTTP, as Prometheus and a load balancer call them.
const TOKEN = "jeton-de-metriques-0123456789";
// Two servers: one with METRICS_TOKEN, one without (whose database the readiness test closes).
const t = setUpHttpApp({ METRICS_TOKEN: TOKEN });
const bare = setUpHttpApp();

function scrape(token?: string) {
  return fetch(`${t.base}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
}

/** The value of one sample line, e.g. `event_streams_open` or `db_pool_connections{state="max"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("metrics", () => {
  it("are not there without METRICS_TOKEN, and refuse a missing or wrong token", async () => {
    expect((await fetch(`${bare.base}/metrics`)).status).toBe(404);
    expect(
      (await fetch(`${bare.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(404);
    const missing = await scrape();
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toContain("Bearer");
    expect(await missing.text()).not.toContain("http_request_duration_seconds");
    expect((await scrape("mauvais-jeton-0123456789")).status).toBe(401);
    expect((await scrape(`${TOKEN}x`)).status).toBe(401);
  });

  it("count request durations by route pattern, not by raw path", async () => {
    for (const slug of ["tp-assistant-ressources-humaines", "nexiste-pas-du-tout", "autre-inconnue"]) {
      await (await fetch(`${t.base}/formation/${slug}`)).text();
    }
    await (await fetch(`${t.base}/formations.data`)).text();
    await (await fetch(`${t.base}/favicon.svg`)).text();
    // Answered at the entrance: a malformed address, another spelling of one (%73 is 's').
    await (await fetch(`${t.base}/formation/%E0%A4%A`)).text();
    await (await fetch(`${t.base}/formation%73`, { redirect: "manual" })).text();
    const res = await scrape(TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toContain('route="/formation/:slug",status="200"');
    expect(text).toContain('route="/formation/:slug",status="404"');
    expect(text).toContain('route="/formations.data"');
    expect(text).toContain('route="(fichier statique)"');
    expect(text).toContain('route="(adresse non canonique)",status="400"');
    expect(text).toContain('route="(adresse non canonique)",status="301"');
    expect(text).not.toContain("nexiste-pas-du-tout");
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/formation/:slug",status="404"}'),
    ).toBe(2);
  });

  it("report the mail outbox, open event streams and the database pool", async () => {
    const empty = await (await scrape(TOKEN)).text();
    expect(sample(empty, "mail_outbox_pending")).toBe(0);
    expect(sample(empty, "mail_outbox_oldest_pending_age_seconds")).toBe(0);
    expect(sample(empty, "event_streams_open")).toBe(0);

    await makeMails(t.app.db, [
      { kind: "test", to: "a@example.test", createdAt: new Date(Date.now() - 90_000) },
      { kind: "test", to: "b@example.test", createdAt: new Date() },
    ]);
    const streams = await Promise.all([1, 2].map(() => openStream(t.port)));
    const text = await (await scrape(TOKEN)).text();
    expect(sample(text, "mail_outbox_pending")).toBe(2);
    expect(sample(text, "mail_outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(90);
    expect(sample(text, "event_streams_open")).toBe(2);
    expect(sample(text, 'db_pool_connections{state="max"}')).toBe(DRIVER === "pg" ? 10 : 1);
    expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    if (DRIVER === "pg") expect(sample(text, 'db_pool_connections{state="waiting"}')).toBe(0);

    await t.app.mail.drain();
    expect(sample(await (await scrape(TOKEN)).text(), "mail_outbox_pending")).toBe(0);
    for (const s of streams) s.close();
  });
});

describe("health", () => {
  it("answers liveness without the database and readiness only with a migrated database", async () => {
    expect((await fetch(`${t.base}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${t.base}/readyz`)).json()).toEqual({ status: "ready" });

    // Migrations missing (a database an older build migrated): alive, not ready.
    await bare.database.query("delete from drizzle.__drizzle_migrations");
    expect((await fetch(`${bare.base}/healthz`)).status).toBe(200);
    const pending = await fetch(`${bare.base}/readyz`);
    expect(pending.status).toBe(503);
    expect(await pending.json()).toEqual({ status: "migrations pending" });

    // Database gone: still alive (a restart would not help), not ready.
    await bare.database.close();
    expect((await fetch(`${bare.base}/healthz`)).status).toBe(200);
    const down = await fetch(`${bare.base}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "database unreachable" });
  });
});
