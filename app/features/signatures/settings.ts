// Paramètres › Signatures: the field and its French message, for the card and the server. Browser-safe.
import { z } from "zod";

export const SIGNATURE_SETTINGS_ERRORS = {
  reminderDays: "Indiquez un nombre de jours entre 1 et 60.",
} as const;

/** After how many days a signer who has not signed receives the one reminder. */
export const signatureSettingsSchema = z.object({
  reminderDays: z.coerce
    .number({ error: SIGNATURE_SETTINGS_ERRORS.reminderDays })
    .int(SIGNATURE_SETTINGS_ERRORS.reminderDays)
    .min(1, SIGNATURE_SETTINGS_ERRORS.reminderDays)
    .max(60, SIGNATURE_SETTINGS_ERRORS.reminderDays),
});

export type SignatureSettingsInput = z.infer<typeof signatureSettingsSchema>;
