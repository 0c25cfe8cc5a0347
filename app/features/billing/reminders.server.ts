/**
 * Reminders of unpaid invoices: every minute in each server process, each invoice En retard with
 * something left to pay is reminded at level k once today (Paris) reaches its due date plus
 * Paramètres' `reminderDays[k-1]`, by e-mail to the buyer's invoicing address as the invoice printed
 * it. Each level goes once: the reminder's row (invoice, level) is the primary key of
 * `invoice_reminders`, inserted in the transaction that queues its e-mail, so two instances running
 * a round at once send it once (the second insert waits for the first and then does nothing).
 */
import { inArray, type SQL, sql } from "drizzle-orm";
import { writeAudit } from "~/features/audit/index.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import type { Logger } from "~/platform/logger.server";
import { enqueueMail, type MailMessage } from "~/platform/mail/queue.server";
import { centreReplyTo } from "~/platform/mail/templates.server";
import { MailRound } from "~/platform/periodic.server";
import { readBillingSettings } from "./billing-settings.server";
import { invoiceFigures } from "./invoice-state.server";
import { invoiceReminderMail } from "./reminder-mail.server";
import { invoiceReminders, invoices } from "./schema.server";

/** A reminder queued by a round. */
export interface SentReminder {
  invoiceId: string;
  level: number;
}

/** The delays of Paramètres that can be used: whole days, none negative (an empty list sends nothing). */
const usableDays = (days: unknown): number[] =>
  Array.isArray(days) ? days.filter((d): d is number => Number.isInteger(d) && d >= 0) : [];

/**
 * Queues the reminders due on `now`'s Paris day and answers them. Per invoice, only the highest
 * level due is sent: a server stopped for weeks does not send the first and the second together
 * (the first is then never sent, and the second's text does not speak of a reminder it never had).
 */
export async function sendDueReminders(db: Db, now: Date = new Date()): Promise<SentReminder[]> {
  const days = usableDays((await readBillingSettings(db)).reminderDays);
  if (days.length === 0) return [];
  const today = parisToday(now);
  const f = invoiceFigures(db, today);
  const delays: SQL = sql.join(
    days.map((d, i) => sql`(${i + 1}::int, ${d}::int)`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    const sent = await rows<{ invoice_id: string; level: number }>(
      tx,
      sql`insert into ${invoiceReminders} (invoice_id, level)
          select due.id, due.level from (
            select ${f.id} as id, max(delay.level) as level
              from ${f} cross join (values ${delays}) as delay(level, days)
             where ${f.state} = 'overdue'
               and ${f.dueOn} + delay.days <= ${today}::date
             group by ${f.id}) due
          join ${invoices} on ${invoices.id} = due.id
         where coalesce(${invoices.buyer}->>'email', '') <> ''
           and not exists (select 1 from ${invoiceReminders} r where r.invoice_id = due.id and r.level >= due.level)
        on conflict do nothing
        returning invoice_id, level`,
    );
    if (sent.length === 0) return [];
    const reminded = sent.map((r) => ({ invoiceId: r.invoice_id, level: Number(r.level) }));
    await queueReminderMails(tx, reminded, today);
    return reminded;
  });
}

/** The e-mails of the reminders just recorded, and their Journal entries (the server acting), in the same transaction. */
async function queueReminderMails(tx: Db, reminded: SentReminder[], today: string): Promise<void> {
  const ids = reminded.map((r) => r.invoiceId);
  const f = invoiceFigures(tx, today);
  // One after the other: a transaction is one connection, which runs one query at a time.
  const centre = await getCentreSettings(tx);
  const figures = await tx.select().from(f).where(inArray(f.id, ids));
  const details = await tx
    .select({ id: invoices.id, seller: invoices.seller, buyer: invoices.buyer })
    .from(invoices)
    .where(inArray(invoices.id, ids));
  const earlier = await tx
    .select({ invoiceId: invoiceReminders.invoiceId, level: invoiceReminders.level })
    .from(invoiceReminders)
    .where(inArray(invoiceReminders.invoiceId, ids));
  const messages: MailMessage[] = [];
  for (const { invoiceId, level } of reminded) {
    const row = figures.find((r) => r.id === invoiceId);
    const parties = details.find((d) => d.id === invoiceId);
    if (!row?.number || !row.issuedOn || !row.dueOn || !parties?.seller) {
      throw new Error(`invoice ${invoiceId} reminded without its issue`);
    }
    messages.push({
      kind: "invoice-reminder",
      to: parties.buyer.email,
      replyTo: centreReplyTo(centre),
      ...invoiceReminderMail(centre, {
        number: row.number,
        issuedOn: row.issuedOn,
        dueOn: row.dueOn,
        grossCents: Number(row.grossCents),
        paidCents: Number(row.paidCents),
        creditedCents: Number(row.creditedCents),
        leftCents: Number(row.leftCents),
        seller: parties.seller,
        buyer: parties.buyer,
        remindedBefore: earlier.some((e) => e.invoiceId === invoiceId && e.level < level),
      }),
    });
    await writeAudit(tx, null, {
      action: "send",
      entity: "invoice",
      entityId: invoiceId,
      details: { title: `Relance ${level} de la facture ${row.number}`, level },
    });
  }
  await enqueueMail(tx, messages);
}

/**
 * Sends the reminders when due, every minute in each server process, beside the mail worker, as the
 * surveys and the signing links are: a reminder leaves within a minute of its day coming (Paris
 * midnight, or the moment an invoice becomes due again because a payment was withdrawn), and the
 * round is one query over the unpaid invoices. A failed round is logged and tried again at the next
 * one.
 */
export class ReminderScheduler extends MailRound<SentReminder> {
  constructor(db: Db, mail: { wake(): void }, logger: Logger, everyMs = 60_000) {
    super(
      (now) => sendDueReminders(db, now),
      mail,
      logger,
      { failed: "reminders: round failed", queued: "reminders: queued", field: "reminders" },
      everyMs,
    );
  }
}

// The process's runtime carries the scheduler (built in app/boot/runtime.server.ts).
declare module "~/platform/runtime.server" {
  interface AppRuntime {
    /** Sends the reminders of unpaid invoices when due, every minute. */
    reminders: ReminderScheduler;
  }
}
