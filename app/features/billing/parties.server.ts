/**
 * The seller and the buyer as an invoice prints them, read now: the centre from Paramètres (its
 * identity) and Paramètres › Facturation (VAT number, bank details, penalties), the buyer from the
 * payers' register. Issuing copies both into the invoice; a draft's preview shows them as they are.
 */
import { getCentreSettings } from "~/features/settings/index.server";
import { companyDigits } from "~/platform/company-numbers";
import type { Db } from "~/platform/db/client.server";
import type { BillingSettings } from "./billing-settings.server";
import type { InvoiceBuyer, InvoiceSeller } from "./parties";
import type { Payer } from "./schema.server";
import { BUSINESS_PAYER_KINDS, PAYER_KIND_LABELS } from "./vocabulary";

/** The centre as an invoice issued now would print it; `vatExempt` from the rate the invoice bears. */
export async function currentSeller(
  db: Db,
  billing: BillingSettings,
  vatRateBasisPoints: number,
): Promise<InvoiceSeller> {
  const centre = await getCentreSettings(db);
  return {
    name: centre.name,
    legalForm: centre.legalForm,
    shareCapital: centre.shareCapital,
    // Paramètres keep it in groups ('123 456 789 00012'); an invoice carries the 14 digits.
    siret: companyDigits(centre.siret),
    rcs: centre.rcs,
    activityNumber: centre.activityNumber,
    activityRegion: centre.activityRegion,
    vatNumber: billing.vatNumber,
    email: centre.email,
    phone: centre.phone,
    street: centre.street,
    postalCode: centre.postalCode,
    city: centre.city,
    countryCode: "FR",
    vatExempt: vatRateBasisPoints === 0,
    vatOnDebits: vatRateBasisPoints > 0 && billing.vatOnDebits,
    iban: billing.iban,
    bic: billing.bic,
    latePenaltyRate: billing.latePenaltyRate,
  };
}

/**
 * What an invoice requires of the centre (Code de commerce, L. 441-9; Code du travail, L. 6352-12):
 * its name, SIRET, address and activity declaration number. The French refusal naming the fields to
 * fill in Paramètres, or null when none is missing.
 */
export function sellerProblem(seller: InvoiceSeller): string | null {
  const missing = [
    seller.name.trim() ? null : "le nom",
    /^\d{14}$/.test(seller.siret) ? null : "le SIRET",
    seller.street.trim() && seller.postalCode.trim() && seller.city.trim()
      ? null
      : "l'adresse (rue, code postal et ville)",
    seller.activityNumber.trim() ? null : "le numéro de déclaration d'activité",
  ].filter((field): field is string => field !== null);
  if (!missing.length) return null;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(", ")} et ${missing.at(-1)}`;
  return `Avant d'émettre une facture, renseignez dans Paramètres ${list} du centre.`;
}

/** The payer as an invoice prints it. */
export function buyerOfPayer(payer: Payer): InvoiceBuyer {
  return {
    kind: payer.kind,
    name: payer.name,
    siren: payer.siren,
    siret: payer.siret,
    vatNumber: payer.vatNumber,
    street: payer.street,
    postalCode: payer.postalCode,
    city: payer.city,
    countryCode: payer.countryCode,
    email: payer.invoicingEmail,
    contactName: payer.contactName,
    chorusServiceCode: payer.chorusServiceCode,
  };
}

/** A business is invoiced with its SIREN (Code de commerce, L. 441-9): the French refusal, or null. */
export function buyerProblem(payer: Payer): string | null {
  if (!BUSINESS_PAYER_KINDS.includes(payer.kind) || payer.siren) return null;
  return `Le financeur «\u202f${payer.name}\u202f» (${PAYER_KIND_LABELS[payer.kind]}) n'a pas de SIREN\u00a0: renseignez-le dans sa fiche avant d'émettre la facture.`;
}
