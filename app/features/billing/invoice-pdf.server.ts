/**
 * An invoice or a credit note as the centre sends it: a Factur-X PDF, that is a PDF/A-3 a person
 * reads (invoice-pdf-layout.server.ts) carrying the same invoice as data, factur-x.xml (CII, profile
 * EN 16931, facturx/cii.server.ts), embedded as an associated file and declared in the XMP metadata.
 * The XML's relationship is 'Alternative': in the EN 16931 profile it is a complete, equivalent
 * representation of the invoice ('Data' is for the MINIMUM and BASIC WL profiles, which are not).
 */
import { openPdf } from "~/platform/pdf-document.server";
import { ciiXml } from "./facturx/cii.server";
import { FACTURX_FILE_NAME, FACTURX_XMP } from "./facturx/xmp";
import type { InvoiceDocument } from "./invoice-document";
import { documentName } from "./invoice-mentions";
import { writeInvoicePages } from "./invoice-pdf-layout.server";

/** The PDF/A-3 bytes of `doc`, with its factur-x.xml. */
export function invoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const xml = Buffer.from(ciiXml(doc), "utf8");
  // The embedded XML is dated the day of issue: the PDF made again later embeds the same file. No
  // ModDate in the Info dictionary: pdfkit writes no xmp:ModifyDate, and PDF/A wants the two to agree.
  const issued = new Date(`${doc.issuedOn}T12:00:00Z`);
  const title = `${documentName(doc)} ${doc.number}`;
  const {
    doc: pdf,
    bytes,
    width,
  } = openPdf({
    info: { Title: title, Author: doc.seller.name, Subject: `${title} — ${doc.buyer.name}` },
    archival: "PDF/A-3b",
  });
  writeInvoicePages(pdf, doc, width);
  pdf.file(xml, {
    name: FACTURX_FILE_NAME,
    type: "text/xml",
    relationship: "Alternative",
    description: "Factur-X (EN 16931)",
    creationDate: issued,
    modifiedDate: issued,
  });
  pdf.appendXML(FACTURX_XMP);
  pdf.end();
  return bytes;
}
