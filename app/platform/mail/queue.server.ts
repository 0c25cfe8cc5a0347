import { appendFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { Database, Db } from "~/platform/db/client.server";
import type { Logger } from "~/platform/logger.server";
import { type MailAttachment, type MailRow, mailOutbox } from "~/platform/mail/schema.server";
import { type MailSender, type MailTransport, SMTP_CONNECTIONS } from "./transport.server";

export interface MailMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (a staff notification: the visitor's address, so staff answer in one click). */
  replyTo?: string | null;
  contactRequestId?: string | null;
  complaintId?: string | null;
  applicationId?: string | null;
  /** The learner's document this message carries (erased with it). */
  learnerDocumentId?: string | null;
  /** The personal signing link this message carries: one message per link (a unique index). */
  attendanceLinkId?: string | null;
  attachments?: MailAttachment[] | null;
}

/**
 * Puts messages in the outbox. Pass the transaction that writes what the mail is about, so that
 * both are committed together or not at all.
 */
export async function enqueueMail(db: Db, messages: MailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await outboxInsert(db, messages);
}

/**
 * The insert that puts `messages` (at least one) in the outbox, not yet run: a caller may make it
 * one statement with the write the mail is about (`with … as (insert …) <this>`), atomic without a
 * transaction and one round trip to the database instead of four.
 */
export function outboxInsert(db: Db, messages: MailMessage[]) {
  return db.insert(mailOutbox).values(messages);
}

/**
 * Puts one message in the outbox unless the outbox already holds the one it stands for (a message
 * of the same attendance link): answers whether it was queued. Whatever the number of clicks or
 * instances, the unique index lets one insert through.
 */
export async function enqueueMailOnce(db: Db, message: MailMessage): Promise<boolean> {
  const queued = await db
    .insert(mailOutbox)
    .values(message)
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  return queued.length > 0;
}

type ClaimedMail = Pick<
  MailRow,
  "id" | "to" | "subject" | "text" | "html" | "replyTo" | "attempts" | "attachments"
>;

/** 10 s, 20 s, 40 s … capped at one hour: retried until delivered. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

// A claimed message stays hidden from other workers this long; longer than any SMTP timeout.
const LEASE_SECONDS = 60;
const BATCH = SMTP_CONNECTIONS * 4;

/** `src="/…"` made `src="https://site/…"`: a mail client has no page to resolve a path against. */
export const absolutePictures = (html: string, publicUrl: string) =>
  html.replace(/(<img\b[^>]*?\ssrc=")\/(?!\/)/g, `$1${publicUrl.replace(/\/$/, "")}/`);

/**
 * Delivers the outbox. Each instance runs one; rows are claimed with FOR UPDATE SKIP LOCKED and a
 * lease, so several instances on one PostgreSQL never send the same message twice at once, and a
 * message claimed by a crashed instance is retried once its lease ends.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  /** Set by stop(): a drain in progress ends after its current batch. */
  private closing = false;
  private again = false;

  constructor(
    private readonly database: Database,
    private readonly transport: MailTransport,
    /**
     * The sender: MAIL_FROM's address with the centre's name as display name, read before each
     * batch so that a name changed in Paramètres signs the very next e-mails, on every instance.
     */
    private readonly sender: MailSender | (() => Promise<MailSender>),
    private readonly logger: Logger,
    private readonly pollMs = 2_000,
    /**
     * PUBLIC_URL: the pictures of a message (the centre's logo) are written with our paths
     * (src="/media/…") and made absolute here, as it leaves, so that no template needs the address.
     */
    private readonly publicUrl = "",
    /**
     * A file where the id of each message the SMTP server accepted is appended at once, before the
     * row is marked sent (DATA_DIR/mail-accepted.log): a process killed between the two leaves the
     * id there, and the next start marks the row sent instead of sending it again. None: no journal.
     */
    private readonly journal: string | null = null,
  ) {}

  /** The journal was read (once per process, before the first claim). */
  private recovered = false;
  /** A message accepted but whose row could not be marked: its id must stay in the journal. */
  private unmarked = false;

  /**
   * Marks sent every row whose id a killed process left in the journal (accepted by the SMTP server,
   * never marked), then empties it.
   */
  private async recover(): Promise<void> {
    if (!this.journal || this.recovered) return;
    let ids: string[] = [];
    try {
      ids = [
        ...new Set(
          readFileSync(this.journal, "utf8")
            .split("\n")
            .filter((id) => /^[0-9a-f-]{36}$/.test(id)),
        ),
      ];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    if (ids.length) {
      await this.database.query(
        `update mail_outbox set sent_at = coalesce(sent_at, now()), locked_until = null
         where id = any($1::uuid[])`,
        [ids],
      );
      this.logger.info({ messages: ids.length }, "mail queue: accepted before a crash, marked sent");
    }
    rmSync(this.journal, { force: true });
    this.recovered = true;
  }

  /** Appends `id` to the journal, synchronously: nothing else runs between the SMTP 250 and this. */
  private noteAccepted(id: string): void {
    if (!this.journal) return;
    mkdirSync(path.dirname(this.journal), { recursive: true });
    appendFileSync(this.journal, `${id}\n`);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Called after an enqueue so that mail leaves at once instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close();
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.error({ err: error }, "mail queue: drain failed"))
        .finally(() => {
          this.running = null;
          const again = this.again;
          this.again = false;
          this.schedule(again ? 0 : this.pollMs);
        });
    }, ms);
  }

  /** Sends every due message; returns how many were delivered. Exposed for tests and scripts. */
  async drain(): Promise<number> {
    await this.recover();
    let delivered = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) {
        // Every accepted message is marked: the journal has nothing left to say.
        if (this.journal && !this.unmarked) rmSync(this.journal, { force: true });
        return delivered;
      }
      const from = typeof this.sender === "function" ? await this.sender() : this.sender;
      // The batch goes out in parallel over the transport's connection pool.
      const results = await Promise.all(batch.map((row) => this.deliver(row, from)));
      const accepted = batch.filter((_, i) => results[i]).map((row) => row.id);
      await this.markSent(accepted);
      delivered += accepted.length;
      if (this.closing) return delivered;
    }
  }

  private async claim(): Promise<ClaimedMail[]> {
    const rows = await this.database.query<Record<string, unknown>>(
      `update mail_outbox set locked_until = now() + make_interval(secs => $1), attempts = attempts + 1
       where id in (
         select id from mail_outbox
         where sent_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())
         order by next_attempt_at limit $2 for update skip locked)
       returning id, to_address, subject, text_body, html_body, reply_to, attempts, attachments`,
      [LEASE_SECONDS, BATCH],
    );
    return rows.map((r) => ({
      id: String(r.id),
      to: String(r.to_address),
      subject: String(r.subject),
      text: String(r.text_body),
      html: String(r.html_body),
      replyTo: r.reply_to == null ? null : String(r.reply_to),
      attempts: Number(r.attempts),
      // jsonb: an object from both drivers (PGlite and node-postgres parse it).
      attachments: (r.attachments as MailAttachment[] | null) ?? null,
    }));
  }

  private async deliver(row: ClaimedMail, from: MailSender): Promise<boolean> {
    try {
      await this.transport.send({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: this.publicUrl ? absolutePictures(row.html, this.publicUrl) : row.html,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        ...(row.attachments?.length
          ? {
              attachments: row.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.content, "base64"),
              })),
            }
          : {}),
        messageId: `<${row.id}@${from.address.split("@")[1] ?? "localhost"}>`,
      });
    } catch (error) {
      await this.failed(row, error);
      return false;
    }
    // Accepted: noted in the journal in the same tick as the server's answer; the batch's accepted
    // rows are then marked sent together (markSent).
    this.noteAccepted(row.id);
    return true;
  }

  /**
   * One statement for the whole batch rather than one per message: at hundreds of leads a second,
   * the per-message update was a fifth of the database's round trips.
   */
  private async markSent(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await this.database.query(
        `update mail_outbox set sent_at = now(), locked_until = null, last_error = null
         where id = any($1::uuid[])`,
        [ids],
      );
    } catch (error) {
      // Delivered all the same: the journal keeps their ids, the next start marks them.
      this.unmarked = true;
      this.logger.error({ err: error, mailIds: ids }, "mail queue: delivered but not marked sent");
    }
  }

  /** Not delivered: the row waits for its next attempt (backoffSeconds). */
  private async failed(row: ClaimedMail, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const delay = backoffSeconds(row.attempts);
    this.logger.warn(
      { mailId: row.id, attempts: row.attempts, retryIn: delay, err: message },
      "mail delivery failed",
    );
    await this.database.query(
      `update mail_outbox set locked_until = null, last_error = $2,
         next_attempt_at = now() + make_interval(secs => $3) where id = $1`,
      [row.id, message.slice(0, 1000), delay],
    );
  }
}
