// Invoice documents as the billing feature builds them from stored rows, for the tests and the bench
// that need one without a database: an exempt centre's invoice to a company unless `fields` say
// otherwise, with lines whose net amounts and totals are computed the way the application does
// (timesHundredths, rateOf), so that the totals add up unless a test breaks them on purpose.
import type { InvoiceDocument, InvoiceDocumentLine } from "~/features/billing/invoice-document";
import type { InvoiceBuyer, InvoiceSeller } from "~/features/billing/parties";
import { rateOf, timesHundredths } from "~/platform/money";
import { sirenFor, TEST_SELLER } from "./billing";

export type LineInput = Partial<InvoiceDocumentLine> & Pick<InvoiceDocumentLine, "unitPriceCents">;

/** A liable centre (20 % VAT) with a VAT number and a bank account. */
export const LIABLE_SELLER: InvoiceSeller = {
  ...TEST_SELLER,
  name: "Institut Saône Compétences",
  vatExempt: false,
  vatNumber: "FR44732829320",
  iban: "FR76 3000 6000 0112 3456 7890 189",
  bic: "AGRIFRPP",
};

export const COMPANY_BUYER: InvoiceBuyer = {
  kind: "company",
  name: "Boulangerie Martin",
  siren: sirenFor(4242),
  siret: `${sirenFor(4242)}00018`,
  vatNumber: null,
  street: "12 rue de la République",
  postalCode: "69002",
  city: "Lyon",
  countryCode: "FR",
  email: "compta@boulangerie-martin.example",
  contactName: "Claire Martin",
  chorusServiceCode: null,
};

/** Lines numbered in order, each net amount the quantity times the price rounded to the cent. */
export function documentLines(lines: readonly LineInput[]): InvoiceDocumentLine[] {
  return lines.map((line, i) => {
    const quantityHundredths = line.quantityHundredths ?? 100;
    return {
      position: i + 1,
      label: line.label ?? `Formation, ligne ${i + 1}`,
      description: line.description ?? "",
      quantityHundredths,
      unitCode: line.unitCode ?? "C62",
      unitPriceCents: line.unitPriceCents,
      netCents: line.netCents ?? timesHundredths(line.unitPriceCents, quantityHundredths),
    };
  });
}

/** An issued document: `lines` (one line of 1 000,00 € unless given), totals summed from them. */
export function invoiceDocument(
  fields: Partial<InvoiceDocument> = {},
  lines: readonly LineInput[] = [{ unitPriceCents: 100_000 }],
): InvoiceDocument {
  const seller = fields.seller ?? TEST_SELLER;
  const vatRateBasisPoints = fields.vatRateBasisPoints ?? (seller.vatExempt ? 0 : 2000);
  const documentLinesList = fields.lines ?? documentLines(lines);
  const netCents = documentLinesList.reduce((sum, line) => sum + line.netCents, 0);
  const vatCents = rateOf(netCents, vatRateBasisPoints);
  return {
    kind: "invoice",
    purpose: "custom",
    number: "F-2027-00042",
    issuedOn: "2027-01-15",
    dueOn: "2027-02-14",
    serviceStart: "2027-01-11",
    serviceEnd: "2027-03-26",
    seller,
    buyer: COMPANY_BUYER,
    engagementNumber: null,
    creditedInvoice: null,
    learnerName: "Julie Bernard",
    formationTitle: "Titre professionnel Assistant·e ressources humaines",
    paymentTermsDays: 30,
    note: "",
    ...fields,
    lines: documentLinesList,
    vatRateBasisPoints,
    netCents: fields.netCents ?? netCents,
    vatCents: fields.vatCents ?? vatCents,
    grossCents: fields.grossCents ?? netCents + vatCents,
  };
}
