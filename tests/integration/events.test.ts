import { describe, expect, it, vi } from "vitest";
import { type Database, openPostgres } from "~/platform/db/client.server";
import { EventBus } from "~/platform/events.server";
import type { ChangeEvent } from "~/platform/live-tables";
import { createLogger } from "~/platform/logger.server";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";

const t = setUpTestApp();

const logger = createLogger({ production: true, level: "silent" });

function listen(bus: EventBus) {
  const heard: ChangeEvent[] = [];
  bus.subscribe((event) => heard.push(event));
  return heard;
}

describe(`change events on ${DRIVER}`, () => {
  it("reach the instance that made the change before publish returns, once", async () => {
    const heard = listen(t.app.events);
    await t.app.events.publish({ table: "formations", op: "update" });
    expect(heard).toEqual([{ table: "formations", op: "update" }]);
    // The NOTIFY coming back through LISTEN is not delivered a second time.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toHaveLength(1);
  });

  it.runIf(DRIVER === "pg")("reach another instance once, and drop a malformed notification", async () => {
    const url = t.database.url;
    if (!url) throw new Error("the pg run has a database URL");
    const other: Database = await openPostgres(url);
    const bus = new EventBus(other, logger);
    try {
      await bus.start();
      const heard = listen(bus);
      await t.database.query("select pg_notify('app_events', $1)", ['x {"table":"users","op":"insert"}']);
      await t.database.query("select pg_notify('app_events', 'pas un événement')");
      await t.app.events.publish({ table: "testimonials", op: "insert" });
      await vi.waitFor(() => expect(heard).toEqual([{ table: "testimonials", op: "insert" }]));
    } finally {
      await other.close();
    }
  });

  it.runIf(DRIVER === "pg")(
    "a burst of one change reaches another instance in a few notifications, the last after the burst",
    async () => {
      const url = t.database.url;
      if (!url) throw new Error("the pg run has a database URL");
      const other: Database = await openPostgres(url);
      const bus = new EventBus(other, logger);
      try {
        await bus.start();
        const heard = listen(bus);
        const here = listen(t.app.events);
        // Fifty contact requests at once: each publishes the same event.
        await Promise.all(
          Array.from({ length: 50 }, () => t.app.events.publish({ table: "contact_requests", op: "insert" })),
        );
        // This instance hears each one at once; the other, at least once, after the last write.
        expect(here).toHaveLength(50);
        await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0));
        await new Promise((resolve) => setTimeout(resolve, 300));
        // The first NOTIFY, then one more for the 49 published while it was on its way.
        expect(heard).toHaveLength(2);
        expect(heard.every((e) => e.table === "contact_requests" && e.op === "insert")).toBe(true);
      } finally {
        await other.close();
      }
    },
  );
});
