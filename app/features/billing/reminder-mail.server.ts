/**
 * The reminder of an unpaid invoice, in the common French layout (platform/mail/templates): what it
 * says comes from the invoice as issued (its number, dates, amounts, the seller's bank details as
 * printed) and from its payments and credit notes; nothing else. Polite to everyone; a business is
 * told of the late-payment penalties its invoice prints, a person or a public buyer never.
 */
import { formatDate } from "~/platform/dates";
import { type MailCentre, type RenderedMail, renderMail } from "~/platform/mail/templates.server";
import { formatCents } from "~/platform/money";
import type { InvoiceBuyer, InvoiceSeller } from "./parties";
import { BUSINESS_PAYER_KINDS } from "./vocabulary";

export interface ReminderMailInput {
  number: string;
  issuedOn: string;
  dueOn: string;
  grossCents: number;
  paidCents: number;
  creditedCents: number;
  leftCents: number;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  /** Whether a reminder of this invoice was sent before: only then does the text say so. */
  remindedBefore: boolean;
}

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

export function invoiceReminderMail(centre: MailCentre, r: ReminderMailInput): RenderedMail {
  const left = formatCents(r.leftCents);
  const which = `la facture ${r.number} que ${r.seller.name} vous a adressée le ${day(r.issuedOn)}, payable au plus tard le ${day(r.dueOn)}`;
  const paragraphs = [
    r.remindedBefore
      ? `Malgré notre précédent rappel, ${which}, n'est toujours pas entièrement réglée\u00a0: il reste ${left} à payer.`
      : `Sauf erreur de notre part, ${which}, n'est pas encore entièrement réglée\u00a0: il reste ${left} à payer.`,
    r.seller.iban
      ? "Vous pouvez la régler par virement sur le compte ci-dessous, en indiquant le numéro de la facture."
      : "Merci de nous faire parvenir ce règlement en indiquant le numéro de la facture.",
  ];
  // L. 441-10 du Code de commerce: a business's invoice prints the penalty rate and the 40 € indemnity,
  // so a business is reminded of them once a first reminder went unanswered.
  if (r.remindedBefore && BUSINESS_PAYER_KINDS.includes(r.buyer.kind) && r.seller.latePenaltyRate) {
    paragraphs.push(
      `Comme l'indique la facture, tout retard de paiement donne lieu à des pénalités (${r.seller.latePenaltyRate}) et à une indemnité forfaitaire de 40\u00a0€ pour frais de recouvrement.`,
    );
  }
  paragraphs.push(
    "Si vous avez réglé cette facture entre-temps, merci de ne pas tenir compte de ce message. Pour toute question, il vous suffit de répondre à cet e-mail.",
  );
  const rows: [string, string][] = [
    ["Facture", r.number],
    ["Date d'émission", day(r.issuedOn)],
    ["Échéance", day(r.dueOn)],
    ["Montant de la facture", formatCents(r.grossCents)],
  ];
  if (r.creditedCents > 0) rows.push(["Avoirs", formatCents(r.creditedCents)]);
  if (r.paidCents > 0) rows.push(["Déjà réglé", formatCents(r.paidCents)]);
  rows.push(["Reste à payer", left]);
  if (r.seller.iban) {
    rows.push(["IBAN", r.seller.iban]);
    if (r.seller.bic) rows.push(["BIC", r.seller.bic]);
    rows.push(["Référence à indiquer", r.number]);
  }
  return renderMail(centre, {
    subject: `${r.remindedBefore ? "Nouveau rappel" : "Rappel"}\u00a0: facture ${r.number} en attente de règlement`,
    heading: "Bonjour,",
    paragraphs,
    rows,
  });
}
