import { z } from "zod/mini";
import { emailAddress, multiLine, phoneNumber, preprocess, singleLine } from "~/platform/text-fields";
import type { ToastMessage } from "~/platform/toast";
import { APPOINTMENT_MODE_IDS, CALLBACK_SOURCES, CONTACT_ERRORS, LIMITS, SUBJECT_IDS } from "./content";

// The public forms check their fields in the browser with these same schemas before posting; the
// server checks again (the course's existence, the rate limit, files' content). zod/mini keeps the
// public pages' code small (the console's schemas use the full zod).

export { fieldErrors } from "~/platform/field-errors";
// The text-field rules every form shares, here for the forms of leads, applications and complaints.
export { CONTACT_ERRORS, emailAddress, multiLine, phoneNumber, preprocess, singleLine };

const emptyToUndefined = (value: unknown) => {
  const cleaned = singleLine(value);
  return cleaned === "" || cleaned === null ? undefined : cleaned;
};

function boundedText(min: number, max: number, tooShort: string, tooLong: string) {
  return preprocess(
    singleLine,
    z.string({ error: tooShort }).check(z.minLength(min, tooShort), z.maxLength(max, tooLong)),
  );
}

const firstName = boundedText(2, LIMITS.name, CONTACT_ERRORS.firstName, CONTACT_ERRORS.firstNameTooLong);
const lastName = boundedText(2, LIMITS.name, CONTACT_ERRORS.lastName, CONTACT_ERRORS.lastNameTooLong);

// A course is named by its slug (the forms' choices), an alias or its title; whether it is an
// active formation is the server's check against the database (an unknown one gets
// CONTACT_ERRORS.formation).
const formation = preprocess(
  emptyToUndefined,
  z.optional(z.string().check(z.maxLength(LIMITS.formation, CONTACT_ERRORS.formationTooLong))),
);

const checkbox = preprocess((v) => v === "on" || v === "true" || v === "1" || v === true, z.boolean());

export const contactSchema = z.object({
  firstName,
  lastName,
  email: preprocess(singleLine, emailAddress),
  phone: phoneNumber,
  subject: preprocess(singleLine, z.enum(SUBJECT_IDS, { error: CONTACT_ERRORS.subject })),
  formation,
  message: preprocess(
    multiLine,
    z
      .string({ error: CONTACT_ERRORS.message })
      .check(
        z.minLength(10, CONTACT_ERRORS.message),
        z.maxLength(LIMITS.message, CONTACT_ERRORS.messageTooLong),
      ),
  ),
  acceptMarketing: checkbox,
  /** Téléphone, visio or sur place: only meaningful with the subject « rdv » (ignored otherwise). */
  appointmentMode: preprocess(
    emptyToUndefined,
    z.optional(z.enum(APPOINTMENT_MODE_IDS, { error: CONTACT_ERRORS.appointmentMode })),
  ),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** A callback request (the « Être rappelé·e » dialog): e-mail and course are optional. */
export const callbackSchema = z.object({
  firstName,
  lastName,
  phone: phoneNumber,
  email: preprocess(emptyToUndefined, z.optional(emailAddress)),
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

/** Text entries of an object; anything else in it is dropped. */
const texts = z.pipe(
  z.record(z.string(), z.unknown()),
  z.transform((record) =>
    Object.fromEntries(
      Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    ),
  ),
);

/** A part that does not fit is dropped rather than failing the whole answer. */
const dropped = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/**
 * A form's JSON answer (POST /api/rappel) as the dialog reads it: what does not fit (a proxy's error
 * page, a truncated answer) fails, and the caller shows its generic failure; a stray part is dropped.
 */
export const formResultSchema = z.object({
  ok: z.boolean(),
  errors: dropped(texts),
  values: dropped(texts),
  toast: dropped(
    z.object({
      type: z.enum(["success", "error"]),
      title: z.string(),
      description: dropped(z.string()),
    }),
  ),
  message: dropped(z.string()),
});

export function readFormResult(value: unknown): FormResult | null {
  const parsed = formResultSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
