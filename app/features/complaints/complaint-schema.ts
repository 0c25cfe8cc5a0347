import { z } from "zod/mini";
import { contactSchema, multiLine, preprocess, singleLine } from "~/features/leads";
import { AUTHOR_TYPE_IDS, COMPLAINT_CATEGORY_IDS, COMPLAINT_ERRORS, COMPLAINT_LIMITS } from "./content";

// The public form 'Faire une réclamation': the browser checks each field with this schema before
// posting, the server checks again (and that a chosen session exists). zod/mini, as the contact form:
// the public page's code stays small. Name, e-mail and phone follow the contact form's rules.

const blankToUndefined = (value: unknown) => {
  const cleaned = singleLine(value);
  return cleaned === "" || cleaned === null ? undefined : cleaned;
};

const optionalLine = (max: number, tooLong: string) =>
  preprocess(blankToUndefined, z.optional(z.string().check(z.maxLength(max, tooLong))));

export const complaintSchema = z.object({
  firstName: contactSchema.shape.firstName,
  lastName: contactSchema.shape.lastName,
  email: contactSchema.shape.email,
  /** Optional: the acknowledgement and the reply go by e-mail. */
  phone: preprocess(blankToUndefined, z.optional(contactSchema.shape.phone)),
  authorType: preprocess(singleLine, z.enum(AUTHOR_TYPE_IDS, { error: COMPLAINT_ERRORS.authorType })),
  organisation: optionalLine(COMPLAINT_LIMITS.organisation, COMPLAINT_ERRORS.organisationTooLong),
  category: preprocess(singleLine, z.enum(COMPLAINT_CATEGORY_IDS, { error: COMPLAINT_ERRORS.category })),
  /** A session's id from the list, OTHER_SESSION, or nothing; whether it exists is the server's check. */
  session: optionalLine(64, COMPLAINT_ERRORS.session),
  /** The session in the author's words, when it is not in the list. */
  sessionText: optionalLine(COMPLAINT_LIMITS.session, COMPLAINT_ERRORS.sessionTooLong),
  description: preprocess(
    multiLine,
    z
      .string({ error: COMPLAINT_ERRORS.description })
      .check(
        z.minLength(20, COMPLAINT_ERRORS.description),
        z.maxLength(COMPLAINT_LIMITS.description, COMPLAINT_ERRORS.descriptionTooLong),
      ),
  ),
});

export type ComplaintInput = z.infer<typeof complaintSchema>;
