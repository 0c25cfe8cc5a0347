/**
 * A learner's convocation as an A4 PDF: the centre's identity and legal mentions (Paramètres), the
 * learner, the formation, the session's dates, its timetable day by day (or its dates when no slot
 * is entered yet), the place, what to bring, whom to contact, the disability referent and, when
 * Paramètres has one, the règlement intérieur that goes with it (internal-rules-pdf.server.ts), on
 * the page every learner document shares (pdf.server.ts). Server only: pdfkit and the font never
 * reach a browser bundle.
 */
import { formatDateRange, formatDay } from "~/features/catalogue";
import { timeText } from "~/features/timetable";
import { NNBSP } from "~/platform/french";
import { addressLine, type DocumentCentre, joined, type PdfPage, renderLearnerPdf } from "./pdf.server";

export interface ConvocationSlot {
  day: string;
  startMinute: number;
  endMinute: number;
  place: string | null;
  link: string | null;
  trainer: string | null;
}

export interface ConvocationInput {
  centre: DocumentCentre;
  learner: { firstName: string; lastName: string };
  formation: {
    title: string;
    contactName: string | null;
    contactPhone: string | null;
    contactEmail: string | null;
  };
  session: { startDate: string; endDate: string; place: string; modeLabel: string };
  slots: readonly ConvocationSlot[];
  /** The day the document is made (YYYY-MM-DD, Paris). */
  today: string;
  /** The règlement intérieur goes with it (Paramètres has one): the letter says so, else nothing. */
  internalRulesAttached: boolean;
  /** The learner's personal attendance code as printed ('K7M 4QX'), typed after scanning the room's QR code. */
  attendanceCode: string;
}

/** What a learner brings when neither the session nor the formation says more. */
export const WHAT_TO_BRING =
  "Une pièce d'identité, de quoi prendre des notes et, le cas échéant, votre ordinateur portable.";

/** 'lundi 4 janvier 2027': the weekday of a calendar date, whatever the server's time zone. */
export function dayText(day: string): string {
  const weekday = new Intl.DateTimeFormat("fr-FR", { weekday: "long", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
  return `${weekday} ${formatDay(day)}`;
}

/**
 * A slot's line under its day: '9 h – 12 h 30 · Salle 2 · avec Marie Curie'. The trainer is a known
 * person: named, without an inclusive 'formateur·rice' placeholder in front.
 */
function slotLine(slot: ConvocationSlot): string {
  return joined([
    `${timeText(slot.startMinute)} – ${timeText(slot.endMinute)}`,
    slot.place,
    slot.link ? `à distance${NNBSP}: ${slot.link}` : null,
    slot.trainer ? `avec ${slot.trainer}` : null,
  ]);
}

/** The slots grouped by day, in order. */
export function slotsByDay(slots: readonly ConvocationSlot[]): { day: string; lines: string[] }[] {
  const days: { day: string; lines: string[] }[] = [];
  for (const slot of [...slots].sort((a, b) => a.day.localeCompare(b.day) || a.startMinute - b.startMinute)) {
    const last = days.at(-1);
    if (last?.day === slot.day) last.lines.push(slotLine(slot));
    else days.push({ day: slot.day, lines: [slotLine(slot)] });
  }
  return days;
}

/** A session's days and slots, or its dates when no slot is entered yet (convocation, convention, contrat). */
export function writeTimetable(
  pdf: PdfPage,
  session: { startDate: string; endDate: string },
  slots: readonly ConvocationSlot[],
) {
  const days = slotsByDay(slots);
  if (days.length === 0) {
    pdf.line(
      `La formation se déroule ${formatDateRange(session.startDate, session.endDate)}. Le détail des horaires vous sera communiqué avant son début.`,
    );
  }
  for (const { day, lines } of days) {
    pdf.strong(dayText(day));
    for (const text of lines) pdf.detail(text);
  }
}

/** Writes the convocation and answers its bytes. */
export function renderConvocation(input: ConvocationInput): Promise<Buffer> {
  const { centre, learner, formation, session, slots } = input;
  return renderLearnerPdf(
    {
      centre,
      title: "Convocation",
      info: {
        title: `Convocation — ${learner.firstName} ${learner.lastName} — ${formation.title}`,
        subject: "Convocation à la formation",
      },
      today: input.today,
    },
    (pdf) => {
      // The learner is known: greeted by name, as the e-mail that carries the convocation.
      pdf.line(`Bonjour ${learner.firstName} ${learner.lastName},`);
      pdf.doc.moveDown(0.5);
      pdf.line(
        `Nous avons le plaisir de vous convoquer à la formation «${"\u00a0"}${formation.title}${"\u00a0"}», ${formatDateRange(session.startDate, session.endDate)} (${session.modeLabel.toLowerCase()}).`,
      );

      pdf.heading("Dates et horaires");
      writeTimetable(pdf, session, slots);

      // How the learner signs in the room: the QR code shown there, then their own code (the same for
      // every slot), so the first morning needs no e-mail at hand.
      pdf.heading("Émargement");
      pdf.line(
        `À chaque créneau, vous signez la feuille d'émargement${NNBSP}: scannez avec votre téléphone le QR code affiché dans la salle, puis saisissez votre code personnel.`,
      );
      pdf.strong(`Votre code d'émargement${NNBSP}: ${input.attendanceCode}`);
      pdf.detail(`Ce code est le même pour tous vos créneaux${NNBSP}; gardez-le pour vous.`);

      pdf.heading("Lieu");
      pdf.line(session.place || addressLine(centre));

      pdf.heading("À apporter");
      pdf.line(WHAT_TO_BRING);

      pdf.heading("Contacts");
      pdf.line(
        joined([formation.contactName, formation.contactPhone, formation.contactEmail]) ||
          joined([centre.name, centre.phone, centre.email]),
      );

      pdf.heading("Accessibilité et handicap");
      const referent = joined([centre.referentName, centre.referentPhone, centre.referentEmail]);
      pdf.line(
        `Si vous êtes en situation de handicap ou avez besoin d'un aménagement, ${referent ? `la personne référente handicap du centre est à votre écoute${NNBSP}: ${referent}` : `notre équipe est à votre écoute${NNBSP}: ${joined([centre.phone, centre.email])}`}.`,
      );

      if (input.internalRulesAttached) {
        pdf.heading("Règlement intérieur");
        pdf.line(
          `Le règlement intérieur du centre est joint à cette convocation${NNBSP}; il est aussi disponible à l'accueil et sur simple demande. Merci d'en prendre connaissance avant le premier jour.`,
        );
      }

      pdf.doc.moveDown(1.5);
      pdf.line("Nous vous souhaitons une excellente formation.");
      // Signed by whom Paramètres names, else by the centre.
      pdf.doc.moveDown(0.5);
      if (centre.signatoryName.trim())
        pdf.strong(joined([centre.signatoryName, centre.signatoryTitle], ", "));
      pdf.line(centre.name);
    },
  );
}
