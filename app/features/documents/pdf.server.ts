/**
 * The page every learner document is printed on: the centre's logo and identity at the top
 * (Paramètres), the document's title and the place and day it is made, its body, and the centre's
 * legal mentions at the foot (legal form, SIRET, RCS, activity declaration). Each document writes
 * only its body; the règlement intérieur, several pages long, uses the heading and the mentions on
 * its own layout. Server only: pdfkit and the font never reach a browser bundle.
 */
import { formatDay } from "~/features/catalogue";
import { activitySentence, type CentreIdentity, legalIdentity } from "~/features/settings";
import { NNBSP } from "~/platform/french";
import { drawLogo, fileNamePart, openPdf, PDF_MARGIN, type PdfLogo } from "~/platform/pdf-document.server";

export const BLUE = "#1e3a8a";
export const GREY = "#4b5563";

/**
 * The centre as its documents print it: its identity, who signs for it (Paramètres; blank: the
 * signature block is left to fill by hand) and its logo when Paramètres has one.
 */
export interface DocumentCentre extends CentreIdentity {
  signatoryName: string;
  signatoryTitle: string;
  /** The logo's picture as a PDF prints it (the mails show `logo`, a link to the same picture). */
  printedLogo?: PdfLogo | null;
}

/**
 * Parts of a line joined by ' · ', the blank ones left out: a missing phone number never leaves
 * '· ·' behind.
 */
export const joined = (parts: readonly (string | null | undefined)[], separator = " · ") =>
  parts
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(separator);

/** '12 rue des Lilas, 69002 Lyon', or what there is of it. */
export const addressLine = (c: Pick<CentreIdentity, "street" | "postalCode" | "city">) =>
  joined([c.street, joined([c.postalCode, c.city], " ")], ", ");

/** The centre, as on every document it signs: its logo, its name, how to reach it. */
export function centreHeading(
  doc: PDFKit.PDFDocument,
  centre: CentreIdentity & { printedLogo?: PdfLogo | null },
  width: number,
) {
  if (centre.printedLogo) drawLogo(doc, centre.printedLogo, PDF_MARGIN);
  doc.font("bold").fontSize(14).fillColor(BLUE).text(centre.name, { width });
  doc
    .font("text")
    .fontSize(9)
    .fillColor(GREY)
    .text(joined([addressLine(centre), centre.phone, centre.email]), { width });
}

/** The centre's legal identity in one line: name and form, SIRET and RCS, activity declaration. */
export function legalMentions(centre: CentreIdentity): string {
  return joined(
    [
      legalIdentity(centre),
      joined([centre.siret ? `SIRET ${centre.siret}` : "", centre.rcs]),
      activitySentence(centre),
    ],
    " — ",
  );
}

/** What a document's body writes with: section headings, lines, and the document itself. */
export interface PdfPage {
  doc: PDFKit.PDFDocument;
  width: number;
  heading(text: string): void;
  line(text: string): void;
  /** A line in bold, for a day or a party's name. */
  strong(text: string): void;
  /** A line in grey, slightly indented: a detail under the line before it. */
  detail(text: string): void;
  /** One bullet per item. */
  bullets(items: readonly string[]): void;
  /** Room left blank, in lines: where a hand signs or writes. */
  space(lines: number): void;
}

export interface LearnerPdf {
  centre: DocumentCentre;
  /** The big title ('Convocation', 'Convention de formation professionnelle'). */
  title: string;
  /** Under the title, in grey: the legal basis, when the document has one. */
  subtitle?: string;
  /** The PDF's own title (its metadata) and subject. */
  info: { title: string; subject: string };
  /** The day the document is made (YYYY-MM-DD, Paris). */
  today: string;
}

/** Writes one learner document (A4, French) around `body` and answers its bytes. */
export function renderLearnerPdf(page: LearnerPdf, body: (pdf: PdfPage) => void): Promise<Buffer> {
  const { centre } = page;
  const { doc, bytes, width } = openPdf({
    info: { Title: page.info.title, Author: centre.name, Subject: page.info.subject },
  });
  const pdf: PdfPage = {
    doc,
    width,
    heading: (text) => {
      doc.moveDown(0.8).font("bold").fontSize(12).fillColor(BLUE).text(text, { width });
      doc.moveDown(0.2).font("text").fontSize(10).fillColor("black");
    },
    line: (text) => doc.font("text").fontSize(10).fillColor("black").text(text, { width }),
    strong: (text) => doc.font("bold").fontSize(10).fillColor("black").text(text, { width }),
    detail: (text) => {
      doc.font("text").fontSize(10).fillColor(GREY).text(`    ${text}`, { width });
      doc.fillColor("black");
    },
    bullets: (items) => {
      for (const item of items)
        doc.font("text").fontSize(10).fillColor("black").text(`•  ${item}`, { width });
    },
    space: (lines) => {
      doc.moveDown(lines);
    },
  };

  centreHeading(doc, centre, width);

  doc.moveDown(1.5).font("bold").fontSize(20).fillColor("black").text(page.title, { width });
  if (page.subtitle) doc.font("text").fontSize(9).fillColor(GREY).text(page.subtitle, { width });
  doc
    .font("text")
    .fontSize(10)
    .fillColor(GREY)
    .text(joined([centre.city, `le ${formatDay(page.today)}`], ", "), { width });
  doc.moveDown(1).fillColor("black");

  body(pdf);

  // Legal mentions at the foot of the page.
  doc.moveDown(2).font("text").fontSize(8).fillColor(GREY).text(legalMentions(centre), { width });
  doc.end();
  return bytes;
}

/**
 * The centre's signature: who signs for it as Paramètres names them, or, when nobody is named, an
 * empty block for a hand to fill (never a name of our own). `seal`: the centre stamps it too.
 */
export function centreSignature(pdf: PdfPage, centre: DocumentCentre, seal = true) {
  pdf.strong(`Pour l'organisme de formation${NNBSP}: ${centre.name}`);
  const name = centre.signatoryName.trim();
  if (name) pdf.line(joined([name, centre.signatoryTitle], ", "));
  else pdf.line(`Nom et qualité de la personne qui signe${NNBSP}:`);
  pdf.line(seal ? "Date, signature et cachet" : "Date et signature");
  pdf.space(2.5);
}

/** 'convocation-dupont-marie.pdf': the learner's name kept to [a-z0-9-]. */
export function documentFileName(kind: string, lastName: string, firstName: string): string {
  const safe = fileNamePart(`${lastName}-${firstName}`, 80);
  return `${kind}-${safe || "stagiaire"}.pdf`;
}
