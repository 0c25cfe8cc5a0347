/**
 * Trainers' documents to renew: those of active trainers whose expiry falls within a month of today
 * (Paris), or has passed. The dashboard lists them ('Documents de formateurs à renouveler'), and the
 * centre's address (Paramètres' e-mail, else the recipient of new requests) gets one e-mail per
 * document and expiry, through the outbox. Each warning goes once: `warned_for` takes the expiry it
 * was sent for in the statement that picks the document, in the transaction that queues its e-mail,
 * so two instances running a round at once send it once; a document given a new expiry would be
 * announced again for it.
 */
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { writeAudit } from "~/features/audit/index.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { formatDate, parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import type { Logger } from "~/platform/logger.server";
import { enqueueMail } from "~/platform/mail/queue.server";
import { renderMail } from "~/platform/mail/templates.server";
import { MailRound } from "~/platform/periodic.server";
import { trainerTitle } from "./audit-record.server";
import { trainerDocuments, trainers } from "./schema.server";
import {
  EXPIRY_WARNING_MONTHS,
  TRAINER_DOCUMENT_KIND_LABELS,
  type TrainerDocumentKind,
  trainerName,
} from "./vocabulary";

/** The last day of the warning window: today plus a month, Paris calendar. */
const windowEnd = (now: Date) =>
  sql`(${parisToday(now)}::date + make_interval(months => ${EXPIRY_WARNING_MONTHS}))::date`;

/** A document to renew, as the dashboard and the e-mail name it. */
export interface ExpiringDocument {
  id: string;
  trainerId: string;
  trainer: string;
  kind: TrainerDocumentKind;
  label: string;
  expiresOn: string;
}

/** What a warning names of a document: its trainer, kind, label and expiry. */
const named = {
  id: trainerDocuments.id,
  trainerId: trainers.id,
  firstName: trainers.firstName,
  lastName: trainers.lastName,
  kind: trainerDocuments.kind,
  label: trainerDocuments.label,
  expiresOn: trainerDocuments.expiresOn,
};

const expiring = (now: Date) =>
  and(
    eq(trainers.active, true),
    isNotNull(trainerDocuments.expiresOn),
    lte(trainerDocuments.expiresOn, windowEnd(now)),
  );

/** The documents to renew at `now`, the soonest expiry first (the dashboard's card). */
export async function expiringTrainerDocuments(db: Db, now: Date = new Date()): Promise<ExpiringDocument[]> {
  const found = await db
    .select(named)
    .from(trainerDocuments)
    .innerJoin(trainers, eq(trainers.id, trainerDocuments.trainerId))
    .where(expiring(now))
    .orderBy(asc(trainerDocuments.expiresOn), asc(trainers.lastName), asc(trainerDocuments.id));
  return found.map(({ firstName, lastName, expiresOn, ...d }) => ({
    ...d,
    trainer: trainerName({ firstName, lastName }),
    expiresOn: expiresOn ?? "",
  }));
}

/** 'expire le 12 mars 2027' or 'a expiré le 2 février 2027', as of `today`. */
export const expiryText = (expiresOn: string, today: string) =>
  `${expiresOn < today ? "a expiré" : "expire"} le ${formatDate(`${expiresOn}T12:00:00Z`)}`;

/**
 * Queues the warnings due at `now` and answers the documents warned of. Nothing is marked while
 * the centre has no address to write to: the next round tries again.
 */
export async function sendExpiryWarnings(db: Db, publicUrl: string, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const centre = await getCentreSettings(tx);
    const to = centre.email.trim() || centre.leadRecipient.trim();
    if (!to) return [];
    const marked = await tx
      .update(trainerDocuments)
      .set({ warnedFor: trainerDocuments.expiresOn })
      .from(trainers)
      .where(
        and(
          eq(trainers.id, trainerDocuments.trainerId),
          expiring(now),
          sql`${trainerDocuments.warnedFor} is distinct from ${trainerDocuments.expiresOn}`,
        ),
      )
      .returning(named);
    if (!marked.length) return [];
    const today = parisToday(now);
    await enqueueMail(
      tx,
      marked.map((d) => {
        const name = trainerName(d);
        const when = expiryText(d.expiresOn ?? today, today);
        return {
          kind: "trainer_document_expiry",
          to,
          ...renderMail(centre, {
            subject: `Document à renouveler\u00a0: ${name}, ${d.label}`,
            heading: "Bonjour,",
            paragraphs: [
              `Le document «\u00a0${d.label}\u00a0» de ${name} ${when}. Demandez-lui sa version à jour, puis déposez-la sur sa fiche dans la console.`,
            ],
            rows: [
              ["Formateur·rice", name],
              ["Document", `${TRAINER_DOCUMENT_KIND_LABELS[d.kind]} – ${d.label}`],
              ["Expiration", formatDate(`${d.expiresOn}T12:00:00Z`)],
            ],
            action: { label: "Ouvrir sa fiche", url: `${publicUrl}/admin/formateurs/${d.trainerId}` },
          }),
        };
      }),
    );
    for (const d of marked) {
      await writeAudit(tx, null, {
        action: "send",
        entity: "trainer",
        entityId: d.trainerId,
        details: {
          title: trainerTitle(d.trainerId),
          expiryWarning: { document: d.id, expiresOn: d.expiresOn },
        },
      });
    }
    return marked.map((d) => ({ id: d.id, expiresOn: d.expiresOn ?? "" }));
  });
}

/**
 * Sends the warnings when due, every hour in each server process (platform/periodic.server.ts), beside
 * the mail worker. A failed round is logged and tried again at the next one.
 */
export class TrainerExpiryScheduler extends MailRound<
  Awaited<ReturnType<typeof sendExpiryWarnings>>[number]
> {
  constructor(db: Db, publicUrl: string, mail: { wake(): void }, logger: Logger, everyMs = 60 * 60_000) {
    super(
      (now) => sendExpiryWarnings(db, publicUrl, now),
      mail,
      logger,
      {
        failed: "trainers: expiry round failed",
        queued: "trainers: expiry warnings queued",
        field: "warnings",
      },
      everyMs,
    );
  }
}

// The process's runtime carries the scheduler (built in app/boot/runtime.server.ts).
declare module "~/platform/runtime.server" {
  interface AppRuntime {
    /** Warns the centre of trainers' documents to renew, every hour. */
    trainerExpiry: TrainerExpiryScheduler;
  }
}
