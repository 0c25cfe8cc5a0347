import { z } from "zod";
import {
  APPOINTMENT_MODE_IDS,
  CALLBACK_SOURCES,
  CONTACT_ERRORS,
  LIMITS,
  SUBJECT_IDS,
} from "~/content/contact";
import type { ToastMessage } from "~/lib/toast";

// Client components import only types from here: zod stays out of the public pages' bundles.

export { fieldErrors } from "./auth";

export { CONTACT_ERRORS };

// Control characters are never meant in a form field, and PostgreSQL refuses NUL in text: single-line
// fields get every run of them (and of whitespace) folded into one space, so a pasted tab or line
// break in a name cannot reach an e-mail header.
function singleLine(value: unknown): unknown {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  return typeof value === "string" ? value.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim() : value;
}

// The message keeps its line breaks (normalised to \n) and tabs; other control characters go.
export function multiLine(value: unknown): unknown {
  if (typeof value !== "string") return value;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  const controls = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
  return value.replace(/\r\n?/g, "\n").replace(controls, "").trim();
}

const emptyToUndefined = (value: unknown) => {
  const cleaned = singleLine(value);
  return cleaned === "" || cleaned === null ? undefined : cleaned;
};

function boundedText(min: number, max: number, tooShort: string, tooLong: string) {
  return z.preprocess(singleLine, z.string({ error: tooShort }).min(min, tooShort).max(max, tooLong));
}

const firstName = boundedText(2, LIMITS.name, CONTACT_ERRORS.firstName, CONTACT_ERRORS.firstNameTooLong);
const lastName = boundedText(2, LIMITS.name, CONTACT_ERRORS.lastName, CONTACT_ERRORS.lastNameTooLong);

const emailAddress = z
  .string({ error: CONTACT_ERRORS.email })
  .max(LIMITS.email, CONTACT_ERRORS.emailTooLong)
  .pipe(z.email(CONTACT_ERRORS.email));

// At least 10 characters; we also refuse what cannot be dialled (letters, too few digits).
const phone = z.preprocess(
  singleLine,
  z
    .string({ error: CONTACT_ERRORS.phone })
    .min(10, CONTACT_ERRORS.phone)
    .max(LIMITS.phone, CONTACT_ERRORS.phoneTooLong)
    .regex(/^\+?[0-9 ().-]+$/, CONTACT_ERRORS.phone)
    .refine((v) => v.replace(/\D/g, "").length >= 8, CONTACT_ERRORS.phone),
);

// A course is named by its slug (the forms' choices), an alias or its title; whether it is an
// active formation is the server's check against the database (an unknown one gets
// CONTACT_ERRORS.formation).
const formation = z.preprocess(
  emptyToUndefined,
  z.string().max(LIMITS.formation, CONTACT_ERRORS.formationTooLong).optional(),
);

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === "1" || v === true, z.boolean());

export const contactSchema = z.object({
  firstName,
  lastName,
  email: z.preprocess(singleLine, emailAddress),
  phone,
  subject: z.preprocess(singleLine, z.enum(SUBJECT_IDS, { error: CONTACT_ERRORS.subject })),
  formation,
  message: z.preprocess(
    multiLine,
    z
      .string({ error: CONTACT_ERRORS.message })
      .min(10, CONTACT_ERRORS.message)
      .max(LIMITS.message, CONTACT_ERRORS.messageTooLong),
  ),
  acceptMarketing: checkbox,
  /** Téléphone, visio or sur place: only meaningful with the subject « rdv » (ignored otherwise). */
  appointmentMode: z.preprocess(
    emptyToUndefined,
    z.enum(APPOINTMENT_MODE_IDS, { error: CONTACT_ERRORS.appointmentMode }).optional(),
  ),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** A callback request (the « Être rappelé·e » dialog): e-mail and course are optional. */
export const callbackSchema = z.object({
  firstName,
  lastName,
  phone,
  email: z.preprocess(emptyToUndefined, emailAddress.optional()),
  formation,
  source: z.enum(CALLBACK_SOURCES, { error: CONTACT_ERRORS.source }),
});

export type CallbackInput = z.infer<typeof callbackSchema>;

/** What the contact action and POST /api/rappel answer (JSON for scripts, action data for the page). */
export interface FormResult {
  ok: boolean;
  /** First message per field, shown next to the field. */
  errors?: Record<string, string>;
  /** What the visitor typed, to refill the form when JavaScript is off. */
  values?: Record<string, string>;
  toast?: ToastMessage;
  /** A plain-text summary for scripted callers (the toast's description). */
  message?: string;
}
