import { z } from "zod";
import {
  APPLICATION_ERRORS,
  APPLICATION_LIMITS,
  FINANCING_VALUES,
  SITUATION_VALUES,
} from "~/content/application";
import { contactSchema, multiLine } from "./contact";

// Name, e-mail and phone follow the contact form's rules and messages: one definition for both.
const identity = contactSchema.pick({ firstName: true, lastName: true, email: true, phone: true });

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);

/** The text part of an application; the files are checked from their content, on the server. */
export const applicationSchema = identity.extend({
  session: z.preprocess(trimmed, z.uuid({ error: APPLICATION_ERRORS.session })),
  situation: z.preprocess(trimmed, z.enum(SITUATION_VALUES, { error: APPLICATION_ERRORS.situation })),
  financing: z.preprocess(trimmed, z.enum(FINANCING_VALUES, { error: APPLICATION_ERRORS.financing })),
  lastDiploma: z.preprocess(
    multiLine,
    z
      .string({ error: APPLICATION_ERRORS.diploma })
      .min(2, APPLICATION_ERRORS.diploma)
      .max(APPLICATION_LIMITS.diploma, APPLICATION_ERRORS.diplomaTooLong),
  ),
  motivation: z.preprocess(
    multiLine,
    z
      .string({ error: APPLICATION_ERRORS.motivation })
      .min(10, APPLICATION_ERRORS.motivation)
      .max(APPLICATION_LIMITS.motivation, APPLICATION_ERRORS.motivationTooLong),
  ),
  accommodation: z.preprocess(
    (v) => (multiLine(v) === "" ? undefined : multiLine(v)),
    z.string().max(APPLICATION_LIMITS.accommodation, APPLICATION_ERRORS.accommodationTooLong).optional(),
  ),
  consent: z.preprocess(
    (v) => v === "on" || v === "true" || v === true,
    z.literal(true, { error: APPLICATION_ERRORS.consent }),
  ),
});

export type ApplicationInput = z.infer<typeof applicationSchema>;
