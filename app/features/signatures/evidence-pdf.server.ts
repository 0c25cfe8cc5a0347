/**
 * The signed PDF: the frozen PDF, byte for byte, followed by one page stating the evidence of each
 * signature (who, which verified e-mail, when, from which IP address and browser, and the SHA-256 of
 * the PDF shown). The page is added by an incremental update (platform/pdf-append.server.ts): the
 * original pages are not rewritten, and the frozen file is the exact beginning of the signed one.
 */
import { formatDate } from "~/platform/dates";
import { formatTime } from "~/platform/paris-time";
import { appendPdfPages } from "~/platform/pdf-append.server";
import { openPdf } from "~/platform/pdf-document.server";
import type { SignerRole } from "./types";
import { SIGNER_ROLE_LABELS } from "./vocabulary";

const NBSP = "\u00a0";

/** One signer's evidence as the last page prints it. */
export interface EvidenceSigner {
  role: SignerRole;
  name: string;
  signedAt: Date;
  verifiedEmail: string;
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
  documentSha256: string;
}

export interface EvidenceInput {
  centreName: string;
  requestId: string;
  fileName: string;
  documentSha256: string;
  signers: EvidenceSigner[];
}

/** '3 mars 2027 à 14 h 05 min 32 s (heure de Paris)': the second counts as evidence. */
export const evidenceTime = (at: Date) => `${formatDate(at)} à ${formatTime(at)} (heure de Paris)`;

/** The evidence page alone, as a one-page PDF. */
async function evidencePage(input: EvidenceInput): Promise<Buffer> {
  const { doc, bytes, width } = openPdf({
    info: {
      Title: "Preuve des signatures électroniques",
      Author: input.centreName,
      Subject: input.fileName,
    },
  });
  const line = (label: string, value: string) =>
    doc
      .font("bold")
      .fontSize(9)
      .text(`${label}${NBSP}: `, { continued: true, width })
      .font("text")
      .text(value, { width });
  doc.font("bold").fontSize(14).text("Preuve des signatures électroniques", { width });
  doc.moveDown(0.5);
  doc
    .font("text")
    .fontSize(9)
    .text(
      `Signature électronique simple au sens du règlement (UE) n° 910/2014 (eIDAS), article 25, et des articles 1366 et 1367 du Code civil. Les pages qui précèdent sont le document présenté à chaque signataire, inchangé${NBSP}: ses octets forment le début de ce fichier, et leur empreinte SHA-256 est celle indiquée ci-dessous.`,
      { width },
    );
  doc.moveDown(0.5);
  line("Document", input.fileName);
  line("Demande de signature", input.requestId);
  line("Empreinte SHA-256 du document", input.documentSha256);
  for (const signer of input.signers) {
    doc.moveDown(0.8);
    doc
      .font("bold")
      .fontSize(11)
      .text(`${SIGNER_ROLE_LABELS[signer.role]}${NBSP}: ${signer.name}`, { width });
    doc.moveDown(0.2);
    line("Signé le", evidenceTime(signer.signedAt));
    line("Adresse e-mail vérifiée", signer.verifiedEmail);
    if (signer.userId) line("Compte", signer.userId);
    line("Adresse IP", signer.ip ?? "inconnue");
    line("Navigateur", signer.userAgent ?? "inconnu");
    line("Empreinte SHA-256 du document présenté", signer.documentSha256);
  }
  doc.end();
  return bytes;
}

/** The frozen PDF with the evidence page after its own pages. */
export async function signedPdf(frozen: Uint8Array, input: EvidenceInput): Promise<Uint8Array> {
  return appendPdfPages(frozen, await evidencePage(input));
}
