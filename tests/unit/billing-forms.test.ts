// The billing forms' rules without a database (the number format's are in number-format.test.ts): a
// funding plan's and an invoice's fields as the console posts them, read exactly into integers with French messages.
import { describe, expect, it } from "vitest";
import { coverageSentence } from "~/features/billing/funding-plan";
import { FUNDING_PLAN_ERRORS, fundingPlanSchema } from "~/features/billing/funding-plan-schema";
import {
  creditNoteSchema,
  draftCreateSchema,
  draftUpdateSchema,
  INVOICE_ERRORS,
} from "~/features/billing/invoice-schema";
import { fieldErrors } from "~/platform/field-errors";
import { REQUIRED } from "~/platform/form-schema";

const ID = "0b6f2c1e-4d7a-4c1b-9a53-2f0e8d9c7b61";
const OTHER = "6a1d9e2f-3b4c-4d5e-8f60-7a8b9c0d1e2f";

describe("a funding plan as posted", () => {
  it("reads euros typed the French way into cents, with its shares in order", () => {
    const parsed = fundingPlanSchema.parse({
      learnerId: ID,
      price: "1 234,50",
      hourlyRate: "45,5",
      "shares.1.payerId": OTHER,
      "shares.1.amount": "34,50 €",
      "shares.0.payerId": ID,
      "shares.0.amount": "1200",
      "shares.0.subrogation": "on",
      "shares.2.payerId": "",
      "shares.2.amount": "",
    });
    expect(parsed).toEqual({
      learnerId: ID,
      priceCents: 123_450,
      hourlyRateCents: 4550,
      shares: [
        { payerId: ID, amountCents: 120_000, subrogation: true },
        { payerId: OTHER, amountCents: 3450, subrogation: false },
      ],
    });
  });

  it("refuses each wrong field with its French message, on the field's own name", () => {
    const result = fundingPlanSchema.safeParse({
      learnerId: "x",
      price: "0",
      hourlyRate: "douze",
      "shares.0.payerId": ID,
      "shares.0.amount": "0,00",
      "shares.3.payerId": ID,
      "shares.3.amount": "12,345",
      "shares.4.amount": "10",
    });
    expect(result.success).toBe(false);
    expect(result.error && fieldErrors(result.error)).toEqual({
      learnerId: FUNDING_PLAN_ERRORS.learner,
      price: "Le prix doit être supérieur à 0\u00a0€",
      hourlyRate: FUNDING_PLAN_ERRORS.amount,
      "shares.0.amount": "Le montant de la part doit être supérieur à 0\u00a0€",
      "shares.3.payerId":
        "Ce financeur a déjà une part dans ce plan\u00a0: un financeur n'y figure qu'une fois",
      "shares.3.amount": FUNDING_PLAN_ERRORS.amount,
      "shares.4.payerId": FUNDING_PLAN_ERRORS.payer,
    });
    expect(fieldErrors(fundingPlanSchema.safeParse({ learnerId: ID }).error!)).toEqual({ price: REQUIRED });
  });

  it("says what the shares leave missing or exceed, or nothing when they add up", () => {
    expect(coverageSentence(160_000, 200_000)).toBe(
      "Le plan couvre 1\u202f600,00\u00a0€ sur 2\u202f000,00\u00a0€\u00a0: il manque 400,00\u00a0€.",
    );
    expect(coverageSentence(200_000, 200_000)).toBeNull();
  });
});

describe("an invoice as posted", () => {
  it("reads a deposit's percentage in basis points, or its amount", () => {
    const base = { purpose: "deposit", payerId: ID, learnerId: OTHER };
    expect(draftCreateSchema.parse({ ...base, depositPercent: "33,33" })).toEqual({
      purpose: "deposit",
      payerId: ID,
      learnerId: OTHER,
      note: "",
      percentBasisPoints: 3333,
    });
    expect(draftCreateSchema.parse({ ...base, depositAmount: "450" })).toMatchObject({ amountCents: 45_000 });
    const errors = (fields: Record<string, string>) =>
      fieldErrors(draftCreateSchema.safeParse(fields).error!);
    expect(errors(base)).toEqual({ depositPercent: INVOICE_ERRORS.deposit });
    expect(errors({ ...base, depositPercent: "120" })).toEqual({ depositPercent: INVOICE_ERRORS.percent });
    expect(errors({ purpose: "final", payerId: "", learnerId: "" })).toEqual({
      payerId: INVOICE_ERRORS.payer,
      learnerId: INVOICE_ERRORS.learner,
    });
  });

  it("reads written lines exactly, a discount included, each refusal on its line's field", () => {
    const parsed = draftCreateSchema.parse({
      purpose: "custom",
      payerId: ID,
      serviceStart: "2027-01-11",
      serviceEnd: "2027-01-15",
      "lines.0.label": "Module 1",
      "lines.0.quantity": "3,5",
      "lines.0.unitCode": "HUR",
      "lines.0.unitPrice": "45,50",
      "lines.1.label": "Remise",
      "lines.1.unitPrice": "-150",
    });
    expect(parsed).toMatchObject({
      purpose: "custom",
      learnerId: null,
      lines: [
        { label: "Module 1", quantityHundredths: 350, unitCode: "HUR", unitPriceCents: 4550 },
        { label: "Remise", quantityHundredths: 100, unitCode: "C62", unitPriceCents: -15_000 },
      ],
    });
    const result = draftUpdateSchema.safeParse({
      id: ID,
      serviceEnd: "2027-02-30",
      "lines.0.label": "",
      "lines.0.quantity": "0",
      "lines.0.unitPrice": "12,345",
      "lines.1.label": "Frais",
      "lines.1.unitCode": "KGM",
      "lines.1.unitPrice": "10",
    });
    expect(fieldErrors(result.error!)).toEqual({
      serviceEnd: INVOICE_ERRORS.date,
      "lines.0.label": REQUIRED,
      "lines.0.quantity": INVOICE_ERRORS.quantity,
      "lines.0.unitPrice": INVOICE_ERRORS.unitPrice,
      "lines.1.unitCode": INVOICE_ERRORS.unitCode,
    });
    expect(draftUpdateSchema.parse({ id: ID, note: " Merci " })).toEqual({
      id: ID,
      changes: { note: "Merci" },
    });
  });

  it("reads a credit note whole or partial", () => {
    expect(creditNoteSchema.parse({ invoiceId: ID })).toEqual({ invoiceId: ID, request: { note: "" } });
    expect(creditNoteSchema.parse({ invoiceId: ID, mode: "partial", amount: "300" })).toEqual({
      invoiceId: ID,
      request: { amountCents: 30_000, note: "" },
    });
    expect(fieldErrors(creditNoteSchema.safeParse({ invoiceId: ID, mode: "partial" }).error!)).toEqual({
      amount: INVOICE_ERRORS.amount,
    });
  });
});
