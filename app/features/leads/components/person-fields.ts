import { LIMITS } from "~/features/leads/content";
import type { FieldSpec } from "~/ui/field";

/**
 * Who is asking, as the contact form, the callback dialog and the application form ask it: the same
 * names, limits and autocomplete hints (a form adds its placeholders or its own label).
 */
export const PERSON_FIELDS = {
  firstName: {
    name: "firstName",
    label: "Prénom",
    required: true,
    autoComplete: "given-name",
    maxLength: LIMITS.name,
  },
  lastName: {
    name: "lastName",
    label: "Nom",
    required: true,
    autoComplete: "family-name",
    maxLength: LIMITS.name,
  },
  email: {
    name: "email",
    label: "E-mail",
    required: true,
    type: "email",
    autoComplete: "email",
    maxLength: LIMITS.email,
  },
  phone: {
    name: "phone",
    label: "Téléphone",
    required: true,
    type: "tel",
    autoComplete: "tel",
    maxLength: LIMITS.phone,
  },
} as const satisfies Record<string, FieldSpec>;
