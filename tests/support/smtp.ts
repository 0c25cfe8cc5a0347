import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The message body with quoted-printable soft breaks undone, for finding links. */
  body: string;
  /** The files attached to the message (parts with Content-Disposition: attachment). */
  attachments: ReceivedAttachment[];
}

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  /** The decoded bytes, base64 (JSON-safe for the e2e peer's HTTP API). */
  content: string;
}

/** The attachments of a raw MIME message as nodemailer writes them: base64 parts marked attachment. */
export function attachmentsOf(raw: string): ReceivedAttachment[] {
  const found: ReceivedAttachment[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = /\r?\n\r?\n/.exec(part);
    if (!split) continue;
    const headers = part.slice(0, split.index).replace(/\r?\n[ \t]+/g, " ");
    if (!/^Content-Disposition:\s*attachment/im.test(headers)) continue;
    const filename = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? "";
    const contentType = /^Content-Type:\s*([^;\s]+)/im.exec(headers)?.[1] ?? "";
    const body = part.slice(split.index + split[0].length).replace(/\r?\n--[^\r\n]*--\s*$/, "");
    found.push({ filename, contentType, content: body.replace(/[^A-Za-z0-9+/=]/g, "") });
  }
  return found;
}

/** Undo quoted-printable so that links and French text can be searched in a raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

function subjectOf(raw: string): string {
  const match = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw);
  if (!match?.[1]) return "";
  // Unfold, and drop the blank between adjacent encoded words (RFC 2047 §6.2).
  const folded = match[1].replace(/\r?\n[ \t]/g, " ").replace(/\?=\s+=\?/g, "?==?");
  // RFC 2047 encoded words, as nodemailer writes non-ASCII subjects.
  return folded.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/**
 * A real SMTP server on loopback (the `smtp-server` package). `down()` makes it refuse every
 * message with a 421 so that tests can simulate an outage without closing the port.
 */
export async function startSmtpPeer(
  port = 0,
  /** Runs after a message is received whole and before the server answers 250 (awaited). */
  beforeAccept?: () => Promise<void>,
) {
  const messages: ReceivedMail[] = [];
  let failing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (failing) {
        const error = new Error("Service temporairement indisponible") as Error & { responseCode: number };
        error.responseCode = 421;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: subjectOf(raw),
          body: decodeQuotedPrintable(raw),
          attachments: attachmentsOf(raw),
        });
        if (!beforeAccept) return callback();
        beforeAccept().then(() => callback(), callback);
      });
    },
  });
  // A client killed mid-session (bench:cluster's SIGKILL) resets its connection: not the peer's end.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;
  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    messages,
    down() {
      failing = true;
    },
    up() {
      failing = false;
    },
    to(address: string) {
      return messages.filter((m) => m.to.includes(address.toLowerCase()));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
