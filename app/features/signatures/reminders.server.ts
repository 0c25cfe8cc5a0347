/**
 * The one reminder of a demande de signature: every hour in each server process, each outside signer
 * who has not signed a request still en cours, Paramètres' days (7 by default) after it was asked,
 * receives one reminder e-mail. The signer's row is marked in the same transaction that queues the
 * e-mail (`update … where reminder_sent_at is null returning`): two instances at once send it once.
 */
import { and, eq, isNull, lte, ne, sql } from "drizzle-orm";
import { writeAudit } from "~/features/audit/index.server";
import { learnerDocuments } from "~/features/documents/schema.server";
import { getCentreSettings } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/client.server";
import type { Logger } from "~/platform/logger.server";
import { enqueueMail } from "~/platform/mail/queue.server";
import { MailRound } from "~/platform/periodic.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { signatureRequestMail } from "./mails.server";
import { signingPath } from "./requests.server";
import { signatureRequests, signatureSigners } from "./schema.server";
import { readSignatureSettings } from "./settings.server";

const DAY_MS = 24 * 60 * 60_000;

/** Queues the reminders due at `now`; answers the signers reminded. */
export async function sendSignatureReminders(
  db: Db,
  publicUrl: string,
  now: Date = new Date(),
): Promise<{ signerId: string; requestId: string }[]> {
  const { reminderDays } = await readSignatureSettings(db);
  const askedBefore = new Date(now.getTime() - reminderDays * DAY_MS);
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: signatureSigners.id })
      .from(signatureSigners)
      .innerJoin(signatureRequests, eq(signatureRequests.id, signatureSigners.requestId))
      .where(
        and(
          eq(signatureRequests.state, "pending"),
          lte(signatureRequests.createdAt, askedBefore),
          ne(signatureSigners.role, "centre"),
          isNull(signatureSigners.signedAt),
          isNull(signatureSigners.reminderSentAt),
        ),
      );
    const reminded = await tx
      .update(signatureSigners)
      .set({ reminderSentAt: now })
      .where(and(sql`${signatureSigners.id} in ${due}`, isNull(signatureSigners.reminderSentAt)))
      .returning({
        signerId: signatureSigners.id,
        requestId: signatureSigners.requestId,
        name: signatureSigners.name,
        email: signatureSigners.email,
      });
    if (reminded.length === 0) return [];
    const centre = await getCentreSettings(tx);
    const messages = [];
    for (const signer of reminded) {
      const [doc] = await tx
        .select({ id: learnerDocuments.id, kind: learnerDocuments.kind })
        .from(signatureRequests)
        .innerJoin(learnerDocuments, eq(learnerDocuments.id, signatureRequests.documentId))
        .where(eq(signatureRequests.id, signer.requestId));
      if (!doc || !signer.email) continue;
      messages.push({
        kind: "signature_reminder",
        to: signer.email,
        replyTo: centre.email.trim() || null,
        learnerDocumentId: doc.id,
        ...signatureRequestMail(centre, {
          name: signer.name,
          document: doc.kind === "contrat" ? "le contrat de formation" : "la convention de formation",
          url: `${publicUrl}${signingPath(signer.requestId)}`,
          reminder: true,
        }),
      });
      await writeAudit(tx, null, {
        action: "send",
        entity: "signature_request",
        entityId: signer.requestId,
        details: { title: "Relance de la demande de signature" },
      });
    }
    await enqueueMail(tx, messages);
    return reminded.map(({ signerId, requestId }) => ({ signerId, requestId }));
  });
}

/** Runs the reminders every hour beside the mail worker; a failed round is logged and tried at the next. */
export class SignatureReminderScheduler extends MailRound<{ signerId: string; requestId: string }> {
  constructor(db: Db, publicUrl: string, mail: { wake(): void }, logger: Logger, everyMs = 60 * 60_000) {
    super(
      (now) => sendSignatureReminders(db, publicUrl, now),
      mail,
      logger,
      {
        failed: "signatures: reminder round failed",
        queued: "signatures: reminders queued",
        field: "reminders",
      },
      everyMs,
    );
  }
}

// The process's runtime carries the scheduler (built in app/boot/runtime.server.ts).
declare module "~/platform/runtime.server" {
  interface AppRuntime {
    /** Reminds the signers who have not signed, once, after Paramètres' days. */
    signatureReminders: SignatureReminderScheduler;
  }
}

export type { AppRuntime };
