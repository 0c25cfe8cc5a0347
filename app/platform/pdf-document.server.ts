/**
 * The one way this application opens a PDF: an A4 page in French with the embedded fonts registered
 * as 'text' and 'bold' (pdf-fonts.server.ts), 56 pt margins, and the promise of its bytes once the
 * caller ends it. The programme, the convocation, the règlement intérieur, the learner's agreements
 * and the attendance sheet all start here, so that they share one page size, one typeface and one
 * way of collecting the bytes. Server only (pdfkit).
 */
import PDFDocument from "pdfkit";
import { pdfFonts } from "./pdf-fonts.server";
import { escapeXml } from "./xml";

declare global {
  namespace PDFKit.Mixins {
    interface PDFAttachmentOptions {
      /**
       * How an embedded file relates to the document (PDF/A-3's /AFRelationship): 'Alternative' for
       * another representation of the same content (a Factur-X invoice's XML), 'Data', 'Source'…
       * pdfkit 0.20 supports it; @types/pdfkit 0.17 does not declare it yet.
       */
      relationship?:
        | "Source"
        | "Data"
        | "Alternative"
        | "Supplement"
        | "EncryptedPayload"
        | "FormData"
        | "Schema"
        | "Unspecified";
    }
  }
}

/** The page margin on every side, in points (about 2 cm). */
export const PDF_MARGIN = 56;

export interface PdfOptions {
  /** The PDF's own title, author and subject (its metadata), and when given its last change. */
  info: { Title: string; Author: string; Subject: string; ModDate?: Date };
  /** Keep the pages in memory until the end: needed to number them ('page 2 sur 3'). */
  bufferPages?: boolean;
  /** Extra room under the bottom margin, for a page number at the foot. */
  footRoom?: number;
  /** The margin on every side when not PDF_MARGIN (the attendance sheet's wide table takes 40 pt). */
  margin?: number;
  /**
   * An archival PDF (ISO 19005-3, PDF/A-3 level B): PDF 1.7, XMP metadata, an sRGB output intent,
   * embedded fonts (always), and files may be embedded. A Factur-X invoice is one.
   */
  archival?: "PDF/A-3b";
}

/**
 * A new document whose bytes the caller reads as a stream (piped to a file, a response): a long
 * document is never held whole. `width` is the text width between the margins.
 */
export function newPdf({
  info,
  bufferPages = false,
  footRoom = 0,
  margin = PDF_MARGIN,
  archival,
}: PdfOptions) {
  const { regular, bold } = pdfFonts();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: margin, bottom: margin + footRoom, left: margin, right: margin },
    bufferPages,
    info,
    lang: "fr-FR",
    displayTitle: true,
    ...(archival ? { pdfVersion: "1.7", subset: archival } : {}),
  });
  if (archival) escapeInfoInXmp(doc);
  doc.registerFont("text", regular);
  doc.registerFont("bold", bold);
  return { doc, width: doc.page.width - 2 * margin };
}

/** A new document and the promise of its bytes; `width` is the text width between the margins. */
export function openPdf(options: PdfOptions) {
  const { doc, width } = newPdf(options);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, bytes, width };
}

/** A picture to print (the centre's logo): JPEG or PNG bytes, which pdfkit reads, and its proportions. */
export interface PdfLogo {
  bytes: Buffer;
  width: number;
  height: number;
}

/** The logo's box above the centre's name, in points: as wide as it is at 48 pt high, 160 pt at most. */
const LOGO_BOX = { width: 160, height: 48 };

/**
 * Draws the logo at the top left of what follows and moves the text below it: the same place and
 * size on the programme and on every learner's document.
 */
export function drawLogo(doc: PDFKit.PDFDocument, logo: PdfLogo, x: number) {
  const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height);
  const top = doc.y;
  doc.image(logo.bytes, x, top, { width: logo.width * scale, height: logo.height * scale });
  doc.y = top + logo.height * scale + 8;
}

/**
 * pdfkit 0.20 copies the title, the author and the subject into the XMP metadata as they are, so a
 * name holding '&' or '<' would make the metadata ill-formed XML, and the PDF/A invalid. The Info
 * dictionary is written first (end()); only while the XMP is written does pdfkit read escaped copies.
 */
function escapeInfoInXmp(doc: PDFKit.PDFDocument) {
  // A private pdfkit method, wrapped: no public option writes the XMP from escaped values.
  const target = doc as unknown as { info: Record<string, unknown>; _addInfo: () => void };
  const addInfo = target._addInfo;
  target._addInfo = function (this: typeof target) {
    const info = this.info;
    this.info = Object.fromEntries(
      Object.entries(info).map(([key, value]) => [key, typeof value === "string" ? escapeXml(value) : value]),
    );
    try {
      addInfo.call(this);
    } finally {
      this.info = info;
    }
  };
}

/**
 * A learner's document answered to staff: shown in the browser ('inline', a preview) or saved
 * ('attachment', a kept copy), never cached. `fileName` is kept to [a-z0-9-] when the document is made.
 */
export function pdfResponse(pdf: Uint8Array, fileName: string, disposition: "inline" | "attachment") {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `${disposition}; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}

/** A plain French sentence instead of a PDF (the document is unknown or cannot be made), never cached. */
export const pdfRefusal = (status: number, body: string) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * A name as it may stand in a PDF's file name: accents stripped, lower case, every other run of
 * characters outside [a-z0-9-] one hyphen, at most `max` characters; '' when nothing is left.
 */
export function fileNamePart(text: string, max: number): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max);
}
