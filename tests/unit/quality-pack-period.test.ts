// The evidence pack's period: the last 12 months by default, and what the server refuses in French.
import { describe, expect, it } from "vitest";
import { defaultPackPeriod, PACK_ERRORS, packPeriodSchema } from "~/features/quality/pack-schema";

describe("the evidence pack's period", () => {
  it("is the last 12 months by default, up to today", () => {
    expect(defaultPackPeriod("2026-11-29")).toEqual({ from: "2025-11-30", to: "2026-11-29" });
    expect(defaultPackPeriod("2027-01-01")).toEqual({ from: "2026-01-02", to: "2027-01-01" });
    expect(defaultPackPeriod("2026-12-31")).toEqual({ from: "2026-01-01", to: "2026-12-31" });
    expect(defaultPackPeriod("2028-02-29")).toEqual({ from: "2027-03-01", to: "2028-02-29" });
  });

  it("refuses a period whose end comes first, longer than 3 years, or without real days", () => {
    const errors = (from: string, to: string) => {
      const parsed = packPeriodSchema.safeParse({ from, to });
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(errors("2026-01-01", "2026-12-31")).toEqual([]);
    expect(errors("2026-01-01", "2026-01-01")).toEqual([]);
    expect(errors("2026-12-31", "2026-01-01")).toEqual([PACK_ERRORS.order]);
    expect(errors("2020-01-01", "2026-01-01")).toEqual([PACK_ERRORS.length]);
    expect(errors("2026-02-30", "")).toEqual([PACK_ERRORS.from, PACK_ERRORS.to]);
  });
});
