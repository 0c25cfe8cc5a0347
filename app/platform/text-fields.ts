// The text fields every form shares (the public forms, Paramètres): their bounds and French
// messages, control characters folded or dropped, an e-mail address, a phone number that can be
// dialled. zod/mini keeps the public pages' code small; the console's schemas (full zod) use them
// too. The contact page's own texts (features/leads/content.ts) repeat the four messages rather than
// import them, so that the page shows them without loading zod; vite.chunks.ts puts this module and
// zod/mini in one file, which the public forms load when they check a field.
import { z } from "zod/mini";

/** Upper bounds of an e-mail address and a phone number. */
export const FIELD_LIMITS = { email: 254, phone: 30 } as const;

/** What a visitor is told, in French, when one of these fields is refused. */
export const FIELD_ERRORS = {
  email: "Veuillez entrer une adresse e-mail valide",
  phone: "Veuillez entrer un numéro de téléphone valide",
  emailTooLong: "L'adresse e-mail ne peut pas dépasser 254 caractères",
  phoneTooLong: "Le numéro de téléphone ne peut pas dépasser 30 caractères",
} as const;

// Control characters are never meant in a form field, and PostgreSQL refuses NUL in text: single-line
// fields get every run of them (and of whitespace) folded into one space, so a pasted tab or line
// break in a name cannot reach an e-mail header.
export function singleLine(value: unknown): unknown {
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

/** Cleans the raw value before the schema reads it (zod's preprocess, in zod/mini's terms). */
export function preprocess<T extends z.ZodMiniType>(clean: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(clean), schema);
}

export const emailAddress = z.pipe(
  z.string({ error: FIELD_ERRORS.email }).check(z.maxLength(FIELD_LIMITS.email, FIELD_ERRORS.emailTooLong)),
  z.email(FIELD_ERRORS.email),
);

// At least 10 characters; we also refuse what cannot be dialled (letters, too few digits).
export const phoneNumber = preprocess(
  singleLine,
  z.string({ error: FIELD_ERRORS.phone }).check(
    z.minLength(10, FIELD_ERRORS.phone),
    z.maxLength(FIELD_LIMITS.phone, FIELD_ERRORS.phoneTooLong),
    z.regex(/^\+?[0-9 ().-]+$/, FIELD_ERRORS.phone),
    z.refine<string>((v) => v.replace(/\D/g, "").length >= 8, FIELD_ERRORS.phone),
  ),
);
