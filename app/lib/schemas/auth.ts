import { z } from "zod";

// SPEC.md §5: required fields and a 6-character password, with generic messages only.
const REQUIRED = "Ce champ est obligatoire";
const email = z.string().trim().min(1, REQUIRED).max(254).email("Adresse e-mail invalide");

export const PASSWORD_MIN = 6;

export const signInSchema = z.object({
  email,
  password: z.string().min(1, REQUIRED).max(128),
});

export const signUpSchema = z.object({
  firstName: z.string().trim().min(1, REQUIRED).max(100),
  lastName: z.string().trim().min(1, REQUIRED).max(100),
  email,
  password: z
    .string()
    .min(PASSWORD_MIN, `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères`)
    .max(128, "Le mot de passe ne peut pas dépasser 128 caractères"),
});

export const emailOnlySchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string().min(1, "Lien invalide ou expiré"),
  password: signUpSchema.shape.password,
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
