/**
 * The sentences an invoice or a credit note must carry, written once for the PDF a person reads and
 * for the Factur-X XML a platform reads, so the two never say different things: the VAT exemption,
 * the payment terms with, for a business, the late-payment penalties and the 40 € recovery indemnity
 * (Code de commerce, L441-9, L441-10, D441-5), the absence of discount, the category of the operation,
 * the seller's legal identity. French typography: a no-break space (U+00A0) before ':'.
 */
import { activitySentence, legalIdentity } from "~/features/settings";
import { formatDate } from "~/platform/dates";
import type { InvoiceDocument } from "./invoice-document";
import type { InvoiceBuyer, InvoiceSeller } from "./parties";
import { BUSINESS_PAYER_KINDS, PUBLIC_PAYER_KINDS } from "./vocabulary";

const NBSP = "\u00a0";

/** What an exempt centre's invoice says (CGI, art. 261-4-4° a): EN 16931's BT-120. */
export const INVOICE_VAT_EXEMPTION = "Exonération de TVA – article 261-4-4° a du CGI";
/** The same exemption as a code (CEF VATEX list, Directive 2006/112/EC art. 132-1 (i)): BT-121. */
export const VAT_EXEMPTION_CODE = "VATEX-EU-132-1I";
/** The category of the operation the reform asks every invoice to state: the centre sells services. */
export const OPERATION_CATEGORY = `Catégorie de l'opération${NBSP}: prestation de services`;
export const NO_DISCOUNT = "Pas d'escompte pour paiement anticipé.";
/**
 * VAT on services is due when paid (CGI art. 269-2 c) unless the centre opted to pay it when invoicing:
 * its invoices must then say so (CGI art. 242 nonies A), in these words.
 */
export const VAT_ON_DEBITS = "Option pour le paiement de la taxe d'après les débits";

export const isBusinessBuyer = (buyer: Pick<InvoiceBuyer, "kind">) =>
  BUSINESS_PAYER_KINDS.includes(buyer.kind);
export const isPublicBuyer = (buyer: Pick<InvoiceBuyer, "kind">) => PUBLIC_PAYER_KINDS.includes(buyer.kind);

/** Whether the document bears no VAT: the exempt centre's 0 (category E). */
export const isVatExempt = (doc: Pick<InvoiceDocument, "vatRateBasisPoints">) => doc.vatRateBasisPoints === 0;

/** Whether the document charges VAT that its centre pays when invoicing (the option 'd'après les débits'). */
export const paysVatOnDebits = (doc: Pick<InvoiceDocument, "vatRateBasisPoints" | "seller">) =>
  !isVatExempt(doc) && doc.seller.vatOnDebits === true;

/** '15 janvier 2027', '1er février 2027' (Paris). */
export const invoiceDay = (day: string) => formatDate(`${day}T12:00:00Z`);

/** 'Facture', 'Facture d'acompte' or 'Avoir': the document's name, before its number. */
export function documentName(doc: Pick<InvoiceDocument, "kind" | "purpose">): string {
  if (doc.kind === "credit_note") return "Avoir";
  return doc.purpose === "deposit" ? "Facture d'acompte" : "Facture";
}

/** 'Avoir sur la facture F-2027-00042 du 15 janvier 2027', for a credit note only. */
export function creditedInvoiceSentence(doc: Pick<InvoiceDocument, "creditedInvoice">): string | null {
  const credited = doc.creditedInvoice;
  return credited ? `Avoir sur la facture ${credited.number} du ${invoiceDay(credited.issuedOn)}` : null;
}

/**
 * 'Déduction de l'acompte F-2027-00041 du 4 janvier 2027', or 'Déduction des acomptes … et …', for a
 * final invoice deducting issued deposits (their lines name the numbers; this adds their dates).
 */
export function deductedDepositsSentence(doc: Pick<InvoiceDocument, "deductedDeposits">): string | null {
  const named = doc.deductedDeposits.map((deposit) => `${deposit.number} du ${invoiceDay(deposit.issuedOn)}`);
  if (!named.length) return null;
  if (named.length === 1) return `Déduction de l'acompte ${named[0]}`;
  return `Déduction des acomptes ${named.slice(0, -1).join(", ")} et ${named.at(-1)}`;
}

/** When the amount is due: 'Paiement à 30 jours, au plus tard le 14 février 2027.' */
export function dueSentence(doc: Pick<InvoiceDocument, "paymentTermsDays" | "dueOn">): string {
  const when =
    doc.paymentTermsDays === 0 ? "Paiement à réception" : `Paiement à ${doc.paymentTermsDays} jours`;
  return `${when}, au plus tard le ${invoiceDay(doc.dueOn)}.`;
}

/**
 * What happens when the payment is late. A business owes the penalties at the rate Paramètres sets
 * and the fixed 40 € indemnity (L441-10, D441-5 of the Code de commerce: professionals only). A
 * person does not, and a public buyer pays late interest under its own rules (public accounting):
 * the invoice says so rather than inventing a rate.
 */
export function lateSentences(
  seller: Pick<InvoiceSeller, "latePenaltyRate">,
  buyer: Pick<InvoiceBuyer, "kind">,
): { penalties: string; indemnity: string } {
  if (isBusinessBuyer(buyer)) {
    return {
      penalties: `Pénalités de retard${NBSP}: ${seller.latePenaltyRate.trim()} (article L441-10 du code de commerce).`,
      indemnity: `Indemnité forfaitaire pour frais de recouvrement de 40${NBSP}€ (article D441-5 du code de commerce).`,
    };
  }
  if (isPublicBuyer(buyer)) {
    return {
      penalties: `Pénalités de retard${NBSP}: intérêts moratoires selon les règles de paiement de l'acheteur public.`,
      indemnity: `Indemnité forfaitaire pour frais de recouvrement${NBSP}: selon les règles de paiement de l'acheteur public.`,
    };
  }
  return {
    penalties: `Pénalités de retard${NBSP}: sans objet, l'acheteur est un particulier.`,
    indemnity: `Indemnité forfaitaire pour frais de recouvrement${NBSP}: sans objet, l'acheteur est un particulier.`,
  };
}

/**
 * The payment terms as one text (BT-20): when to pay, the late-payment consequences, no discount. A
 * credit note is not paid by the buyer: it names the invoice it corrects.
 */
export function paymentTermsText(doc: InvoiceDocument): string {
  const credited = creditedInvoiceSentence(doc);
  if (credited) return `${credited}.`;
  const late = lateSentences(doc.seller, doc.buyer);
  return [dueSentence(doc), late.penalties, late.indemnity, NO_DISCOUNT].join(" ");
}

/**
 * The seller's legal identity as the law asks an invoice to print it (BT-33): 'Forma Rhône, SAS au
 * capital de 10 000 € – RCS Lyon 732 829 320 – Déclaration d'activité enregistrée sous le numéro …'.
 */
export function sellerLegalText(seller: InvoiceSeller): string {
  return [legalIdentity(seller), seller.rcs.trim(), activitySentence(seller)].filter(Boolean).join(" – ");
}
