import { z } from "zod/mini";
import { contactSchema, multiLine, preprocess } from "~/features/leads";
import { APPLICATION_ERRORS, APPLICATION_LIMITS, FINANCING_VALUES, SITUATION_VALUES } from "./content";

// Name, e-mail and phone follow the contact form's rules and messages: one definition for both.
const identity = z.pick(contactSchema, { firstName: true, lastName: true, email: true, phone: true });

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);

/** The text part of an application; the files are checked from their content, on the server. */
export const applicationSchema = z.extend(identity, {
  session: preprocess(trimmed, z.uuid({ error: APPLICATION_ERRORS.session })),
  situation: preprocess(trimmed, z.enum(SITUATION_VALUES, { error: APPLICATION_ERRORS.situation })),
  financing: preprocess(trimmed, z.enum(FINANCING_VALUES, { error: APPLICATION_ERRORS.financing })),
  lastDiploma: preprocess(
    multiLine,
    z
      .string({ error: APPLICATION_ERRORS.diploma })
      .check(
        z.minLength(2, APPLICATION_ERRORS.diploma),
        z.maxLength(APPLICATION_LIMITS.diploma, APPLICATION_ERRORS.diplomaTooLong),
      ),
  ),
  motivation: preprocess(
    multiLine,
    z
      .string({ error: APPLICATION_ERRORS.motivation })
      .check(
        z.minLength(10, APPLICATION_ERRORS.motivation),
        z.maxLength(APPLICATION_LIMITS.motivation, APPLICATION_ERRORS.motivationTooLong),
      ),
  ),
  accommodation: preprocess(
    (v) => (multiLine(v) === "" ? undefined : multiLine(v)),
    z.optional(
      z
        .string()
        .check(z.maxLength(APPLICATION_LIMITS.accommodation, APPLICATION_ERRORS.accommodationTooLong)),
    ),
  ),
  consent: preprocess(
    (v) => v === "on" || v === "true" || v === true,
    z.literal(true, { error: APPLICATION_ERRORS.consent }),
  ),
});

export type ApplicationInput = z.infer<typeof applicationSchema>;
