import { z } from "zod";
import { formBoolean, optionalId, optionalText, optionalUrl, requiredText } from "~/platform/form-schema";

/** Name and content required; empty optional fields and 'general' become null. */
export const testimonialSchema = z.object({
  name: requiredText(200),
  content: requiredText(5000),
  company: optionalText(200),
  position: optionalText(200),
  imageId: optionalId("Choisissez la photo à nouveau dans la médiathèque"),
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
