/**
 * A learner's convocation as an A4 PDF: the centre's identity and legal mentions (Paramètres), the
 * learner, the formation, the session's dates, its timetable day by day (or its dates when no slot
 * is entered yet), the place, what to bring, whom to contact, the disability referent and, when
 * Paramètres has one, the règlement intérieur that goes with it (internal-rules-pdf.server.ts).
 * Server only: pdfkit and the font never reach a browser bundle.
 */
import { formatDateRange, formatDay } from "~/features/catalogue";
import { type CentreIdentity, fullAddress } from "~/features/settings";
import { timeText } from "~/features/timetable";
import { NNBSP } from "~/platform/french";
import { BLUE, centreHeading, GREY, legalMentions, newDocument } from "./pdf.server";

export interface ConvocationSlot {
  day: string;
  startMinute: number;
  endMinute: number;
  place: string | null;
  link: string | null;
  trainer: string | null;
}

export interface ConvocationInput {
  centre: CentreIdentity;
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

/** A slot's line under its day: '9 h – 12 h 30 · Salle 2 · Formateur : Marie Curie'. */
function slotLine(slot: ConvocationSlot): string {
  const parts = [`${timeText(slot.startMinute)} – ${timeText(slot.endMinute)}`];
  if (slot.place) parts.push(slot.place);
  if (slot.link) parts.push(`à distance${NNBSP}: ${slot.link}`);
  if (slot.trainer) parts.push(`formateur·rice${NNBSP}: ${slot.trainer}`);
  return parts.join(" · ");
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

/** Writes the convocation and answers its bytes. */
export function renderConvocation(input: ConvocationInput): Promise<Buffer> {
  const { centre, learner, formation, session, slots } = input;
  const { doc, bytes, width } = newDocument({
    Title: `Convocation — ${learner.firstName} ${learner.lastName} — ${formation.title}`,
    Author: centre.name,
    Subject: "Convocation à la formation",
  });
  const heading = (text: string) => {
    doc.moveDown(0.8).font("bold").fontSize(12).fillColor(BLUE).text(text, { width });
    doc.moveDown(0.2).font("text").fontSize(10).fillColor("black");
  };
  const line = (text: string) => doc.font("text").fontSize(10).fillColor("black").text(text, { width });

  centreHeading(doc, centre, width);

  doc.moveDown(1.5).font("bold").fontSize(20).fillColor("black").text("Convocation", { width });
  doc
    .font("text")
    .fontSize(10)
    .fillColor(GREY)
    .text(`${centre.city}, le ${formatDay(input.today)}`, { width });

  doc.moveDown(1);
  line(`Madame, Monsieur ${learner.firstName} ${learner.lastName},`);
  doc.moveDown(0.5);
  line(
    `Nous avons le plaisir de vous convoquer à la formation «${"\u00a0"}${formation.title}${"\u00a0"}», ${formatDateRange(session.startDate, session.endDate)} (${session.modeLabel.toLowerCase()}).`,
  );

  heading("Dates et horaires");
  const days = slotsByDay(slots);
  if (days.length === 0) {
    line(
      `La formation se déroule ${formatDateRange(session.startDate, session.endDate)}. Le détail des horaires vous sera communiqué avant son début.`,
    );
  }
  for (const { day, lines } of days) {
    doc.font("bold").fontSize(10).fillColor("black").text(dayText(day), { width });
    for (const text of lines) doc.font("text").fillColor(GREY).text(`    ${text}`, { width });
  }
  doc.fillColor("black");

  heading("Lieu");
  line(session.place || fullAddress(centre));

  heading("À apporter");
  line(WHAT_TO_BRING);

  heading("Contacts");
  const contact = [formation.contactName, formation.contactPhone, formation.contactEmail].filter(Boolean);
  line(contact.length ? contact.join(" · ") : `${centre.name} · ${centre.phone} · ${centre.email}`);

  heading("Accessibilité et handicap");
  line(
    `Si vous êtes en situation de handicap ou avez besoin d'un aménagement, notre référent·e handicap est à votre écoute${NNBSP}: ${[centre.referentName, centre.referentPhone, centre.referentEmail].filter(Boolean).join(" · ")}.`,
  );

  if (input.internalRulesAttached) {
    heading("Règlement intérieur");
    line(
      `Le règlement intérieur du centre est joint à cette convocation${NNBSP}; il est aussi disponible à l'accueil et sur simple demande. Merci d'en prendre connaissance avant le premier jour.`,
    );
  }

  doc.moveDown(1.5);
  line("Nous vous souhaitons une excellente formation.");
  line(centre.name);

  // Legal mentions at the foot of the page.
  doc.moveDown(2).font("text").fontSize(8).fillColor(GREY).text(legalMentions(centre), { width });
  doc.end();
  return bytes;
}

/** 'convocation-dupont-marie.pdf': the learner's name kept to [a-z0-9-]. */
export function documentFileName(kind: string, lastName: string, firstName: string): string {
  const safe = `${lastName}-${firstName}`
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${kind}-${safe || "stagiaire"}.pdf`;
}
