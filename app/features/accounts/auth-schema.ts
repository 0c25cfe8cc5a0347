import { z } from "zod/mini";
import { hasControlCharacters } from "~/platform/control-characters";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./rules";

export { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN };

// zod/mini, like the other public forms' schemas: the browser checks the fields with them too, and
// the mini build keeps that code small. Required fields and a 6-character password, with generic
// messages only. The same rules guard
// every way into the users table: the /auth form and better-auth's own endpoints (see
// app/features/accounts/auth.server.ts).
const REQUIRED = "Ce champ est obligatoire";

const NO_CONTROL = "Ce champ contient des caractères non autorisés";

const email = z.pipe(
  z
    .string({ error: REQUIRED })
    .check(
      z.trim(),
      z.minLength(1, REQUIRED),
      z.maxLength(EMAIL_MAX, `L'adresse e-mail ne peut pas dépasser ${EMAIL_MAX} caractères`),
    ),
  z.email("Adresse e-mail invalide"),
);

const noControl = z.refine<string>((value) => !hasControlCharacters(value), NO_CONTROL);

const personName = z
  .string({ error: REQUIRED })
  .check(
    z.trim(),
    z.minLength(1, REQUIRED),
    z.maxLength(NAME_MAX, `Ce champ ne peut pas dépasser ${NAME_MAX} caractères`),
    noControl,
  );

const newPassword = z
  .string({ error: REQUIRED })
  .check(
    z.minLength(PASSWORD_MIN, `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères`),
    z.maxLength(PASSWORD_MAX, `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX} caractères`),
  );

export const signInSchema = z.object({
  email,
  password: z
    .string({ error: REQUIRED })
    .check(
      z.minLength(1, REQUIRED),
      z.maxLength(PASSWORD_MAX, `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX} caractères`),
    ),
});

export const signUpSchema = z.object({
  firstName: personName,
  lastName: personName,
  email,
  password: newPassword,
});

export const emailOnlySchema = z.object({ email });

const INVALID_LINK = "Lien invalide ou expiré";

export const resetPasswordSchema = z.object({
  token: z.string({ error: INVALID_LINK }).check(
    z.minLength(1, INVALID_LINK),
    z.maxLength(200, INVALID_LINK),
    z.refine<string>((value) => !hasControlCharacters(value), INVALID_LINK),
  ),
  password: newPassword,
});

/** A password of one's own, set for the first time or changed (the personal space's form). */
export const ownPasswordSchema = z.object({
  currentPassword: z.optional(
    z
      .string()
      .check(z.maxLength(PASSWORD_MAX, `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX} caractères`)),
  ),
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
    .check(
      z.trim(),
      z.minLength(1, REQUIRED),
      z.maxLength(2 * NAME_MAX + 1, `Le nom ne peut pas dépasser ${2 * NAME_MAX + 1} caractères`),
      noControl,
    ),
});
