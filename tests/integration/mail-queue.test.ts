import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { openPostgres } from "~/platform/db/client.server";
import { createLogger } from "~/platform/logger.server";
import { backoffSeconds, enqueueMail, MailWorker } from "~/platform/mail/queue.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import { fileTransport, smtpTransport } from "~/platform/mail/transport.server";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";
import { scratchDir } from "../support/scratch";

const t = setUpTestApp();
beforeEach(async () => {
  t.smtp.up();
  t.smtp.messages.length = 0;
  await t.app.db.delete(mailOutbox);
});

const message = (to: string) => ({
  kind: "test",
  to,
  subject: "Votre demande a bien été reçue",
  text: "Bonjour, nous vous répondrons sous 24 h.",
  html: "<p>Bonjour, nous vous répondrons sous 24 h.</p>",
});

async function outbox() {
  return t.app.db.select().from(mailOutbox);
}

describe(`mail queue on ${DRIVER}`, () => {
  it("delivers a queued message through SMTP once, with its French subject", async () => {
    await enqueueMail(t.app.db, [message("eleve@example.test")]);
    expect(await t.app.mail.drain()).toBe(1);
    expect(await t.app.mail.drain()).toBe(0);
    const received = t.smtp.to("eleve@example.test");
    expect(received).toHaveLength(1);
    expect(received[0]?.subject).toBe("Votre demande a bien été reçue");
    const [row] = await outbox();
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(1);
  });

  it("sends a queued message's attachments, their bytes intact, and a message without any as before", async () => {
    const bytes = Buffer.from("%PDF-1.7 pièce jointe\n\u0000\u00ff", "utf8");
    await enqueueMail(t.app.db, [
      {
        ...message("joint@example.test"),
        attachments: [
          { filename: "convocation.pdf", contentType: "application/pdf", content: bytes.toString("base64") },
        ],
      },
    ]);
    expect(await t.app.mail.drain()).toBe(1);
    const [received] = t.smtp.to("joint@example.test");
    expect(received?.attachments).toHaveLength(1);
    expect(received?.attachments[0]).toMatchObject({
      filename: "convocation.pdf",
      contentType: "application/pdf",
    });
    expect(Buffer.from(received?.attachments[0]?.content ?? "", "base64").equals(bytes)).toBe(true);
    expect(received?.subject).toBe("Votre demande a bien été reçue");
  });

  it("sends a message again with the same Message-ID when the instance died before marking it sent", async () => {
    await enqueueMail(t.app.db, [message("double@example.test")]);
    expect(await t.app.mail.drain()).toBe(1);
    // What a SIGKILL between the SMTP server's acceptance and the update leaves: the row unsent.
    await t.database.query("update mail_outbox set sent_at = null, locked_until = null");
    expect(await t.app.mail.drain()).toBe(1);
    const ids = t.smtp.to("double@example.test").map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]?.trim());
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^<[0-9a-f-]{36}@/);
    expect(ids[1]).toBe(ids[0]);
  });

  it("without SMTP, a message delivered again after a crash replaces its own .eml file: one file per message", async () => {
    const dir = scratchDir("cfa-outbox-");
    const worker = new MailWorker(
      t.app.database,
      fileTransport(dir),
      { name: "Test", address: "no-reply@test" },
      createLogger({ production: true, level: "silent" }),
    );
    try {
      await enqueueMail(t.app.db, [message("fichier@example.test"), message("autre@example.test")]);
      expect(await worker.drain()).toBe(2);
      // What a SIGKILL between writing the file and the update leaves: the rows unsent.
      await t.database.query("update mail_outbox set sent_at = null, locked_until = null");
      expect(await worker.drain()).toBe(2);
      const files = readdirSync(dir);
      expect(files.filter((f) => f.endsWith(".eml"))).toHaveLength(2);
      expect(files).toHaveLength(2);
      const texts = files.map((f) => readFileSync(path.join(dir, f), "utf8"));
      expect(texts.filter((m) => m.includes("To: fichier@example.test"))).toHaveLength(1);
    } finally {
      await worker.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps a message through an SMTP outage and delivers it exactly once when the server is back", async () => {
    await enqueueMail(t.app.db, [message("patient@example.test")]);
    t.smtp.down();
    expect(await t.app.mail.drain()).toBe(0);
    let [row] = await outbox();
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toMatch(/421|indisponible/i);
    // Backoff: not retried before its next attempt time.
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    t.smtp.up();
    expect(await t.app.mail.drain()).toBe(0);

    // Time passes.
    await t.app.database.query("update mail_outbox set next_attempt_at = now()");
    expect(await t.app.mail.drain()).toBe(1);
    expect(await t.app.mail.drain()).toBe(0);
    [row] = await outbox();
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(2);
    expect(row?.lastError).toBeNull();
    expect(t.smtp.to("patient@example.test")).toHaveLength(1);
  });

  it("never sends a message twice when several instances drain the same outbox", async () => {
    // Many more messages than one worker claims at a time, so the workers' claims overlap. On
    // PostgreSQL each worker has its own connection pool, as separate instances of the site would.
    const count = 400;
    const addresses = Array.from({ length: count }, (_, i) => `lot-${i}@example.test`);
    await enqueueMail(t.app.db, addresses.map(message));
    const logger = createLogger({ production: true, level: "silent" });
    const databases = await Promise.all(
      [1, 2, 3, 4].map(() => (t.database.url ? openPostgres(t.database.url) : t.app.database)),
    );
    const workers = databases.map(
      (database) =>
        new MailWorker(
          database,
          smtpTransport(t.smtp.url),
          { name: "Test", address: "no-reply@test" },
          logger,
        ),
    );
    try {
      const delivered = await Promise.all(workers.map((w) => w.drain()));
      expect(delivered.reduce((a, b) => a + b, 0)).toBe(count);
      // More than one worker took part: the claims really did run side by side.
      expect(delivered.filter((n) => n > 0).length).toBeGreaterThan(1);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await Promise.all(databases.filter((d) => d !== t.app.database).map((d) => d.close()));
    }
    expect(t.smtp.messages).toHaveLength(count);
    for (const address of addresses) expect(t.smtp.to(address)).toHaveLength(1);
    // Each message was claimed once: a second claim would show as a second attempt.
    const rows = await outbox();
    expect(rows.filter((r) => r.sentAt === null || r.attempts !== 1)).toEqual([]);
  });

  it("backs off exponentially up to one hour", () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds(30)).toBe(3600);
  });

  it("loses nothing when the transaction that queued the mail rolls back", async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await enqueueMail(tx, [message("annule@example.test")]);
        throw new Error("échec après la mise en file");
      }),
    ).rejects.toThrow();
    expect(await outbox()).toHaveLength(0);
  });
});
