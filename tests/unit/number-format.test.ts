// The invoice numbering format of Paramètres › Facturation: the formats the centre may choose and the
// numbers they give, one rule for the screen's example and for the server's check.
import { describe, expect, it } from "vitest";
import {
  formatInvoiceNumber,
  NUMBER_FORMAT_ERRORS,
  numberedPerYear,
  numberFormatProblem,
  sequenceKeyOf,
} from "~/features/billing/number-format";

describe("the numbering format", () => {
  it("accepts a counter of 3 to 8 N's, with or without the year, and plain separators", () => {
    for (const format of [
      "F-{AAAA}-{NNNNN}",
      "{NNN}",
      "FAC{NNNNNNNN}",
      "{AAAA}/{NNNN}",
      "F_{AAAA}_{NNNNNN}",
      "2027-F-{NNNNN}",
      "ABCDEFGHIJKLMNOPQRSTUVW{NNNNN}",
    ]) {
      expect(numberFormatProblem(format), format).toBeNull();
    }
  });

  it("refuses what cannot number invoices, saying why in French", () => {
    const cases: [string, string][] = [
      ["", NUMBER_FORMAT_ERRORS.empty],
      ["   ", NUMBER_FORMAT_ERRORS.empty],
      ["F-{AAAA}", NUMBER_FORMAT_ERRORS.noCounter],
      ["F-{AAAA}-{NN}", NUMBER_FORMAT_ERRORS.counterWidth],
      ["F-{NNNNNNNNN}", NUMBER_FORMAT_ERRORS.counterWidth],
      ["{NNN}-{NNNN}", NUMBER_FORMAT_ERRORS.twoCounters],
      ["{AAAA}-{AAAA}-{NNNNN}", NUMBER_FORMAT_ERRORS.twoYears],
      ["F {AAAA}-{NNNNN}", NUMBER_FORMAT_ERRORS.characters],
      ["Fé-{NNNNN}", NUMBER_FORMAT_ERRORS.characters],
      ["F-{AA}-{NNNNN}", NUMBER_FORMAT_ERRORS.characters],
      ["F-{MM}-{NNNNN}", NUMBER_FORMAT_ERRORS.characters],
      ["F.{NNNNN}", NUMBER_FORMAT_ERRORS.characters],
      ["F-{NNNNN", NUMBER_FORMAT_ERRORS.characters],
      ["F-{AAAA}-{NNNNN}-ABCDEFGHIJKLMN", NUMBER_FORMAT_ERRORS.tooLong],
    ];
    for (const [format, message] of cases) expect(numberFormatProblem(format), format).toBe(message);
  });

  it("counts the 30 characters on the format as typed", () => {
    expect(numberFormatProblem(`${"A".repeat(23)}{NNNNN}`)).toBeNull();
    expect(numberFormatProblem(`${"A".repeat(24)}{NNNNN}`)).toBe(NUMBER_FORMAT_ERRORS.tooLong);
  });
});

describe("the numbers it gives", () => {
  it("writes the year and pads the number to as many digits as N's", () => {
    expect(formatInvoiceNumber("F-{AAAA}-{NNNNN}", 2027, 42)).toBe("F-2027-00042");
    expect(formatInvoiceNumber("{AAAA}/{NNN}", 2028, 1)).toBe("2028/001");
    expect(formatInvoiceNumber("FAC{NNNNNNNN}", 2027, 12_345)).toBe("FAC00012345");
  });

  it("writes a number wider than its placeholder whole: a number is never cut into another's", () => {
    expect(formatInvoiceNumber("F-{NNN}", 2027, 1234)).toBe("F-1234");
  });

  it("says whether the sequence restarts each year", () => {
    expect(numberedPerYear("F-{AAAA}-{NNNNN}")).toBe(true);
    expect(numberedPerYear("F-{NNNNN}")).toBe(false);
    // The counter row the issuing code locks: one per year, or one for ever.
    expect(sequenceKeyOf("F-{AAAA}-{NNNNN}", "2027")).toBe("2027");
    expect(sequenceKeyOf("FA{NNN}", "2027")).toBe("");
  });
});
