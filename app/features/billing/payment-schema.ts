/**
 * The fields of 'Enregistrer un règlement', checked the same way in the browser and on the server:
 * the amount is typed in euros ('1 234,50') and read exactly into cents. What needs the database
 * (the invoice's state, what is left to pay, its issue date, today) is checked by `recordPayment`.
 */
import { z } from "zod";
import { calendarDay, entityId } from "~/platform/form-schema";
import { parseEurosToCents } from "~/platform/money";
import { PAYMENT_MEANS } from "./vocabulary";

export const PAYMENT_REFERENCE_MAX = 100;

export const PAYMENT_MESSAGES = {
  amountMissing: "Saisissez le montant reçu",
  amountInvalid: "Montant invalide\u00a0: saisissez un montant en euros, par exemple 350,00",
  amountNotPositive: "Le montant doit être supérieur à zéro",
  date: "Date du règlement invalide",
  means: "Choisissez le moyen de règlement",
} as const;

/** '350,00' → 35 000 cents; a French message for a blank, a sign, a zero or anything that is not an amount. */
const amountInCents = z
  .string({ error: PAYMENT_MESSAGES.amountMissing })
  .trim()
  .min(1, PAYMENT_MESSAGES.amountMissing)
  .transform((typed, ctx) => {
    // A sign is refused by parseEurosToCents as 'not an amount'; say what is wrong instead.
    if (/^-/.test(typed)) {
      ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.amountNotPositive });
      return z.NEVER;
    }
    const cents = parseEurosToCents(typed);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.amountInvalid });
      return z.NEVER;
    }
    if (cents <= 0) {
      ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.amountNotPositive });
      return z.NEVER;
    }
    return cents;
  });

export const paymentSchema = z.object({
  invoiceId: entityId,
  receivedOn: calendarDay(PAYMENT_MESSAGES.date),
  amount: amountInCents,
  means: z.enum(PAYMENT_MEANS, { error: PAYMENT_MESSAGES.means }),
  /** The transfer's or the cheque's reference; blank is none. */
  reference: z
    .string()
    .max(PAYMENT_REFERENCE_MAX, `${PAYMENT_REFERENCE_MAX} caractères maximum`)
    .optional()
    .transform((value) => value?.trim() ?? ""),
});

/** What `recordPayment` receives: the checked fields, the amount in cents. */
export type PaymentInput = z.output<typeof paymentSchema>;
