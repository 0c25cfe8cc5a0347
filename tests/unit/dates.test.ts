import { describe, expect, it } from "vitest";
import { formatDate, frenchDateText } from "~/platform/dates";
import {
  formatClock,
  formatDateTime,
  formatFullDateTime,
  formatIsoDay,
  parisInstant,
  parisParts,
} from "~/platform/paris-time";
import { plural } from "~/platform/plural";

describe("dates as the centre writes them", () => {
  it("writes the first of the month '1er', in Paris time whatever the process's zone", () => {
    // 23:30 UTC on 28 February is already 1 March in Paris.
    const first = new Date("2027-02-28T23:30:00Z");
    expect(formatDate(first)).toBe("1er mars 2027");
    expect(formatDateTime(first)).toBe("1er mars 2027 à 0\u00a0h\u00a030");
    expect(formatFullDateTime(first)).toBe("lundi 1er mars 2027 à 0\u00a0h\u00a030");
    expect(formatDateTime("2027-01-08T09:00:00Z")).toBe("8 janvier 2027 à 10\u00a0h");
    expect(formatDate("2025-08-15T23:30:00Z")).toBe("16 août 2025");
    expect(formatDate(new Date("2027-03-11T12:00:00Z"))).toBe("11 mars 2027");
    expect(formatDate(new Date("2027-03-21T12:00:00Z"))).toBe("21 mars 2027");
  });

  it("writes a time of day '9 h 30', '12 h', in Paris time", () => {
    expect(formatClock("2027-06-07T07:30:12Z")).toBe("9\u00a0h\u00a030");
    expect(formatClock(new Date("2027-06-07T10:00:00Z"))).toBe("12\u00a0h");
    expect(formatClock("2027-01-08T22:05:00Z")).toBe("23\u00a0h\u00a005");
  });

  it("keeps the numeric form for file names", () => {
    const first = new Date("2027-02-28T23:30:00Z");
    expect(formatIsoDay(first)).toBe("2027-03-01");
  });

  it("corrects dates typed as text by staff", () => {
    expect(frenchDateText("1 mars 2027")).toBe("1er mars 2027");
    expect(frenchDateText("Session du 1 Septembre")).toBe("Session du 1er Septembre");
    expect(frenchDateText("1er mars 2027")).toBe("1er mars 2027");
    expect(frenchDateText("11 mars 2027")).toBe("11 mars 2027");
    expect(frenchDateText("21 mars 2027")).toBe("21 mars 2027");
    expect(frenchDateText("Janvier 2027")).toBe("Janvier 2027");
  });
});

describe("plural", () => {
  it("agrees the French way (singular below 2) with an optional irregular plural", () => {
    expect(plural(0, "active")).toBe("0 active");
    expect(plural(1, "active")).toBe("1 active");
    expect(plural(2, "active")).toBe("2 actives");
    expect(plural(3, "nouvel article", "nouveaux articles")).toBe("3 nouveaux articles");
  });
});

describe("Paris day and time typed in the console", () => {
  it("names the instant in winter and in summer time, whatever the process's zone", () => {
    expect(parisInstant("2027-01-04", "14:30")?.toISOString()).toBe("2027-01-04T13:30:00.000Z");
    expect(parisInstant("2027-07-01", "09:00")?.toISOString()).toBe("2027-07-01T07:00:00.000Z");
    expect(parisInstant("2027-03-28", "03:30")?.toISOString()).toBe("2027-03-28T01:30:00.000Z");
    expect(parisParts(new Date("2027-01-04T13:30:00Z"))).toEqual({ day: "2027-01-04", time: "14:30" });
  });

  it("refuses what names no instant", () => {
    expect(parisInstant("2027-02-30", "10:00")).toBeNull();
    expect(parisInstant("2027-01-04", "25:00")).toBeNull();
    expect(parisInstant("2027-01-04", "")).toBeNull();
    expect(parisInstant("04/01/2027", "10:00")).toBeNull();
    // Clocks go from 02:00 to 03:00 on 28 March 2027: 02:30 never shows in Paris.
    expect(parisInstant("2027-03-28", "02:30")).toBeNull();
  });
});
