import { z } from "zod";
import { REQUIRED } from "~/platform/form-schema";
import type { PageContent, PageDefinition, PageField } from "./definitions";
import { PLACEHOLDERS, unknownPlaceholders } from "./placeholders";

const KNOWN = Object.keys(PLACEHOLDERS)
  .map((name) => `{{${name}}}`)
  .join(", ");

/** One field as the form posts it: line breaks made \n, trimmed, within its length; checked by kind. */
function fieldSchema(field: PageField, placeholders: boolean) {
  let schema = z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(field.max, `${field.max} caractères maximum`));
  if (field.required) schema = schema.refine((value) => value !== "", REQUIRED);
  if (field.kind === "line") {
    schema = schema.refine(
      (value) => !value.includes("\n"),
      "Une seule ligne : retirez les retours à la ligne",
    );
  }
  if (field.kind === "markdown" && placeholders) {
    return schema.superRefine((value, ctx) => {
      const unknown = unknownPlaceholders(value);
      if (unknown.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `Champ inconnu : ${unknown.map((name) => `{{${name}}}`).join(", ")}. Champs disponibles : ${KNOWN}`,
        });
      }
    });
  }
  return schema;
}

/** The posted form of a page: every field of the page, nothing else. */
export function pageSchema(page: PageDefinition): z.ZodType<PageContent> {
  return z.object(
    Object.fromEntries(
      page.fields.map((field) => [field.name, fieldSchema(field, page.placeholders ?? false)]),
    ),
  ) as unknown as z.ZodType<PageContent>;
}
