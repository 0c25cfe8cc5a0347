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
    deductedDeposits: [],
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

export const OPCO: InvoiceBuyer = {
  ...COMPANY_BUYER,
  kind: "opco",
  name: "OPCO EP",
  siren: sirenFor(1001),
  siret: null,
  email: "factures@opco-ep.example",
  contactName: null,
};
export const PERSON: InvoiceBuyer = {
  ...COMPANY_BUYER,
  kind: "individual",
  name: "Julie Bernard",
  siren: null,
  siret: null,
  street: "5 impasse des Lilas",
  postalCode: "69100",
  city: "Villeurbanne",
  email: "julie.bernard@example.org",
  contactName: null,
};
export const FRANCE_TRAVAIL: InvoiceBuyer = {
  ...COMPANY_BUYER,
  kind: "france_travail",
  name: "France Travail Auvergne-Rhône-Alpes",
  siren: sirenFor(2002),
  siret: `${sirenFor(2002)}00123`,
  email: "aif.69@francetravail.example",
  contactName: null,
  chorusServiceCode: "AIF69",
};

/** A deposit invoice, paid on receipt. */
const deposit = invoiceDocument(
  {
    purpose: "deposit",
    number: "F-2027-00041",
    issuedOn: "2027-01-04",
    dueOn: "2027-01-04",
    paymentTermsDays: 0,
  },
  [{ label: "Acompte de 30\u00a0% sur la formation", unitPriceCents: 90_000 }],
);

/** Each shape the centre issues, by name. */
/**
 * Each shape of document the centre issues, by name: the Factur-X tests validate every one, the
 * bench and the end-to-end tests may take any.
 */
export const INVOICE_SHAPES: Record<string, InvoiceDocument> = {
  "an exempt centre's invoice to a company": invoiceDocument(),
  "a liable centre's invoice at 20 %, paid by transfer to its IBAN": invoiceDocument(
    { seller: LIABLE_SELLER },
    [
      { label: "Formation Excel avancé", quantityHundredths: 200, unitCode: "DAY", unitPriceCents: 65_000 },
      { label: "Support de cours", unitPriceCents: 4_990 },
    ],
  ),
  "a deposit invoice": deposit,
  "a liable centre that opted for VAT on debits": invoiceDocument(
    { seller: { ...LIABLE_SELLER, vatOnDebits: true }, number: "F-2027-00045" },
    [{ label: "Formation Excel avancé", quantityHundredths: 200, unitCode: "DAY", unitPriceCents: 65_000 }],
  ),
  "the final invoice deducting the deposit by a negative line": invoiceDocument(
    {
      purpose: "final",
      number: "F-2027-00057",
      deductedDeposits: [{ number: "F-2027-00041", issuedOn: "2027-01-04" }],
    },
    [
      { label: "Formation Assistant·e RH, 140 h", unitPriceCents: 300_000 },
      { label: "Déduction de l'acompte F-2027-00041 du 4 janvier 2027", unitPriceCents: -90_000 },
    ],
  ),
  "a final invoice deducting two deposits, at 20 %": invoiceDocument(
    {
      purpose: "final",
      seller: LIABLE_SELLER,
      number: "F-2027-00058",
      deductedDeposits: [
        { number: "F-2027-00041", issuedOn: "2027-01-04" },
        { number: "F-2027-00043", issuedOn: "2027-02-01" },
      ],
    },
    [
      { label: "Formation Assistant·e RH, 140 h", unitPriceCents: 300_000 },
      { label: "Déduction de l'acompte F-2027-00041", unitPriceCents: -90_000 },
      { label: "Déduction de l'acompte F-2027-00043", unitPriceCents: -60_000 },
    ],
  ),
  "an invoice 'au réalisé': hours attended times the hourly rate": invoiceDocument({ purpose: "attended" }, [
    { label: "Heures réalisées, janvier", quantityHundredths: 350, unitCode: "HUR", unitPriceCents: 4_550 },
    { label: "Heures réalisées, février", quantityHundredths: 2_125, unitCode: "HUR", unitPriceCents: 4_550 },
    { label: "Heures réalisées, mars", quantityHundredths: 75, unitCode: "HUR", unitPriceCents: 4_550 },
  ]),
  "a credit note cancelling a whole invoice": invoiceDocument({
    kind: "credit_note",
    number: "F-2027-00060",
    issuedOn: "2027-02-01",
    dueOn: "2027-02-01",
    creditedInvoice: { number: "F-2027-00042", issuedOn: "2027-01-15" },
  }),
  "a credit note for part of an invoice, at 20 %": invoiceDocument(
    {
      kind: "credit_note",
      seller: LIABLE_SELLER,
      number: "F-2027-00061",
      issuedOn: "2027-02-01",
      dueOn: "2027-03-03",
      creditedInvoice: { number: "F-2027-00042", issuedOn: "2027-01-15" },
    },
    [{ label: "Heures non réalisées", quantityHundredths: 700, unitCode: "HUR", unitPriceCents: 4_550 }],
  ),
  "a learner's share invoiced to the OPCO": invoiceDocument({ buyer: OPCO, number: "F-2027-00070" }, [
    { label: "Prise en charge OPCO", unitPriceCents: 150_000 },
  ]),
  "the same learner's share invoiced to the employer": invoiceDocument({ number: "F-2027-00071" }, [
    { label: "Reste à charge employeur", unitPriceCents: 100_000 },
  ]),
  "the same learner's own share, invoiced to the learner": invoiceDocument(
    { buyer: PERSON, number: "F-2027-00072" },
    [{ label: "Reste à charge personnel", unitPriceCents: 25_050 }],
  ),
  "a public buyer with its Chorus Pro service code and engagement number": invoiceDocument({
    buyer: FRANCE_TRAVAIL,
    engagementNumber: "EJ-2027-000123",
  }),
  "names and labels holding & < \" ' and emoji": invoiceDocument(
    {
      seller: { ...TEST_SELLER, name: `Forma & Co <Rhône> "l'atelier" 🎓`, email: "o'hara&co@forma.example" },
      buyer: { ...COMPANY_BUYER, name: `Dupont & Fils <SARL> "Le Pain d'Or" 🥖`, contactName: "Zoë <d'Arc>" },
      learnerName: `Chloé "Clo" O'Neil 😀`,
      formationTitle: "Cuisine & pâtisserie <niveau 2>",
      note: `Merci\u202f! Réf. client\u00a0: "A&B" <42> 🙏`,
    },
    [
      {
        label: `Module 1\u00a0: "sauces" & <fonds> l'été ☀️`,
        description: "Détail & <notes>",
        unitPriceCents: 12_345,
      },
    ],
  ),
};
