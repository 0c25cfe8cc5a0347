import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

/** Messages sent at once per worker; also the SMTP pool's connection count. */
export const SMTP_CONNECTIONS = 8;

/** A sender as mail clients show it: « Centre de Formation Avenir <no-reply@…> ». */
export interface MailSender {
  name: string;
  address: string;
}

export interface OutgoingMail {
  from: MailSender;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  /**
   * The same for every attempt at one outbox row: when an instance dies between the SMTP server's
   * acceptance and marking the row sent, the retry is a second copy of the same message, which
   * mail clients and servers recognise as such.
   */
  messageId?: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set: a small pool of reused connections, so that a burst of leads is not
 * sent one TCP + TLS handshake at a time. Short timeouts: a slow server must not hold a worker.
 */
export function smtpTransport(url: string): MailTransport {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 465 : 587),
    secure,
    ...(parsed.username
      ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } }
      : {}),
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP, each message becomes an .eml file in DATA_DIR/outbox that any mail client opens.
 * The file is named after the message's id (the same at every attempt at one outbox row) and written
 * whole under a temporary name, then renamed: a message delivered again after a crash replaces its
 * own file instead of making a second one, and a reader never sees half a message.
 */
export function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  // The folder is made once, not before every message (a system call each); made again if it was
  // removed while the server runs.
  let folder: Promise<unknown> | null = null;
  const write = async (file: string, bytes: Buffer) => {
    folder ??= mkdir(dir, { recursive: true });
    await folder;
    try {
      await writeFile(file, bytes);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      folder = mkdir(dir, { recursive: true });
      await folder;
      await writeFile(file, bytes);
    }
  };
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail);
      const target = path.join(dir, `${info.messageId.replace(/[^\w.-]/g, "")}.eml`);
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await write(temporary, info.message as Buffer);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}
