/**
 * factur-x.xml: an invoice or a credit note as a UN/CEFACT Cross Industry Invoice (CII D16B), Factur-X
 * 1.0 profile EN 16931 (guideline urn:cen.eu:en16931:2017), with the French reform's additional rules
 * (BR-FR, flux 2) satisfied by what the centre truly has. Each element names its EN 16931 business
 * term (BT-…, BG-…). Amounts are written from integer cents (centsToDecimal), never from floats; the
 * element order is the schema's (schemas/factur-x/en16931/*.xsd). tests/unit/facturx.test.ts validates
 * every kind of invoice against the XSD, the EN 16931 Schematron and the BR-FR Schematron.
 */
import { centsToDecimal } from "~/platform/money";
import { type XmlChild, type XmlElement, xml, xmlDocument, xmlText } from "~/platform/xml";
import type { InvoiceDocument, InvoiceDocumentLine } from "../invoice-document";
import {
  INVOICE_VAT_EXEMPTION,
  isVatExempt,
  lateSentences,
  NO_DISCOUNT,
  OPERATION_CATEGORY,
  paymentTermsText,
  paysVatOnDebits,
  sellerLegalText,
  VAT_EXEMPTION_CODE,
} from "../invoice-mentions";
import type { InvoiceBuyer, InvoiceSeller } from "../parties";

const NS = {
  "xmlns:rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  "xmlns:ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  "xmlns:qdt": "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
  "xmlns:udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
};

/** The Factur-X profile EN 16931 (BT-24). */
export const EN16931_GUIDELINE = "urn:cen.eu:en16931:2017";

/**
 * ISO 6523 identifier schemes: SIREN (0002) is a French company's legal registration (BT-30, BT-47),
 * SIRET (0009) one of its establishments (BT-29, BT-46), and 0225 the reform's directory (annuaire)
 * where every company's e-invoicing address starts with its SIREN (BT-34, BT-49). 'EM' is an e-mail
 * address (EAS code list).
 */
const SCHEME = { siren: "0002", siret: "0009", directory: "0225", email: "EM" } as const;

const ram = (name: string, ...children: XmlChild[]) => xml(`ram:${name}`, {}, ...children);
const ramText = (name: string, text: string, attributes?: Record<string, string>) =>
  xmlText(`ram:${name}`, text, attributes);
/** A date as CII writes it: format 102, AAAAMMJJ. */
const day = (wrapper: string, isoDay: string, type: "udt" | "qdt" = "udt") =>
  ram(wrapper, xmlText(`${type}:DateTimeString`, isoDay.replaceAll("-", ""), { format: "102" }));
const amount = (name: string, cents: number, currency?: "EUR") =>
  ramText(name, centsToDecimal(cents), currency ? { currencyID: currency } : undefined);
const filled = (value: string | null | undefined): value is string => Boolean(value?.trim());

/**
 * The type of document (BT-3): 380 an invoice, 386 a deposit invoice (facture d'acompte: the reform
 * names it so, and BR-FR-CO-08 relies on it), 381 a credit note.
 */
function typeCode(doc: InvoiceDocument): "380" | "381" | "386" {
  if (doc.kind === "credit_note") return "381";
  return doc.purpose === "deposit" ? "386" : "380";
}

/**
 * The reform's billing framework (BT-23, BR-FR-08): S for services, 1 an invoice deposited as is,
 * 4 a final invoice after deposits (it deducts them by negative lines, which is how the centre bills
 * a balance).
 */
function billingFramework(doc: InvoiceDocument): "S1" | "S4" {
  const deducts = doc.lines.some((line) => line.netCents < 0);
  return doc.kind === "invoice" && doc.purpose === "final" && deducts ? "S4" : "S1";
}

/**
 * How the buyer is reached (BR-FR-20, the 'BAR' note): a business or a public body in France by the
 * reform's e-invoicing (B2B), abroad B2BINT, a person B2C (reported by the seller, not exchanged).
 */
function treatment(buyer: InvoiceBuyer): "B2B" | "B2BINT" | "B2C" | "B2CINT" {
  const abroad = buyer.countryCode.toUpperCase() !== "FR";
  if (buyer.kind === "individual") return abroad ? "B2CINT" : "B2C";
  return abroad ? "B2BINT" : "B2B";
}

const note = (content: string, subjectCode?: string) =>
  ram("IncludedNote", ramText("Content", content), subjectCode ? ramText("SubjectCode", subjectCode) : null);

/**
 * The notes (BG-1). BR-FR-05 asks every invoice for the late-payment penalties (PMD), the recovery
 * indemnity (PMT) and the discount (AAB), each once; 'BAR' says how the buyer is reached; REG carries
 * the category of the operation; the learner, the formation and staff's free note go as AAI.
 */
function notes(doc: InvoiceDocument): XmlElement[] {
  const late = lateSentences(doc.seller, doc.buyer);
  const about = [
    doc.learnerName ? `Stagiaire\u00a0: ${doc.learnerName}` : "",
    doc.formationTitle ? `Formation\u00a0: ${doc.formationTitle}` : "",
    doc.note.trim(),
  ].filter(Boolean);
  return [
    note(treatment(doc.buyer), "BAR"),
    note(OPERATION_CATEGORY, "REG"),
    note(late.penalties, "PMD"),
    note(late.indemnity, "PMT"),
    note(NO_DISCOUNT, "AAB"),
    ...(about.length ? [note(about.join("\n"), "AAI")] : []),
  ];
}

const address = (party: { street: string; postalCode: string; city: string; countryCode: string }) =>
  ram(
    "PostalTradeAddress",
    filled(party.postalCode) ? ramText("PostcodeCode", party.postalCode.trim()) : null,
    filled(party.street) ? ramText("LineOne", party.street.trim()) : null,
    filled(party.city) ? ramText("CityName", party.city.trim()) : null,
    ramText("CountryID", party.countryCode.trim().toUpperCase()),
  );

const vatRegistration = (vatNumber: string) =>
  ram(
    "SpecifiedTaxRegistration",
    ramText("ID", vatNumber.replace(/\s+/g, "").toUpperCase(), { schemeID: "VA" }),
  );

/**
 * The centre (BG-4). Its SIRET is the establishment's identifier (BT-29) and its SIREN, the first nine
 * digits, its legal registration (BT-30, required by BR-FR-10). Its e-invoicing address in the reform's
 * directory is its SIREN (BT-34, BR-FR-13). When it has a VAT number it is BT-31. An exempt centre
 * often has none, yet category E asks for a seller tax identifier (BR-E-02): BT-32 then carries its
 * SIREN under scheme FC (tax registration), since the tax administration identifies a business without
 * a VAT number by its SIREN (its professional account is opened under it). True, and nothing invented.
 */
function seller(s: InvoiceSeller): XmlElement {
  const siren = s.siret.slice(0, 9);
  return ram(
    "SellerTradeParty",
    ramText("GlobalID", s.siret, { schemeID: SCHEME.siret }),
    ramText("Name", s.name),
    ramText("Description", sellerLegalText(s)),
    ram("SpecifiedLegalOrganization", ramText("ID", siren, { schemeID: SCHEME.siren })),
    filled(s.phone) || filled(s.email)
      ? ram(
          "DefinedTradeContact",
          filled(s.phone)
            ? ram("TelephoneUniversalCommunication", ramText("CompleteNumber", s.phone.trim()))
            : null,
          filled(s.email) ? ram("EmailURIUniversalCommunication", ramText("URIID", s.email.trim())) : null,
        )
      : null,
    address(s),
    ram("URIUniversalCommunication", ramText("URIID", siren, { schemeID: SCHEME.directory })),
    filled(s.vatNumber)
      ? vatRegistration(s.vatNumber)
      : ram("SpecifiedTaxRegistration", ramText("ID", siren, { schemeID: "FC" })),
  );
}

/**
 * The payer (BG-7): a business or public body with its SIREN (BT-47) and, when known, SIRET (BT-46);
 * its e-invoicing address (BT-49, BR-FR-12) is its SIREN in the directory (BR-FR-21 for B2B); a person
 * has no SIREN and is reached at the e-mail address invoices are sent to (scheme EM).
 */
function buyer(b: InvoiceBuyer): XmlElement {
  return ram(
    "BuyerTradeParty",
    filled(b.siret) ? ramText("GlobalID", b.siret, { schemeID: SCHEME.siret }) : null,
    ramText("Name", b.name),
    filled(b.siren)
      ? ram("SpecifiedLegalOrganization", ramText("ID", b.siren, { schemeID: SCHEME.siren }))
      : null,
    filled(b.contactName) || filled(b.email)
      ? ram(
          "DefinedTradeContact",
          filled(b.contactName) ? ramText("PersonName", b.contactName.trim()) : null,
          filled(b.email) ? ram("EmailURIUniversalCommunication", ramText("URIID", b.email.trim())) : null,
        )
      : null,
    address(b),
    filled(b.siren)
      ? ram("URIUniversalCommunication", ramText("URIID", b.siren, { schemeID: SCHEME.directory }))
      : filled(b.email)
        ? ram("URIUniversalCommunication", ramText("URIID", b.email.trim(), { schemeID: SCHEME.email }))
        : null,
    filled(b.vatNumber) ? vatRegistration(b.vatNumber) : null,
  );
}

/** VAT of a line or of the breakdown: category E with the exemption, or S at the document's rate. */
function tax(doc: InvoiceDocument, totals: { basisCents: number; vatCents: number } | null): XmlElement {
  const exempt = isVatExempt(doc);
  return ram(
    "ApplicableTradeTax",
    totals ? amount("CalculatedAmount", totals.vatCents) : null,
    ramText("TypeCode", "VAT"),
    totals && exempt ? ramText("ExemptionReason", INVOICE_VAT_EXEMPTION) : null,
    totals ? amount("BasisAmount", totals.basisCents) : null,
    ramText("CategoryCode", exempt ? "E" : "S"),
    totals && exempt ? ramText("ExemptionReasonCode", VAT_EXEMPTION_CODE) : null,
    // BT-8 (header only): VAT due on the invoice's date, code 5 of UNTDID 2475 (3 in UNTDID 2005 of
    // EN 16931), for a centre that opted for VAT 'd'après les débits'. Without the option, VAT on
    // services is due when paid: nothing is said, as the standard and the BR-FR rules allow.
    totals && paysVatOnDebits(doc) ? ramText("DueDateTypeCode", "5") : null,
    ramText("RateApplicablePercent", centsToDecimal(doc.vatRateBasisPoints)),
  );
}

/**
 * A line (BG-25). A price is never negative (BR-27, BR-FR-DEC-03): a deducted deposit, stored as a
 * negative unit price, is written as a negative quantity of a positive price, the same net amount.
 */
function line(doc: InvoiceDocument, l: InvoiceDocumentLine): XmlElement {
  const sign = l.unitPriceCents < 0 ? -1 : 1;
  return ram(
    "IncludedSupplyChainTradeLineItem",
    ram("AssociatedDocumentLineDocument", ramText("LineID", String(l.position))),
    ram(
      "SpecifiedTradeProduct",
      ramText("Name", l.label),
      filled(l.description) ? ramText("Description", l.description) : null,
    ),
    ram(
      "SpecifiedLineTradeAgreement",
      ram("NetPriceProductTradePrice", amount("ChargeAmount", Math.abs(l.unitPriceCents))),
    ),
    ram(
      "SpecifiedLineTradeDelivery",
      // Hundredths of a unit written as a decimal the same exact way as cents (350 → 3.50).
      ramText("BilledQuantity", centsToDecimal(sign * l.quantityHundredths), { unitCode: l.unitCode }),
    ),
    ram(
      "SpecifiedLineTradeSettlement",
      tax(doc, null),
      ram("SpecifiedTradeSettlementLineMonetarySummation", amount("LineTotalAmount", l.netCents)),
    ),
  );
}

/**
 * How to pay (BG-16): a transfer to the centre's IBAN (58, SEPA credit transfer, BT-84) when
 * Paramètres has one. Without it nothing is said: a transfer code without an account breaks BR-61,
 * and any other code would be a guess. A credit note is paid by the centre, not to it: none.
 */
function paymentMeans(doc: InvoiceDocument): XmlElement | null {
  const iban = doc.seller.iban.replace(/\s+/g, "").toUpperCase();
  if (doc.kind === "credit_note" || !iban) return null;
  const bic = doc.seller.bic.replace(/\s+/g, "").toUpperCase();
  return ram(
    "SpecifiedTradeSettlementPaymentMeans",
    ramText("TypeCode", "58"),
    ramText("Information", "Virement SEPA"),
    ram("PayeePartyCreditorFinancialAccount", ramText("IBANID", iban)),
    bic ? ram("PayeeSpecifiedCreditorFinancialInstitution", ramText("BICID", bic)) : null,
  );
}

/**
 * The preceding invoices (BG-3, BT-25 and BT-26): the invoice a credit note corrects (BR-FR-CO-05), or
 * each deposit a final invoice deducts, so the buyer's software can match the deductions.
 */
function precedingInvoices(doc: InvoiceDocument): XmlElement[] {
  const preceding = doc.creditedInvoice ? [doc.creditedInvoice] : doc.deductedDeposits;
  return preceding.map((invoice) =>
    ram(
      "InvoiceReferencedDocument",
      ramText("IssuerAssignedID", invoice.number),
      day("FormattedIssueDateTime", invoice.issuedOn, "qdt"),
    ),
  );
}

function settlement(doc: InvoiceDocument): XmlElement {
  return ram(
    "ApplicableHeaderTradeSettlement",
    // The remittance information a transfer carries (BT-83): the invoice's number.
    doc.kind === "invoice" && filled(doc.seller.iban) ? ramText("PaymentReference", doc.number) : null,
    ramText("InvoiceCurrencyCode", "EUR"),
    paymentMeans(doc),
    tax(doc, { basisCents: doc.netCents, vatCents: doc.vatCents }),
    ram("BillingSpecifiedPeriod", day("StartDateTime", doc.serviceStart), day("EndDateTime", doc.serviceEnd)),
    ram(
      "SpecifiedTradePaymentTerms",
      ramText("Description", paymentTermsText(doc)),
      day("DueDateDateTime", doc.dueOn),
    ),
    ram(
      "SpecifiedTradeSettlementHeaderMonetarySummation",
      amount("LineTotalAmount", doc.netCents),
      amount("TaxBasisTotalAmount", doc.netCents),
      amount("TaxTotalAmount", doc.vatCents, "EUR"),
      amount("GrandTotalAmount", doc.grossCents),
      amount("DuePayableAmount", doc.grossCents),
    ),
    precedingInvoices(doc),
  );
}

/** The Factur-X XML (EN 16931 profile) of `doc`, as embedded in its PDF under the name factur-x.xml. */
export function ciiXml(doc: InvoiceDocument): string {
  return xmlDocument(
    xml(
      "rsm:CrossIndustryInvoice",
      NS,
      xml(
        "rsm:ExchangedDocumentContext",
        {},
        ram("BusinessProcessSpecifiedDocumentContextParameter", ramText("ID", billingFramework(doc))),
        ram("GuidelineSpecifiedDocumentContextParameter", ramText("ID", EN16931_GUIDELINE)),
      ),
      xml(
        "rsm:ExchangedDocument",
        {},
        ramText("ID", doc.number),
        ramText("TypeCode", typeCode(doc)),
        day("IssueDateTime", doc.issuedOn),
        notes(doc),
      ),
      xml(
        "rsm:SupplyChainTradeTransaction",
        {},
        doc.lines.map((l) => line(doc, l)),
        ram(
          "ApplicableHeaderTradeAgreement",
          filled(doc.buyer.chorusServiceCode) ? ramText("BuyerReference", doc.buyer.chorusServiceCode) : null,
          seller(doc.seller),
          buyer(doc.buyer),
          filled(doc.engagementNumber)
            ? ram("BuyerOrderReferencedDocument", ramText("IssuerAssignedID", doc.engagementNumber))
            : null,
        ),
        ram("ApplicableHeaderTradeDelivery"),
        settlement(doc),
      ),
    ),
  );
}
