import { z } from "zod";
import { formBoolean, optionalText } from "~/platform/form-schema";

export const ALT_REQUIRED = "Décrivez l'image (texte alternatif) ou cochez « Image décorative »";

/** A focal point coordinate in percent: blank is none, else a whole number from 0 to 100. */
const focal = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? "")
  .refine((value) => value === "" || /^\d{1,3}$/.test(value), "Un nombre entier de 0 à 100")
  .transform((value) => (value === "" ? null : Number(value)))
  .refine((value) => value === null || value <= 100, "Un nombre entier de 0 à 100");

/**
 * What staff say about an image: its alternative text (required unless the image is decorative,
 * which screen readers then skip), an optional credit and focal point (kept in view when a frame
 * crops the picture; both coordinates or neither).
 */
export const mediaDetailsSchema = z
  .object({
    alt: z
      .string()
      .max(250, "250 caractères maximum")
      .optional()
      .transform((value) => value?.trim() ?? ""),
    decorative: formBoolean,
    credit: optionalText(200),
    focalX: focal,
    focalY: focal,
  })
  .superRefine((value, ctx) => {
    if (!value.decorative && value.alt === "")
      ctx.addIssue({ code: "custom", path: ["alt"], message: ALT_REQUIRED });
    if ((value.focalX === null) !== (value.focalY === null)) {
      const path = value.focalX === null ? "focalX" : "focalY";
      ctx.addIssue({
        code: "custom",
        path: [path],
        message: "Indiquez les deux coordonnées du point focal, ou aucune",
      });
    }
  });

export type MediaDetails = z.infer<typeof mediaDetailsSchema>;
