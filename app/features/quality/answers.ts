/**
 * The centre's answers on the Qualiopi board that its records cannot tell: whether it prepares for
 * certifications (or 'deduced from the catalogue'), whether its training alternates with work
 * periods, whether it subcontracts; and the two thresholds the board reads. Checked on the server with
 * these French messages; browser-safe.
 */
import { z } from "zod";

export const CERTIFYING_CHOICES = {
  derive: "Déduit du catalogue (une formation avec un code RNCP ou RS)",
  yes: "Oui",
  no: "Non",
} as const;

export const ANSWER_ERRORS = {
  certifying: "Choisissez une réponse",
  threshold: "Indiquez un pourcentage entier de 1 à 100",
  delay: "Indiquez un nombre entier de jours, de 1 à 365",
} as const;

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

export const answersSchema = z.object({
  certifying: z
    .enum(Object.keys(CERTIFYING_CHOICES) as [keyof typeof CERTIFYING_CHOICES], {
      error: ANSWER_ERRORS.certifying,
    })
    .transform((v) => (v === "derive" ? null : v === "yes")),
  alternance: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
  subcontracting: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
  satisfactionThreshold: wholeNumber(1, 100, ANSWER_ERRORS.threshold),
  complaintDelayDays: wholeNumber(1, 365, ANSWER_ERRORS.delay),
});

export type AnswersInput = z.output<typeof answersSchema>;
