/**
 * 'Envoyer les liens par e-mail' on a slot's signing page: each learner still following the session
 * (not 'Abandon', not anonymised, with an address) receives their personal signing link through the
 * outbox. The e-mail names its link (mail_outbox.attendance_link_id, unique), so a learner gets one
 * e-mail per slot whatever the clicks or instances; the click is audited on the session with the
 * slot and a count, never a name.
 */

import { and, eq, isNotNull, isNull, ne } from "drizzle-orm";
import { attendanceLinks } from "~/features/attendance/schema.server";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { sessionHeading, sessionTitleOf } from "~/features/catalogue/index.server";
import { learners } from "~/features/learners/schema.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { timeText } from "~/features/timetable";
import type { Db } from "~/platform/db/client.server";
import { NNBSP } from "~/platform/french";
import { enqueueMailOnce } from "~/platform/mail/queue.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import { type MailCentre, type RenderedMail, renderMail } from "~/platform/mail/templates.server";
import { formatDateTime } from "~/platform/paris-time";
import type { AppRuntime } from "~/platform/runtime.server";
import { attendanceCode, attendanceUrl, codeText, slotLinks } from "./attendance-links.server";
import { slotHeading, weekdayDay } from "./sheet";
import { slotOf } from "./signing.server";
import { EARLY_MINUTES, type SlotTimes, signingWindow, windowState } from "./signing-window";

export const SLOT_CLOSED = "Le créneau est terminé : les liens de signature ne servent plus.";

export interface LinkMailInput {
  firstName: string | null;
  formationTitle: string;
  slot: SlotTimes;
  place: string | null;
  url: string;
  /** The learner's personal code, for the QR code shown in the room. */
  code: string;
}

/** The e-mail of a learner's personal signing link: the slot, where, the link and when it works. */
export function attendanceLinkMail(centre: MailCentre, input: LinkMailInput): RenderedMail {
  const { slot } = input;
  const { opensAt, closesAt } = signingWindow(slot);
  const rows: [string, string][] = [
    ["Formation", input.formationTitle],
    ["Date", weekdayDay(slot.day)],
    ["Horaires", `${timeText(slot.startMinute)} – ${timeText(slot.endMinute)}`],
    ...(input.place ? ([["Lieu", input.place]] as [string, string][]) : []),
  ];
  return renderMail(centre, {
    subject: `Émargement${NNBSP}: ${input.formationTitle}, ${weekdayDay(slot.day)} ${timeText(slot.startMinute)}`,
    heading: input.firstName ? `Bonjour ${input.firstName},` : "Bonjour,",
    paragraphs: [
      `Voici votre lien personnel pour signer la feuille d'émargement de ce créneau, depuis votre téléphone ou votre ordinateur.`,
      `Il ne fonctionne que pendant le créneau${NNBSP}: de ${EARLY_MINUTES} minutes avant le début (${formatDateTime(opensAt)}) jusqu'à la fin (${formatDateTime(closesAt)}). Ne le transmettez à personne${NNBSP}: il signe en votre nom.`,
      `Si un QR code d'émargement est affiché dans la salle, vous pouvez aussi le scanner et signer avec votre code personnel${NNBSP}: ${codeText(input.code)}. Ce code est le même pour tous vos créneaux${NNBSP}; gardez-le pour vous.`,
    ],
    rows,
    action: { label: "Signer l'émargement", url: input.url },
  });
}

/**
 * Queues the link of each learner of the slot who has not had it; answers how many were queued, or
 * null when the slot is unknown, or 'closed' when it has ended (a link then opens nothing). `actor`
 * null: the server itself, sending the links before the slot (link-scheduler.server.ts).
 */
export async function sendSlotLinks(
  app: Pick<AppRuntime, "db" | "config" | "mail">,
  actor: Actor | null,
  sessionId: string,
  slotId: string,
  now: Date,
): Promise<number | "closed" | null> {
  const slot = await slotOf(app.db, sessionId, slotId);
  if (!slot) return null;
  if (windowState(slot, now) === "closed") return "closed";
  const tokenOf = new Map(
    (await slotLinks(app.db, app.config.authSecret, slotId)).map((l) => [l.learnerId, l.token]),
  );
  const session = await sessionHeading(app.db, sessionId);
  if (!session) return null;
  const recipients = await app.db
    .select({
      learnerId: learners.id,
      firstName: learners.firstName,
      email: learners.email,
      linkId: attendanceLinks.id,
    })
    .from(learners)
    .innerJoin(
      attendanceLinks,
      and(eq(attendanceLinks.learnerId, learners.id), eq(attendanceLinks.slotId, slotId)),
    )
    .where(
      and(
        eq(learners.sessionId, sessionId),
        ne(learners.status, "dropped_out"),
        isNull(learners.anonymisedAt),
        isNotNull(learners.email),
      ),
    );
  const sent = await app.db.transaction(async (tx) => {
    const centre = await getCentreSettings(tx);
    let queued = 0;
    for (const r of recipients) {
      const token = tokenOf.get(r.learnerId);
      if (!token || !r.email) continue;
      const mail = attendanceLinkMail(centre, {
        firstName: r.firstName,
        formationTitle: session.title,
        slot,
        place: slot.place ?? session.place,
        url: attendanceUrl(app.config.publicUrl, token),
        code: attendanceCode(app.config.authSecret, r.learnerId),
      });
      const once = await enqueueMailOnce(tx, {
        kind: "attendance_link",
        to: r.email,
        replyTo: centre.email.trim() || null,
        attendanceLinkId: r.linkId,
        ...mail,
      });
      if (once) queued++;
    }
    // Audited on the session with the slot and how many: the Journal names no learner here.
    if (queued > 0) {
      await writeAudit(tx, actor, {
        action: "send",
        entity: "formation_session",
        entityId: sessionId,
        details: {
          title: await sessionTitleOf(tx, sessionId),
          slotId,
          slot: slotHeading(slot),
          attendanceLinks: queued,
        },
      });
    }
    return queued;
  });
  if (sent > 0) app.mail.wake();
  return sent;
}

/** When each learner's link e-mail of the slot was queued and, once it left, sent. */
export async function linkMailsOf(
  db: Db,
  slotId: string,
): Promise<Map<string, { queuedAt: Date; sentAt: Date | null }>> {
  const found = await db
    .select({
      learnerId: attendanceLinks.learnerId,
      queuedAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .innerJoin(attendanceLinks, eq(attendanceLinks.id, mailOutbox.attendanceLinkId))
    .where(eq(attendanceLinks.slotId, slotId));
  return new Map(found.map((r) => [r.learnerId, { queuedAt: r.queuedAt, sentAt: r.sentAt }]));
}
