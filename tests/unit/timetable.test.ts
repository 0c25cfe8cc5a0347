// The timetable's arithmetic: French public holidays computed from Easter, the slots a weekly pattern
// gives with those holidays skipped, times read and written the French way, total hours.
import { describe, expect, it } from "vitest";
import { easterSunday, holidayName, publicHolidays } from "~/features/timetable/holidays";
import { overlaps, parseTime, patternSlots, timeText, totalMinutes } from "~/features/timetable/slots";

describe("French public holidays", () => {
  it("Easter Sunday of known years", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2038)).toBe("2038-04-25");
  });

  it("2026: the eight fixed days and the three that follow Easter", () => {
    expect([...publicHolidays(2026)]).toEqual([
      ["2026-01-01", "Jour de l'an"],
      ["2026-04-06", "Lundi de Pâques"],
      ["2026-05-01", "Fête du Travail"],
      ["2026-05-08", "Victoire 1945"],
      ["2026-05-14", "Ascension"],
      ["2026-05-25", "Lundi de Pentecôte"],
      ["2026-07-14", "Fête nationale"],
      ["2026-08-15", "Assomption"],
      ["2026-11-01", "Toussaint"],
      ["2026-11-11", "Armistice 1918"],
      ["2026-12-25", "Noël"],
    ]);
  });

  it("2027: Easter Monday in March, Ascension on 6 May, Whit Monday on 17 May", () => {
    const days = publicHolidays(2027);
    expect(days.size).toBe(11);
    expect(days.get("2027-03-29")).toBe("Lundi de Pâques");
    expect(days.get("2027-05-06")).toBe("Ascension");
    expect(days.get("2027-05-17")).toBe("Lundi de Pentecôte");
    expect(holidayName("2027-12-25")).toBe("Noël");
    expect(holidayName("2027-12-24")).toBeNull();
  });
});

describe("a weekly pattern", () => {
  it("Monday and Thursday, morning and afternoon, 3 to 14 May 2027: Ascension skipped", () => {
    const { slots, skipped } = patternSlots({
      weekdays: [1, 4],
      ranges: [
        { startMinute: 540, endMinute: 750 },
        { startMinute: 810, endMinute: 1020 },
      ],
      from: "2027-05-03",
      to: "2027-05-14",
    });
    expect([...new Set(slots.map((s) => s.day))]).toEqual(["2027-05-03", "2027-05-10", "2027-05-13"]);
    expect(slots).toHaveLength(6);
    expect(skipped).toEqual([{ day: "2027-05-06", name: "Ascension" }]);
    expect(timeText(totalMinutes(slots))).toBe("21\u00a0h");
  });

  it("a holiday on a day not chosen is not reported", () => {
    const { skipped } = patternSlots({
      weekdays: [2],
      ranges: [{ startMinute: 540, endMinute: 720 }],
      from: "2026-04-01",
      to: "2026-04-30",
    });
    expect(skipped).toEqual([]);
  });
});

describe("times", () => {
  it("reads a time input and the ways staff write a time", () => {
    expect(parseTime("09:00")).toBe(540);
    expect(parseTime("9h30")).toBe(570);
    expect(parseTime("13 h 30")).toBe(810);
    expect(parseTime("24:00")).toBe(1440);
    expect(parseTime("25:00")).toBeNull();
    expect(parseTime("midi")).toBeNull();
  });

  it("writes them the French way, and two ranges overlap only when they share time", () => {
    expect(timeText(750)).toBe("12\u00a0h\u00a030");
    expect(timeText(540)).toBe("9\u00a0h");
    expect(overlaps({ startMinute: 540, endMinute: 750 }, { startMinute: 750, endMinute: 800 })).toBe(false);
    expect(overlaps({ startMinute: 540, endMinute: 750 }, { startMinute: 700, endMinute: 800 })).toBe(true);
  });
});
