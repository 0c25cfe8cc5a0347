// The quote's PDF, attached to the quote's e-mail: built from the invoice page's blocks, it prints the
// centre, the payer, the lines, the totals with the VAT or its exemption, and the validity date, in
// French typography. No database: the quote is built in memory.
import { describe, expect, it } from "vitest";
import { type QuoteDocument, quotePdf } from "~/features/billing/quote-pdf.server";
import { TEST_SELLER } from "../support/billing";
import { frenchTypographyFaults } from "../support/french-text";
import { COMPANY_BUYER, documentLines, LIABLE_SELLER } from "../support/invoice-documents";
import { pdfText } from "../support/learner-documents";
import { pdfGlyphText } from "../support/pdf-glyph-text";

function quote(fields: Partial<QuoteDocument> = {}): QuoteDocument {
  return {
    number: "D-2027-0007",
    title: "Formation Gestionnaire de paie, session de mars 2027",
    sentOn: "2027-02-01",
    validUntil: "2027-03-01",
    seller: TEST_SELLER,
    buyer: COMPANY_BUYER,
    learnerName: "Julie Bernard",
    lines: documentLines([
      { label: "Formation en centre", quantityHundredths: 3_500, unitCode: "HUR", unitPriceCents: 4_550 },
    ]),
    vatRateBasisPoints: 0,
    netCents: 159_250,
    vatCents: 0,
    grossCents: 159_250,
    note: "",
    ...fields,
  };
}

describe("the quote's PDF", () => {
  it("prints its number, validity, payer, learner, lines and total, with the exemption of an exempt centre", async () => {
    const text = await pdfText(await quotePdf(quote()));
    expect(text).toContain("Devis n° D-2027-0007");
    expect(text).toContain("Valable jusqu'au : 1er mars 2027");
    expect(text).toContain(COMPANY_BUYER.name);
    expect(text).toContain("Stagiaire : Julie Bernard");
    expect(text).toMatch(/Formation en centre 35 heures 45,50 € 1 592,50 €/);
    expect(text).toContain("Total TTC : 1 592,50 €");
    expect(text).toContain("Exonération de TVA");
  });

  it("prints the VAT of a liable centre, and is written in French typography", async () => {
    // The share capital is printed as typed in Paramètres: typed here with its no-break spaces.
    const liable = quote({
      seller: { ...LIABLE_SELLER, shareCapital: "10\u202f000\u00a0€" },
      vatRateBasisPoints: 2000,
      vatCents: 31_850,
      grossCents: 191_100,
    });
    const bytes = await quotePdf(liable);
    const text = await pdfText(bytes);
    expect(text).toContain("TVA (20 %) : 318,50 €");
    expect(text).toContain("Total TTC : 1 911,00 €");
    expect(frenchTypographyFaults(pdfGlyphText(bytes))).toEqual([]);
  });
});
