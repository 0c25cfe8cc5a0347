import { expect } from "@playwright/test";
import { SMTP_API } from "../../../playwright.config";

export interface Mail {
  to: string[];
  subject: string;
  body: string;
  /** Attached files, their bytes in base64. */
  attachments: { filename: string; contentType: string; content: string }[];
}

export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${SMTP_API}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as Mail[];
}

/** Spaces of any kind as one ordinary space, as Playwright matches text: 'Nouveau message : …' finds the subject with its no-break space. */
const normalized = (text: string) => text.replace(/\s+/g, " ");

/**
 * Waits until a message whose subject contains `subject` reaches `address`, and returns it; 15 s
 * unless told (a message a periodic job sends comes at its next round).
 */
export async function waitForMail(address: string, subject: string, timeout = 15_000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find((m) => normalized(m.subject).includes(normalized(subject)));
        return Boolean(found);
      },
      { timeout, message: `e-mail « ${subject} » pour ${address}` },
    )
    .toBe(true);
  return found as Mail;
}

/** The first link in a message that starts with `prefix`. */
export function linkIn(mail: Mail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}[^\\s"<>]+`).exec(mail.body);
  if (!match) throw new Error(`no link starting with ${prefix} in « ${mail.subject} »`);
  return match[0].replaceAll("&amp;", "&");
}
