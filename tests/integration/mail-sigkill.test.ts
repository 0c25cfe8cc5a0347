// A server killed (SIGKILL) while it delivers mail: each message the SMTP server accepted before the
// kill reaches its recipient once, not a second time when the next start delivers the outbox again.
// The kill lands where duplicates came from: after the SMTP server's 250, before the row is marked
// sent (the marks are held back by a lock on the outbox while the 250s go out). PostgreSQL only: the
// test holds that lock from its own connection, which an embedded database in the server's process
// does not allow; the journal it exercises is the same on both.
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { enqueueMail } from "~/platform/mail/queue.server";
import { setUpProductionBuild } from "../support/build";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";
import { scratchDir } from "../support/scratch";
import { startSmtpPeer } from "../support/smtp";

const t = setUpTestApp();
const dataDir = scratchDir("cfa-sigkill-");
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** `node server.js` on the test's database, delivering to `smtpUrl`, as an operator runs it. */
function startServer(smtpUrl: string) {
  let output = "";
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(41_000 + Math.floor(Math.random() * 9_000)),
      DATA_DIR: dataDir,
      DATABASE_URL: t.database.url ?? "",
      SMTP_URL: smtpUrl,
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return { child, exited, output: () => output };
}

/** Polls `check` every 50 ms until it holds; fails with `what` and the server's output after 60 s. */
async function until(check: () => Promise<boolean>, what: string, output: () => string) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 60_000) throw new Error(`${what} never happened:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A count read on a connection of its own (the test database's pool may be busy or locked out). */
async function count(query: string): Promise<number> {
  const client = new pg.Client({ connectionString: t.database.url ?? "" });
  await client.connect();
  try {
    return Number((await client.query<{ n: number }>(query)).rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

describe.skipIf(DRIVER !== "pg")("mail delivery across a SIGKILL", () => {
  setUpProductionBuild();
  it("sends every message once: those accepted before the kill are not sent again by the next start", async () => {
    const lock = new pg.Client({ connectionString: t.database.url ?? "" });
    await lock.connect();
    let locked = false;
    // At the first message received whole, before its 250: the outbox is locked, so no row can be
    // marked sent until the server is dead.
    const peer = await startSmtpPeer(0, async () => {
      if (locked) return;
      locked = true;
      await lock.query("begin");
      await lock.query("lock table mail_outbox in exclusive mode");
    });
    try {
      const addresses = Array.from({ length: 6 }, (_, i) => `visiteur-${i}@example.test`);
      await enqueueMail(
        t.app.db,
        addresses.map((to) => ({
          kind: "contact_confirmation",
          to,
          subject: "Nous avons bien reçu votre message",
          text: "Bonjour, nous vous répondrons sous 24 heures.",
          html: "<p>Bonjour, nous vous répondrons sous 24 heures.</p>",
        })),
      );
      const first = startServer(peer.url);
      // Every message accepted (250 sent), the batch's mark (one update for the six) waiting behind the lock.
      await until(
        async () =>
          peer.messages.length === addresses.length &&
          (await count(
            `select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like 'update mail_outbox set sent_at%'`,
          )) > 0,
        "the six deliveries waiting to be marked",
        first.output,
      );
      first.child.kill("SIGKILL");
      await first.exited;
      // The killed process's marks die with it: its connections, still queued behind the lock, would
      // otherwise run them once it is released (the stand-in for 'not sent yet' must not run later).
      await lock.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where wait_event_type = 'Lock' and query like 'update mail_outbox set sent_at%'`,
      );
      await lock.query("rollback");
      expect(await count("select count(*)::int as n from mail_outbox where sent_at is null")).toBe(6);
      // A minute later (the lease of the killed process's claims has run out), the next start.
      await t.database.query("update mail_outbox set locked_until = null");
      const second = startServer(peer.url);
      await until(
        async () => (await count("select count(*)::int as n from mail_outbox where sent_at is null")) === 0,
        "the outbox emptied",
        second.output,
      );
      second.child.kill("SIGTERM");
      await second.exited;
      for (const address of addresses) expect(peer.to(address), address).toHaveLength(1);
      expect(peer.messages).toHaveLength(6);
    } finally {
      await lock.end();
      await peer.close();
    }
  }, 180_000);
});
