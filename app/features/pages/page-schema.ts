import { z } from "zod";
import { REQUIRED } from "~/platform/form-schema";
import {
  isDocumentAddress,
  type PageContent,
  type PageDefinition,
  type PageField,
  pageItems,
} from "./definitions";
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
  if (field.kind === "line" && field.address) {
    schema = schema.refine(
      (value) => value === "" || isDocumentAddress(value),
      "Adresse invalide : commencez par https:// ou par / (un chemin de ce site)",
    );
  }
  if (field.kind === "items") return schema.superRefine((value, ctx) => checkItems(field, value, ctx));
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

const MAX_ITEMS = 20;
const MAX_ITEM_TITLE = 200;

/** A list of blocks: at most 20, each title on one short line and used once, each address (if asked) a link. */
function checkItems(field: PageField, value: string, ctx: z.RefinementCtx) {
  const blocks = pageItems(value);
  if (blocks.length > MAX_ITEMS) {
    ctx.addIssue({ code: "custom", message: `${MAX_ITEMS} paragraphes au plus (${blocks.length} saisis)` });
  }
  // Each item is named by its first line (a question, a title): two with the same would read as one.
  const seen = new Set<string>();
  for (const [i, block] of blocks.entries()) {
    const name = block.title.toLocaleLowerCase("fr");
    if (seen.has(name)) {
      ctx.addIssue({
        code: "custom",
        message: `Paragraphe ${i + 1}\u202f: «\u202f${block.title.slice(0, 60)}\u202f» est déjà le titre d'un paragraphe précédent`,
      });
    }
    seen.add(name);
    if (block.title.length > MAX_ITEM_TITLE) {
      ctx.addIssue({
        code: "custom",
        message: `Paragraphe ${i + 1}\u202f: première ligne de ${MAX_ITEM_TITLE} caractères au plus`,
      });
    }
    if (field.address && !isDocumentAddress(block.lines[0] ?? "")) {
      ctx.addIssue({
        code: "custom",
        message: `Paragraphe ${i + 1} («\u202f${block.title.slice(0, 60)}\u202f»)\u202f: la deuxième ligne doit être l'adresse du document (https://… ou /…)`,
      });
    }
  }
}

/** The posted form of a page: every field of the page, nothing else. */
export function pageSchema(page: PageDefinition): z.ZodType<PageContent> {
  return z.object(
    Object.fromEntries(
      page.fields.map((field) => [field.name, fieldSchema(field, page.placeholders ?? false)]),
    ),
  ) as unknown as z.ZodType<PageContent>;
}
