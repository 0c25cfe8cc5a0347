/**
 * What every learner document shares: an A4 page with the centre's fonts, its heading (name,
 * address, phone, e-mail) and its legal mentions. Server only (pdfkit).
 */
import PDFDocument from "pdfkit";
import { ACTIVITY_NOTICE, activitySentence, type CentreIdentity, fullAddress } from "~/features/settings";
import { pdfFonts } from "~/platform/pdf-fonts.server";

export const MARGIN = 56;
export const BLUE = "#1e3a8a";
export const GREY = "#4b5563";

/** A new A4 document ('text' and 'bold' fonts registered) and the promise of its bytes once ended. */
export function newDocument(info: { Title: string; Author: string; Subject: string }, bufferPages = false) {
  const { regular, bold } = pdfFonts();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages,
    info,
    lang: "fr-FR",
    displayTitle: true,
  });
  doc.registerFont("text", regular);
  doc.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, bytes, width: doc.page.width - 2 * MARGIN };
}

/** The centre, as on every document it signs. */
export function centreHeading(doc: PDFKit.PDFDocument, centre: CentreIdentity, width: number) {
  doc.font("bold").fontSize(14).fillColor(BLUE).text(centre.name, { width });
  doc
    .font("text")
    .fontSize(9)
    .fillColor(GREY)
    .text(`${fullAddress(centre)} · ${centre.phone} · ${centre.email}`, { width });
}

/** The centre's legal identity in one line: name and form, SIRET and RCS, activity declaration. */
export function legalMentions(centre: CentreIdentity): string {
  return [
    `${centre.name}${centre.legalForm ? `, ${centre.legalForm}` : ""}${centre.shareCapital ? ` au capital de ${centre.shareCapital}` : ""}`,
    `SIRET ${centre.siret}${centre.rcs ? ` · RCS ${centre.rcs}` : ""}`,
    `${activitySentence(centre)} ${ACTIVITY_NOTICE}.`,
  ].join(" — ");
}
