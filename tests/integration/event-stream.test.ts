import net from "node:net";
import { describe, expect, it } from "vitest";
import { setUpHttpApp } from "../support/fixture";
import { openStream } from "../support/http";
import { signedInUser } from "../support/runtime";

// /api/events over real HTTP: who hears about which change, and how many streams one client may hold.
// REQUEST_TIMEOUT=1: one second to send a whole request, so the trickle below is cut quickly.
const t = setUpHttpApp({ EVENT_STREAMS_PER_CLIENT: "3", REQUEST_TIMEOUT: "1", AUTH_RATE_LIMIT: "false" });

describe("event stream scope", () => {
  it("tells anonymous visitors and role-less accounts about public content only, staff about leads too", async () => {
    const moderator = await signedInUser(t, { role: "moderator" });
    const learner = await signedInUser(t, { role: null });
    const anonymous = await openStream(t.port);
    const noRole = await openStream(t.port, { cookie: learner.cookie });
    const staff = await openStream(t.port, { cookie: moderator.cookie });
    // A forged session cookie is an anonymous visitor.
    const forged = await openStream(t.port, {
      localAddress: "127.0.0.2",
      cookie: "cfa.session_token=forged.sig",
    });
    for (const s of [anonymous, noRole, staff, forged]) expect(s.status).toBe(200);

    // A lead arrives, then a formation changes: published in this order, received in this order.
    await t.app.events.publish({ table: "contact_requests", op: "insert" });
    await t.app.events.publish({ table: "formations", op: "update" });

    await staff.waitFor((c) => c.table === "formations");
    expect(staff.changes()).toEqual([
      { table: "contact_requests", op: "insert" },
      { table: "formations", op: "update" },
    ]);
    for (const visitor of [anonymous, noRole, forged]) {
      await visitor.waitFor((c) => c.table === "formations");
      expect(visitor.changes()).toEqual([{ table: "formations", op: "update" }]);
      expect(visitor.text()).not.toContain("contact_requests");
    }
    for (const s of [anonymous, noRole, staff, forged]) s.close();
  });
});

/** Until the server has noticed closed streams (it releases their slots on the socket's close). */
async function streamsOpenAtMost(n: number): Promise<void> {
  while (t.express.streams.size > n) await new Promise((r) => setTimeout(r, 10));
}

/**
 * A client that sends a form post one byte every 100 ms (a 400-byte body: 40 s if let through).
 * Resolves with what the server answered once it cut the connection, and how much was sent by then.
 */
function trickle(localAddress: string): Promise<{ answer: string; sent: number; length: number }> {
  const body = `message=${"x".repeat(392)}`;
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port: t.port, localAddress });
    let answer = "";
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding("utf8");
    socket.on("data", (d: string) => (answer += d));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ answer, sent, length: body.length });
    });
    socket.on("connect", () => {
      socket.write(
        `POST /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      timer = setInterval(() => {
        if (sent < body.length && socket.writable) socket.write(body[sent++] ?? "");
      }, 100);
    });
  });
}

describe("connection bounds", () => {
  it("refuses a client's streams beyond the cap with a clear 429, and serves other addresses meanwhile", async () => {
    const held = await Promise.all([1, 2, 3].map(() => openStream(t.port, { localAddress: "127.0.0.3" })));
    expect(held.map((s) => s.status)).toEqual([200, 200, 200]);

    const refused = await Promise.all(
      [1, 2, 3, 4, 5].map(() => openStream(t.port, { localAddress: "127.0.0.3" })),
    );
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.headers["retry-after"]).toBeDefined();
      await r.closed;
      expect(r.text()).toContain("Trop de connexions de mise à jour en direct");
    }

    // Another address is not affected.
    const neighbour = await openStream(t.port, { localAddress: "127.0.0.4" });
    expect(neighbour.status).toBe(200);

    // Closing one stream frees its slot for the same client.
    held[0]?.close();
    await streamsOpenAtMost(3);
    const again = await openStream(t.port, { localAddress: "127.0.0.3" });
    expect(again.status).toBe(200);
    for (const s of [...held, neighbour, again]) s.close();
    await streamsOpenAtMost(0);
  });

  it("cuts a trickled body at the request deadline while other visitors keep being served", async () => {
    const abusers = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(() => trickle("127.0.0.5"));
    const streams = await Promise.all([1, 2, 3].map(() => openStream(t.port, { localAddress: "127.0.0.5" })));

    // During the abuse, a visitor reads a page and follows the live stream.
    const page = await fetch(`${t.base}/formations`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Formations");
    const visitor = await openStream(t.port, { localAddress: "127.0.0.6" });
    expect(visitor.status).toBe(200);

    for (const cut of await Promise.all(abusers)) {
      // The server hung up long before the body was complete, answering 408 when it could.
      expect(cut.sent).toBeLessThan(cut.length / 2);
      if (cut.answer) expect(cut.answer).toMatch(/^HTTP\/1\.1 408/);
    }
    for (const s of [...streams, visitor]) s.close();
  }, 30_000);
});
