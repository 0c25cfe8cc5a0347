import type { FieldSpec } from "~/ui/field";
import { COMPLAINT_CATEGORIES, COMPLAINT_LIMITS } from "../content";

// The fields every complaint form asks, the public one and the learner's space's: the category and
// the complaint itself, with the same words and limits as the server's checks.

export const COMPLAINT_CATEGORY_FIELD = {
  as: "select" as const,
  name: "category",
  label: "Catégorie",
  required: true,
  options: [
    { value: "", label: "Choisissez une catégorie" },
    ...COMPLAINT_CATEGORIES.map((c) => ({ value: c.id, label: c.label })),
  ],
} satisfies FieldSpec;

export const COMPLAINT_DESCRIPTION_FIELD = {
  as: "textarea" as const,
  name: "description",
  label: "Votre réclamation",
  required: true,
  rows: 7,
  maxLength: COMPLAINT_LIMITS.description,
  placeholder: "Que s'est-il passé ? Quand ? Qu'attendez-vous de nous ?",
} satisfies FieldSpec;
