// Money is exact: what staff type in euros becomes integer cents, products and rates round to the
// cent on integers, and display is the French way. A SIREN or SIRET with one wrong digit is caught.
import { describe, expect, it } from "vitest";
import {
  companyDigits,
  frenchVatNumber,
  groupCompanyNumber,
  isValidSiren,
  isValidSiret,
} from "~/platform/company-numbers";
import { centsToDecimal, formatCents, parseEurosToCents, rateOf, timesHundredths } from "~/platform/money";

describe("amounts in cents", () => {
  it("reads what a person types in euros, exactly", () => {
    expect(parseEurosToCents("1 234,50")).toBe(123_450);
    expect(parseEurosToCents("1234.5")).toBe(123_450);
    expect(parseEurosToCents("1\u202f234 €")).toBe(123_400);
    expect(parseEurosToCents("0,1")).toBe(10);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in cents it is 30.
    expect((parseEurosToCents("0,10") ?? 0) + (parseEurosToCents("0,20") ?? 0)).toBe(30);
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "-5", "12,345", "1e3", "douze", "12,", "99999999999"]) {
      expect(parseEurosToCents(text), text).toBeNull();
    }
  });

  it("writes euros the French way and decimals the machine way", () => {
    expect(formatCents(123_450)).toBe("1\u202f234,50\u00a0€");
    expect(formatCents(-5)).toBe("-0,05\u00a0€");
    expect(centsToDecimal(123_450)).toBe("1234.50");
    expect(centsToDecimal(-5)).toBe("-0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });

  it("multiplies by hours in hundredths and takes a rate, rounding half away from zero", () => {
    // 3,5 h at 45,50 € = 159,25 €
    expect(timesHundredths(4_550, 350)).toBe(15_925);
    // 0,33 h at 0,05 € = 0,0165 € → 0,02 €
    expect(timesHundredths(5, 33)).toBe(2);
    expect(timesHundredths(-4_550, 100)).toBe(-4_550);
    // 20 % of 0,125 € does not exist; 20 % of 12,33 € = 2,466 € → 2,47 €
    expect(rateOf(1_233, 2_000)).toBe(247);
    expect(rateOf(-1_233, 2_000)).toBe(-247);
    expect(rateOf(1_000, 0)).toBe(0);
  });
});

describe("company numbers", () => {
  it("accepts real SIREN and SIRET and refuses one wrong digit", () => {
    // INSEE's own SIREN (120 027 016) and the head office's SIRET.
    expect(isValidSiren("120027016")).toBe(true);
    expect(isValidSiren("120027017")).toBe(false);
    expect(isValidSiret("73282932000074")).toBe(true);
    expect(isValidSiret("73282932000075")).toBe(false);
    expect(isValidSiren("12002701")).toBe(false);
  });

  it("checks La Poste's establishments by the sum of their digits", () => {
    expect(isValidSiret("35600000000048")).toBe(true);
    expect(isValidSiret("35600000049837")).toBe(true);
    expect(isValidSiret("35600000049838")).toBe(false);
  });

  it("reads spaced numbers, groups them back and derives the VAT number", () => {
    expect(companyDigits("732 829 320 00074")).toBe("73282932000074");
    expect(groupCompanyNumber("73282932000074")).toBe("732 829 320 00074");
    expect(groupCompanyNumber("732829320")).toBe("732 829 320");
    // The example the tax administration and Wikipedia give: SIREN 404 833 048 → FR 83 404 833 048.
    expect(frenchVatNumber("404833048")).toBe("FR83404833048");
    expect(frenchVatNumber("303265045")).toBe("FR40303265045");
  });
});
