// Amounts in a CSV for French Excel: a comma, no grouping, a sign kept (a credit note's amount is a
// negative number, not a formula to neutralise), while a typed '-…' is still neutralised.
import { describe, expect, it } from "vitest";
import { CsvNumber, csvCell, csvCents, csvLine } from "~/platform/csv.server";

describe("amounts in a CSV", () => {
  it("writes cents as French Excel reads a number, negative ones included", () => {
    expect(csvLine([csvCents(123_450), csvCents(-15_050), csvCents(0), csvCents(-5)])).toBe(
      "1234,50;-150,50;0,00;-0,05\r\n",
    );
  });

  it("still neutralises a typed text that starts like a formula", () => {
    expect(csvCell("-150,50")).toBe("'-150,50");
    expect(() => new CsvNumber("=1+1")).toThrow(RangeError);
  });
});
