// Factur-X invoices and credit notes checked by the real validators (tests/support/facturx.ts): the
// XML Schema of the EN 16931 profile, the EN 16931 business rules and the French reform's BR-FR rules,
// for every shape the centre issues; then the PDF/A-3 around it: the embedded factur-x.xml, its XMP
// declaration and the legal mentions a person reads. No database: the documents are built in memory.
import { readFileSync } from "node:fs";
import SaxonJS from "saxon-js";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { ciiXml } from "~/features/billing/facturx/cii.server";
import type { InvoiceDocument } from "~/features/billing/invoice-document";
import { invoicePdf } from "~/features/billing/invoice-pdf.server";
import { writeInvoicePages } from "~/features/billing/invoice-pdf-layout.server";
import { openPdf } from "~/platform/pdf-document.server";
import {
  embeddedFacturX,
  type FacturXReport,
  prepareFacturXValidators,
  validateFacturX,
} from "../support/facturx";
import { frenchTypographyFaults } from "../support/french-text";
import { COMPANY_BUYER, INVOICE_SHAPES, invoiceDocument, LIABLE_SELLER } from "../support/invoice-documents";

/** The rules' complaints about a document, warnings apart, with the one warning every invoice gets. */
function problems(report: FacturXReport) {
  return {
    schemaErrors: report.schemaErrors,
    fatal: report.fatal,
    frErrors: report.frErrors,
    // An empty ApplicableHeaderTradeDelivery, which the schema requires: the centre has no delivery
    // date to state (a deposit is invoiced before the training), PEPPOL only warns about it.
    warnings: report.warnings.filter((w) => !w.includes("[PEPPOL-EN16931-R008]")),
  };
}

const VALID = { schemaErrors: [], fatal: [], frErrors: [], warnings: [] };

beforeAll(async () => {
  await prepareFacturXValidators();
}, 600_000);

describe("factur-x.xml passes the schema, the EN 16931 rules and the BR-FR rules", () => {
  for (const [shape, doc] of Object.entries(INVOICE_SHAPES)) {
    it(shape, async () => {
      expect(problems(await validateFacturX(ciiXml(doc)))).toEqual(VALID);
    });
  }
});

describe("what the XML says", () => {
  const read = async (xml: string, xpath: string) => {
    const node = await SaxonJS.getResource({ text: xml, type: "xml" });
    return SaxonJS.XPath.evaluate(xpath, node, {
      namespaceContext: {
        rsm: "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
        ram: "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
      },
      resultForm: "array",
    }) as string[];
  };

  it("types and frames each document: 380, 386 for a deposit, 381 for a credit note; S4 for a final invoice after a deposit", async () => {
    const type = (doc: InvoiceDocument) => read(ciiXml(doc), "//rsm:ExchangedDocument/ram:TypeCode/string()");
    const frame = (doc: InvoiceDocument) =>
      read(ciiXml(doc), "//ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID/string()");
    expect(await type(invoiceDocument())).toEqual(["380"]);
    expect(await type(INVOICE_SHAPES["a deposit invoice"] as InvoiceDocument)).toEqual(["386"]);
    expect(await type(INVOICE_SHAPES["a credit note cancelling a whole invoice"] as InvoiceDocument)).toEqual(
      ["381"],
    );
    expect(
      await frame(
        INVOICE_SHAPES["the final invoice deducting the deposit by a negative line"] as InvoiceDocument,
      ),
    ).toEqual(["S4"]);
    expect(await frame(invoiceDocument())).toEqual(["S1"]);
  });

  it("refers to the preceding invoices (BG-3): each deposit a final invoice deducts, the invoice a credit note corrects, none otherwise", async () => {
    const references = async (shape: string) => {
      const xml = ciiXml(INVOICE_SHAPES[shape] as InvoiceDocument);
      const path = "//ram:ApplicableHeaderTradeSettlement/ram:InvoiceReferencedDocument";
      const numbers = await read(xml, `${path}/ram:IssuerAssignedID/string()`);
      const days = await read(xml, `${path}/ram:FormattedIssueDateTime/*/string()`);
      return numbers.map((number, n) => `${number} ${days[n]}`);
    };
    expect(await references("a final invoice deducting two deposits, at 20 %")).toEqual([
      "F-2027-00041 20270104",
      "F-2027-00043 20270201",
    ]);
    expect(await references("the final invoice deducting the deposit by a negative line")).toEqual([
      "F-2027-00041 20270104",
    ]);
    expect(await references("a credit note cancelling a whole invoice")).toEqual(["F-2027-00042 20270115"]);
    expect(await references("an exempt centre's invoice to a company")).toEqual([]);
  });

  it("says VAT is due on the invoice's date (BT-8, code 5) only for a liable centre that opted for VAT on debits", async () => {
    const code = (doc: InvoiceDocument) =>
      read(
        ciiXml(doc),
        "//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax/ram:DueDateTypeCode/string()",
      );
    const opted = INVOICE_SHAPES["a liable centre that opted for VAT on debits"] as InvoiceDocument;
    expect(await code(opted)).toEqual(["5"]);
    expect(await read(ciiXml(opted), "count(//ram:DueDateTypeCode)")).toEqual([1]);
    expect(await code(invoiceDocument({ seller: LIABLE_SELLER }))).toEqual([]);
    // An exempt centre charges no VAT: the option says nothing there.
    expect(
      await code(
        invoiceDocument({
          seller: { ...LIABLE_SELLER, vatExempt: true, vatOnDebits: true },
          vatRateBasisPoints: 0,
        }),
      ),
    ).toEqual([]);
    const printed = oneLine(await pdfText(await invoicePdf(opted)));
    expect(printed).toContain("Option pour le paiement de la taxe d'après les débits");
    const without = oneLine(await pdfText(await invoicePdf(invoiceDocument({ seller: LIABLE_SELLER }))));
    expect(without).not.toContain("d'après les débits");
  });

  it("writes 3,5 h at 45,50 € as 3.50 × 45.50 = 159.25, and a deducted deposit as a negative quantity of a positive price", async () => {
    const attended = ciiXml(
      INVOICE_SHAPES["an invoice 'au réalisé': hours attended times the hourly rate"] as InvoiceDocument,
    );
    expect(
      await read(
        attended,
        "//ram:IncludedSupplyChainTradeLineItem[1]//ram:BilledQuantity/concat(., ' ', @unitCode)",
      ),
    ).toEqual(["3.50 HUR"]);
    expect(
      await read(attended, "//ram:IncludedSupplyChainTradeLineItem[1]//ram:LineTotalAmount/string()"),
    ).toEqual(["159.25"]);
    const final = ciiXml(
      INVOICE_SHAPES["the final invoice deducting the deposit by a negative line"] as InvoiceDocument,
    );
    expect(
      await read(
        final,
        "//ram:IncludedSupplyChainTradeLineItem[2]//(ram:BilledQuantity, ram:ChargeAmount, ram:LineTotalAmount)/string()",
      ),
    ).toEqual(["900.00", "-1.00", "-900.00"]);
    expect(await read(final, "//ram:DuePayableAmount/string()")).toEqual(["2100.00"]);
  });

  it("states the exemption (E, 0 %, its text and VATEX code) and the seller's SIREN as its tax identifier when it has no VAT number", async () => {
    const xml = ciiXml(invoiceDocument());
    expect(
      await read(
        xml,
        "//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax/(ram:CategoryCode, ram:RateApplicablePercent, ram:ExemptionReason, ram:ExemptionReasonCode)/string()",
      ),
    ).toEqual(["Exonération de TVA – article 261-4-4° a du CGI", "E", "VATEX-EU-132-1I", "0.00"]);
    expect(
      await read(xml, "//ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID/concat(@schemeID, ' ', .)"),
    ).toEqual(["FC 732829320"]);
  });

  it("keeps every character of names holding & < \" ' and emoji, escaped, in a well-formed document", async () => {
    const xml = ciiXml(INVOICE_SHAPES["names and labels holding & < \" ' and emoji"] as InvoiceDocument);
    expect(await read(xml, "//ram:BuyerTradeParty/ram:Name/string()")).toEqual([
      `Dupont & Fils <SARL> "Le Pain d'Or" 🥖`,
    ]);
    expect(await read(xml, "//ram:SellerTradeParty/ram:Name/string()")).toEqual([
      `Forma & Co <Rhône> "l'atelier" 🎓`,
    ]);
    expect(xml).toContain("Dupont &amp; Fils &lt;SARL&gt; &quot;Le Pain d&apos;Or&quot; 🥖");
  });
});

describe("a broken invoice is refused by the rules", () => {
  it("catches totals that do not add up (BR-CO-10, BR-CO-15…)", async () => {
    const doc = invoiceDocument({ netCents: 99_999 });
    const report = await validateFacturX(ciiXml(doc));
    expect(report.fatal.join("\n")).toContain("[BR-CO-10]");
    expect(report.schemaErrors).toEqual([]);
  });

  it("catches a line total that differs from the lines' sum and a VAT that is not 20 % of the base", async () => {
    const doc = invoiceDocument({ seller: LIABLE_SELLER, vatCents: 12_345 });
    const report = await validateFacturX(ciiXml(doc));
    expect(report.fatal.join("\n")).toMatch(/\[BR-(CO-14|S-09)\]/);
  });

  it("catches what only the French rules ask: an invoice number with a space (BR-FR-02)", async () => {
    const report = await validateFacturX(ciiXml(invoiceDocument({ number: "F 2027 42" })));
    expect(report.frErrors.join("\n")).toContain("BR-FR-02_BT-1");
  });
});

const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
const oneLine = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");

describe("the PDF/A-3", () => {
  it("embeds factur-x.xml, the same as ciiXml, as an associated alternative in text/xml", async () => {
    const doc = invoiceDocument();
    const embedded = embeddedFacturX(await invoicePdf(doc));
    expect(embedded.xml).toBe(ciiXml(doc));
    expect(embedded).toMatchObject({ relationship: "Alternative", mimeType: "text/xml", associated: true });
  });

  it("declares PDF/A-3B and the Factur-X extension schema (INVOICE, factur-x.xml, 1.0, EN 16931) in its XMP", async () => {
    const { xmp } = embeddedFacturX(
      await invoicePdf(INVOICE_SHAPES["names and labels holding & < \" ' and emoji"] as InvoiceDocument),
    );
    // Well-formed although the seller's name, the PDF's author, holds & and <.
    const metadata = await SaxonJS.getResource({ text: xmp.replace(/^[^<]*/, ""), type: "xml" });
    const values = (xpath: string) =>
      SaxonJS.XPath.evaluate(xpath, metadata, {
        namespaceContext: {
          fx: "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#",
          pdfaid: "http://www.aiim.org/pdfa/ns/id/",
          pdfaSchema: "http://www.aiim.org/pdfa/ns/schema#",
          pdfaProperty: "http://www.aiim.org/pdfa/ns/property#",
          dc: "http://purl.org/dc/elements/1.1/",
        },
        resultForm: "array",
      }) as string[];
    expect(values("//pdfaid:part/string(), //pdfaid:conformance/string()")).toEqual(["3", "B"]);
    expect(values("//fx:*/concat(local-name(), '=', .)").sort()).toEqual([
      "ConformanceLevel=EN 16931",
      "DocumentFileName=factur-x.xml",
      "DocumentType=INVOICE",
      "Version=1.0",
    ]);
    expect(values("//dc:creator//*:li/string()")).toEqual([`Forma & Co <Rhône> "l'atelier" 🎓`]);
    // The extension schema is the one the FNFE-MPE publishes: same namespace, prefix and properties.
    const official = await SaxonJS.getResource({
      text: readFileSync("schemas/factur-x/xmp/Factur-X_extension_schema.xmp", "utf8"),
      type: "xml",
    });
    const schema = (node: object) =>
      SaxonJS.XPath.evaluate(
        "//pdfaSchema:namespaceURI/string(), //pdfaSchema:prefix/string(), //pdfaProperty:name/string()",
        node,
        {
          namespaceContext: {
            pdfaSchema: "http://www.aiim.org/pdfa/ns/schema#",
            pdfaProperty: "http://www.aiim.org/pdfa/ns/property#",
          },
          resultForm: "array",
        },
      );
    expect(schema(metadata)).toEqual(schema(official));
  });

  it("prints every legal mention of an exempt centre's invoice to a company, in French typography", async () => {
    const text = await pdfText(await invoicePdf(invoiceDocument()));
    const line = oneLine(text);
    for (const mention of [
      "Facture n° F-2027-00042",
      "Date d'émission : 15 janvier 2027",
      "Période de la prestation : du 11 janvier au 26 mars 2027",
      "Forma Rhône, SAS au capital de 10 000 €",
      "3 place Bellecour, 69002 Lyon",
      "SIRET : 73282932000074",
      "RCS Lyon 732 829 320",
      "Déclaration d'activité enregistrée sous le numéro 84691234569 auprès du préfet de région",
      "Boulangerie Martin",
      `SIREN : ${COMPANY_BUYER.siren}`,
      "Stagiaire : Julie Bernard",
      "Formation : Titre professionnel Assistant·e ressources humaines",
      "Quantité",
      "Prix unitaire HT",
      "Total HT : 1 000,00 €",
      "TVA : 0,00 €",
      "Total TTC : 1 000,00 €",
      "Net à payer : 1 000,00 €",
      "Exonération de TVA – article 261-4-4° a du CGI",
      "Échéance : 14 février 2027",
      "Paiement à 30 jours, au plus tard le 14 février 2027.",
      "Pénalités de retard : taux d'intérêt de la BCE majoré de 10 points",
      "Indemnité forfaitaire pour frais de recouvrement de 40 €",
      "Catégorie de l'opération : prestation de services",
    ]) {
      expect(line).toContain(mention);
    }
  });

  it("writes its text in French typography (no-break spaces before ':', in amounts and rates)", () => {
    // The PDF's extracted text turns no-break spaces into plain ones: the text is read as written.
    for (const shape of Object.values(INVOICE_SHAPES)) {
      // The share capital is printed as typed in Paramètres: typed here with its no-break spaces.
      const doc = { ...shape, seller: { ...shape.seller, shareCapital: "10\u202f000\u00a0€" } };
      const { doc: pdf, width } = openPdf({ info: { Title: "t", Author: "a", Subject: "s" } });
      const written: string[] = [];
      const text = pdf.text.bind(pdf);
      pdf.text = ((
        value: string,
        ...rest: Parameters<typeof text> extends [unknown, ...infer R] ? R : never
      ) => {
        written.push(String(value));
        return text(value, ...rest);
      }) as typeof pdf.text;
      writeInvoicePages(pdf, doc, width);
      pdf.end();
      expect(frenchTypographyFaults(written.join("\n"))).toEqual([]);
    }
  });

  it("prints the VAT rate, the bank details, the credited invoice, the deducted deposits and a public buyer's Chorus Pro references", async () => {
    const liable = oneLine(
      await pdfText(
        await invoicePdf(
          INVOICE_SHAPES[
            "a liable centre's invoice at 20 %, paid by transfer to its IBAN"
          ] as InvoiceDocument,
        ),
      ),
    );
    expect(liable).toContain("TVA (20 %) : 269,98 €");
    expect(liable).toContain("IBAN FR76 3000 6000 0112 3456 7890 189 · BIC : AGRIFRPP");
    expect(liable).toContain("N° TVA : FR44732829320");
    const credit = oneLine(
      await pdfText(
        await invoicePdf(INVOICE_SHAPES["a credit note cancelling a whole invoice"] as InvoiceDocument),
      ),
    );
    expect(credit).toContain("Avoir n° F-2027-00060");
    expect(credit).toContain("Avoir sur la facture F-2027-00042 du 15 janvier 2027");
    const final = oneLine(
      await pdfText(
        await invoicePdf(
          INVOICE_SHAPES["a final invoice deducting two deposits, at 20 %"] as InvoiceDocument,
        ),
      ),
    );
    expect(final).toContain(
      "Déduction des acomptes F-2027-00041 du 4 janvier 2027 et F-2027-00043 du 1er février 2027",
    );
    const publicBuyer = oneLine(
      await pdfText(
        await invoicePdf(
          INVOICE_SHAPES[
            "a public buyer with its Chorus Pro service code and engagement number"
          ] as InvoiceDocument,
        ),
      ),
    );
    expect(publicBuyer).toContain("Code service (Chorus Pro) : AIF69");
    expect(publicBuyer).toContain("Numéro d'engagement : EJ-2027-000123");
    const person = oneLine(
      await pdfText(
        await invoicePdf(
          INVOICE_SHAPES["the same learner's own share, invoiced to the learner"] as InvoiceDocument,
        ),
      ),
    );
    expect(person).not.toContain("SIREN");
    expect(person).not.toContain("40 €");
  });
});
