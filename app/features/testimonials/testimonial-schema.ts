import { z } from "zod";
import { textFieldChecks } from "~/platform/entity-checks";
import { formBoolean, optionalId, optionalUrl } from "~/platform/form-schema";
import { TESTIMONIAL_FIELDS } from "./testimonial-entity";

/** Name and content required; empty optional fields and 'general' become null. */
export const testimonialSchema = z.object({
  ...textFieldChecks(TESTIMONIAL_FIELDS),
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
