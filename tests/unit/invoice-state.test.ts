// An invoice's state, read from its figures on a Paris day: the rule's order and its edges (the due
// day itself, midnight in Paris in winter and in summer, credit notes covering all or part).
import { describe, expect, it } from "vitest";
import {
  type InvoiceFigures,
  invoiceStateOf,
  leftDueCents,
  stateLabel,
} from "~/features/billing/invoice-state";
import { parisToday } from "~/platform/dates";

const issued: InvoiceFigures = {
  kind: "invoice",
  number: "F-2027-00001",
  dueOn: "2027-02-14",
  netCents: 35_000,
  grossCents: 35_000,
  paidCents: 0,
  creditedNetCents: 0,
  creditedCents: 0,
};
/** Credit notes of `cents`, exempt of VAT like the invoice: net and gross alike. */
const credited = (cents: number) => ({ creditedNetCents: cents, creditedCents: cents });
const on = (fields: Partial<InvoiceFigures>, today = "2027-02-01") =>
  invoiceStateOf({ ...issued, ...fields }, today);

describe("an invoice's state", () => {
  it("is Brouillon without a number, whatever its figures", () => {
    expect(on({ number: null, dueOn: null, paidCents: 35_000 })).toBe("draft");
    expect(on({ number: null, dueOn: null }, "2030-01-01")).toBe("draft");
  });

  it("is Émise when issued, nothing paid and not yet due (the due day itself included)", () => {
    expect(on({})).toBe("issued");
    expect(on({}, "2027-02-14")).toBe("issued");
  });

  it("is En retard the day after its due date while something is left, partly paid or not", () => {
    expect(on({}, "2027-02-15")).toBe("overdue");
    expect(on({ paidCents: 34_999 }, "2027-02-15")).toBe("overdue");
    expect(on({ paidCents: 10_000 }, "2027-02-14")).toBe("partly_paid");
  });

  it("turns late at midnight in Paris, not at midnight UTC, in winter and in summer", () => {
    // Winter (UTC+1): 23:30 UTC on the 14th is 00:30 on the 15th in Paris.
    expect(on({}, parisToday(new Date("2027-02-14T22:59:59Z")))).toBe("issued");
    expect(on({}, parisToday(new Date("2027-02-14T23:00:00Z")))).toBe("overdue");
    // Summer (UTC+2): 22:00 UTC on the 14th is already the 15th in Paris.
    const summer = { dueOn: "2027-07-14" };
    expect(on(summer, parisToday(new Date("2027-07-14T21:59:59Z")))).toBe("issued");
    expect(on(summer, parisToday(new Date("2027-07-14T22:00:00Z")))).toBe("overdue");
  });

  it("is Payée once the payments reach the gross amount less what credit notes took back", () => {
    expect(on({ paidCents: 35_000 }, "2030-01-01")).toBe("paid");
    expect(on({ ...credited(10_000), paidCents: 25_000 }, "2030-01-01")).toBe("paid");
    expect(on({ ...credited(10_000), paidCents: 24_999 }, "2030-01-01")).toBe("overdue");
    // Paid, then partly credited: more was paid than is now owed; still paid, nothing left.
    expect(on({ ...credited(10_000), paidCents: 35_000 })).toBe("paid");
    expect(leftDueCents({ ...issued, ...credited(10_000), paidCents: 35_000 })).toBe(0);
  });

  it("is Annulée when issued credit notes cover the whole gross amount, paid or not", () => {
    expect(on(credited(35_000), "2030-01-01")).toBe("cancelled");
    expect(on(credited(40_000))).toBe("cancelled");
    expect(on({ ...credited(35_000), paidCents: 35_000 })).toBe("cancelled");
    // An invoice of 0 € without a credit note owes nothing: paid, not cancelled.
    expect(on({ netCents: 0, grossCents: 0 })).toBe("paid");
  });

  it("is Annulée when credit notes take back the whole amount excluding VAT, a cent of rounded VAT aside", () => {
    // 0,03 € + 20 % = 0,04 €; credited by 0,01 € and 0,02 €, whose VAT rounds to 0 each: 0,03 €
    // credited with VAT, yet the whole amount excluding VAT is taken back. Nothing is left to pay.
    const tiny = { netCents: 3, grossCents: 4, creditedNetCents: 3, creditedCents: 3 };
    expect(on(tiny, "2030-01-01")).toBe("cancelled");
    expect(leftDueCents({ ...issued, ...tiny })).toBe(0);
  });

  it("gives a credit note its own two states, labelled in the masculine", () => {
    expect(on({ kind: "credit_note" }, "2030-01-01")).toBe("issued");
    expect(on({ kind: "credit_note", number: null, dueOn: null })).toBe("draft");
    expect(stateLabel("credit_note", "issued")).toBe("Émis");
    expect(stateLabel("invoice", "issued")).toBe("Émise");
    expect(stateLabel("invoice", "partly_paid")).toBe("Partiellement payée");
  });

  it("leaves due the gross amount less credit notes and payments", () => {
    expect(leftDueCents({ ...issued, ...credited(5_000), paidCents: 10_000 })).toBe(20_000);
  });
});
