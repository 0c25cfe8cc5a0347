import { z } from "zod";
import { formBoolean, REQUIRED } from "~/platform/form-schema";
import { singleLine } from "~/platform/text-fields";
import { numberFormatProblem } from "./number-format";
import { normalizeVatNumber, vatNumberProblem } from "./vat-number";

/**
 * Paramètres › Facturation's fields, checked on the server with these French messages. What the
 * law fixes is checked here: the payment term is 60 days at most (Code de commerce, L. 441-10), the
 * IBAN carries its ISO 13616 check digits, the accounts are those of the French chart of accounts
 * (706 services sold, 4457 VAT collected, 411 customers).
 */
export const BILLING_SETTINGS_ERRORS = {
  paymentTermsDays: "Le délai de paiement va de 0 à 60 jours (plafond légal).",
  latePenaltyRate: "Indiquez le taux des pénalités de retard : les factures aux entreprises le mentionnent.",
  reminderDays:
    "Indiquez les jours après l'échéance, séparés par des virgules (par exemple 7, 30) : de 1 à 365, 5 relances au plus.",
  ibanShape: "L'IBAN s'écrit avec le code du pays, 2 chiffres de clé et le numéro de compte (FR76 …).",
  ibanCheck: "Cet IBAN n'est pas valide : vérifiez les caractères (clé de contrôle).",
  bic: "Le BIC compte 8 ou 11 lettres et chiffres (par exemple BNPAFRPP ou BNPAFRPPXXX).",
  salesAccount: "Le compte de ventes commence par 706, en chiffres (10 au plus), par exemple 706000.",
  vatAccount: "Le compte de TVA collectée commence par 4457, en chiffres (10 au plus), par exemple 445710.",
  customerAccount: "Le compte clients commence par 411, en chiffres (10 au plus), par exemple 411000.",
} as const;

export const REMINDERS_MAX = 5;

/** IBAN lengths where the country is known to staff here: a French IBAN has 27 characters. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = { FR: 27, MC: 27, BE: 16, LU: 20, DE: 22, ES: 24 };

/** Spaces removed, upper case: 'fr76 3000 …' → 'FR763000…'. */
export const compactIban = (text: string) => text.replace(/[\s\u00a0\u202f-]/g, "").toUpperCase();

/**
 * ISO 13616: the country code and check digits moved to the end, each letter read as two digits
 * (A = 10 … Z = 35), the whole number modulo 97 is 1. Computed piecewise: the number has up to 70
 * digits, far past what a double holds exactly.
 */
export function ibanChecks(iban: string): boolean {
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let rest = 0;
  for (const char of moved) {
    const value = Number.parseInt(char, 36);
    rest = (value > 9 ? rest * 100 + value : rest * 10 + value) % 97;
  }
  return rest === 1;
}

function ibanProblem(iban: string): string | null {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return BILLING_SETTINGS_ERRORS.ibanShape;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length !== undefined && iban.length !== length) return BILLING_SETTINGS_ERRORS.ibanShape;
  return ibanChecks(iban) ? null : BILLING_SETTINGS_ERRORS.ibanCheck;
}

/** A field the centre may leave blank (''), else checked by `problem` once normalized. */
const blankOr = (normalize: (text: string) => string, problem: (value: string) => string | null) =>
  z
    .string()
    .max(100, "100 caractères maximum")
    .optional()
    .transform((value) => normalize(value ?? ""))
    .superRefine((value, ctx) => {
      const found = value === "" ? null : problem(value);
      if (found) ctx.addIssue({ code: "custom", message: found });
    });

const account = (prefix: string, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/\s/g, "") : v),
    z.string({ error: message }).regex(new RegExp(`^${prefix}\\d{0,${10 - prefix.length}}$`), message),
  );

/** '7, 30' or '7 30' or '30;7' → [7, 30]: sorted, each day once. */
const reminderDays = z
  .string()
  .max(100, BILLING_SETTINGS_ERRORS.reminderDays)
  .optional()
  .transform((value) => (value ?? "").split(/[\s,;]+/).filter(Boolean))
  .refine((parts) => parts.every((part) => /^\d{1,3}$/.test(part)), BILLING_SETTINGS_ERRORS.reminderDays)
  .transform((parts) => [...new Set(parts.map(Number))].sort((a, b) => a - b))
  .refine(
    (days) => days.length <= REMINDERS_MAX && days.every((day) => day >= 1 && day <= 365),
    BILLING_SETTINGS_ERRORS.reminderDays,
  );

export const billingSettingsSchema = z.object({
  numberFormat: z
    .string({ error: REQUIRED })
    .transform((value) => value.trim())
    .superRefine((format, ctx) => {
      const problem = numberFormatProblem(format);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  vatNumber: blankOr(normalizeVatNumber, vatNumberProblem),
  paymentTermsDays: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: BILLING_SETTINGS_ERRORS.paymentTermsDays })
      .int(BILLING_SETTINGS_ERRORS.paymentTermsDays)
      .min(0, BILLING_SETTINGS_ERRORS.paymentTermsDays)
      .max(60, BILLING_SETTINGS_ERRORS.paymentTermsDays),
  ),
  latePenaltyRate: z.preprocess(
    singleLine,
    z
      .string({ error: BILLING_SETTINGS_ERRORS.latePenaltyRate })
      .min(1, BILLING_SETTINGS_ERRORS.latePenaltyRate)
      .max(200, "200 caractères maximum"),
  ),
  reminderDays,
  vatOnDebits: formBoolean,
  iban: blankOr(compactIban, ibanProblem),
  bic: blankOr(
    (text) => text.replace(/\s/g, "").toUpperCase(),
    (bic) => (/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) ? null : BILLING_SETTINGS_ERRORS.bic),
  ),
  salesAccount: account("706", BILLING_SETTINGS_ERRORS.salesAccount),
  vatAccount: account("4457", BILLING_SETTINGS_ERRORS.vatAccount),
  customerAccount: account("411", BILLING_SETTINGS_ERRORS.customerAccount),
});

export type BillingSettingsInput = z.output<typeof billingSettingsSchema>;

/** The IBAN as printed: groups of 4 ('FR76 3000 6000 …'). */
export const groupedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, "$1 ");
