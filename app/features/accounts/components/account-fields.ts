import type { FieldSpec } from "~/ui/field";

// The account forms (sign-in, sign-up, forgotten and new password) keep the browser's own `required`
// for visitors without JavaScript; with it, the form's check of the same schema speaks first.

export const EMAIL_FIELD = {
  name: "email",
  label: "E-mail",
  type: "email",
  autoComplete: "email",
  nativeRequired: true,
} as const satisfies FieldSpec;

export const PASSWORD_FIELD = {
  name: "password",
  label: "Mot de passe",
  type: "password",
  nativeRequired: true,
} as const satisfies FieldSpec;
