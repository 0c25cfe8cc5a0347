import { z } from "zod";
import { formBoolean, optionalText, optionalUrl, requiredText } from "./admin-common";

export const RATINGS = [1, 2, 3, 4, 5] as const;

/** 'N étoile(s)': '1 étoile', '5 étoiles'. */
export function starsLabel(n: number): string {
  return `${n} étoile${n > 1 ? "s" : ""}`;
}

/** SPEC.md §5: name and content required; empty optional fields and 'general' become null. */
export const testimonialSchema = z.object({
  name: requiredText(200),
  content: requiredText(5000),
  company: optionalText(200),
  position: optionalText(200),
  avatarUrl: optionalUrl,
  videoUrl: optionalUrl,
  formationId: z
    .union([z.uuid("Formation invalide"), z.literal(""), z.literal("general")])
    .optional()
    .transform((value) => (value && value !== "general" ? value : null)),
  rating: z.coerce
    .number({ error: "Note invalide" })
    .int("Note invalide")
    .min(1, "La note va de 1 à 5")
    .max(5, "La note va de 1 à 5"),
  active: formBoolean,
});

export type TestimonialInput = z.output<typeof testimonialSchema>;
