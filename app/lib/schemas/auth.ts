import { z } from "zod";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/lib/auth-rules";
import { hasControlCharacters } from "~/lib/control-characters";

export { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN };

// Required fields and a 6-character password, with generic messages only. The same rules guard
// every way into the users table: the /auth form and better-auth's own endpoints (see
// app/server/auth.server.ts).
const REQUIRED = "Ce champ est obligatoire";

const NO_CONTROL = "Ce champ contient des caractères non autorisés";

const email = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(EMAIL_MAX, `L'adresse e-mail ne peut pas dépasser ${EMAIL_MAX} caractères`)
  .email("Adresse e-mail invalide");

const personName = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(NAME_MAX, `Ce champ ne peut pas dépasser ${NAME_MAX} caractères`)
  .refine((value) => !hasControlCharacters(value), NO_CONTROL);

const newPassword = z
  .string({ error: REQUIRED })
  .min(PASSWORD_MIN, `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères`)
  .max(PASSWORD_MAX, `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX} caractères`);

export const signInSchema = z.object({
  email,
  password: z
    .string({ error: REQUIRED })
    .min(1, REQUIRED)
    .max(PASSWORD_MAX, `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX} caractères`),
});

export const signUpSchema = z.object({
  firstName: personName,
  lastName: personName,
  email,
  password: newPassword,
});

export const emailOnlySchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: "Lien invalide ou expiré" })
    .min(1, "Lien invalide ou expiré")
    .max(200, "Lien invalide ou expiré")
    .refine((value) => !hasControlCharacters(value), "Lien invalide ou expiré"),
  password: newPassword,
});

/**
 * The user fields as better-auth stores them: first and last name as on the form, `name` their
 * concatenation (or any name within the same bounds, on an update).
 */
export const accountFieldsSchema = z.object({
  firstName: personName,
  lastName: personName,
  email,
  name: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(2 * NAME_MAX + 1, `Le nom ne peut pas dépasser ${2 * NAME_MAX + 1} caractères`)
    .refine((value) => !hasControlCharacters(value), NO_CONTROL),
});

/** First message per field, the shape forms display next to their inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
