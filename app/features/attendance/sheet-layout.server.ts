import { formatDateRange } from "~/features/catalogue";
import { type CentreIdentity, fullAddress } from "~/features/settings";
import { fileNamePart } from "~/platform/pdf-document.server";

export const MARGIN = 40;
export const BLUE = "#1e3a8a";
export const GREY = "#4b5563";
const BOX_LINE = "#6b7280";

/** An empty box to sign in by hand. */
export function emptyBox(doc: PDFKit.PDFDocument, x: number, y: number, width: number, height: number) {
  doc.rect(x, y, width, height).lineWidth(0.6).strokeColor(BOX_LINE).stroke();
}

/** The sheet's file name: [a-z0-9-] only. */
export const sheetFileName = (prefix: string, session: { title: string; startDate: string }) =>
  `${prefix}-${fileNamePart(session.title, 60) || "session"}-${session.startDate}.pdf`;

export function writeHeader(
  doc: PDFKit.PDFDocument,
  centre: CentreIdentity,
  session: { title: string; startDate: string; endDate: string; place: string },
  width: number,
) {
  doc.font("bold").fontSize(13).fillColor(BLUE).text(centre.name, MARGIN, MARGIN, { width });
  doc
    .font("text")
    .fontSize(8)
    .fillColor(GREY)
    .text(`${fullAddress(centre)} · ${centre.phone} · ${centre.email}`, { width });
  doc.moveDown(1).font("bold").fontSize(18).fillColor("black").text("Feuille d'émargement", { width });
  doc.font("text").fontSize(10).fillColor("black").text(session.title, { width });
  doc
    .fontSize(9)
    .fillColor(GREY)
    .text(
      `Session ${formatDateRange(session.startDate, session.endDate)}${session.place ? ` · ${session.place}` : ""}`,
      {
        width,
      },
    );
}
