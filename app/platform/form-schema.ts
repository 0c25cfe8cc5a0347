import { z } from "zod";
import { withoutControlCharacters } from "./control-characters";
import { isCalendarDay } from "./dates";
import { SLUG_PATTERN, slugify } from "./slugify";

/** Building blocks shared by the console's form schemas (client and server). */

export const REQUIRED = "Ce champ est obligatoire";

/** A required single-line text, trimmed. */
export const requiredText = (max = 200) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `${max} caractères maximum`);

/** An optional text: blank becomes null, as every optional column (a testimonial's company…) expects. */
export const optionalText = (max = 5000) =>
  z
    .string()
    .max(max, `${max} caractères maximum`)
    .optional()
    .transform((value) => {
      const trimmed = value?.trim() ?? "";
      return trimmed === "" ? null : trimmed;
    });

/** A switch posted as a hidden input ("true"/"false") or a checkbox ("on"); absent means false. */
export const formBoolean = z
  .string()
  .optional()
  .transform((value) => value === "true" || value === "on");

/** An optional address for an image or video: a path of this site or an http(s) URL. */
export const optionalUrl = optionalText(2000).refine(
  (value) => value === null || value.startsWith("/") || /^https?:\/\/[^\s]+$/i.test(value),
  "Adresse invalide : commencez par / ou https://",
);

export const optionalEmail = optionalText(254).refine(
  (value) => value === null || z.email().safeParse(value).success,
  "Adresse e-mail invalide",
);

/** A required day from a date input. */
export const calendarDay = (message: string) =>
  z.string({ error: message }).trim().refine(isCalendarDay, message);

/** An optional day from a date input: blank becomes null. */
export const optionalCalendarDay = (message: string) =>
  optionalText(10).refine((value) => value === null || isCalendarDay(value), message);

/** Comma separated, trimmed, blanks dropped. */
export function splitList(value: string | undefined, separator: RegExp = /,/): string[] {
  return (value ?? "")
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

export const commaList = z
  .string()
  .max(5000, "5000 caractères maximum")
  .optional()
  .transform((value) => splitList(value));

/** One per line, blanks dropped. */
export const lineList = z
  .string()
  .max(20000, "20000 caractères maximum")
  .optional()
  .transform((value) => splitList(value, /\r?\n/));

export const entityId = z.uuid("Identifiant invalide");

/** An id a picker posts (the médiathèque's image…): blank is none. */
export const optionalId = (message: string) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? "")
    .refine((value) => value === "" || z.uuid().safeParse(value).success, message)
    .transform((value) => (value === "" ? null : value));

/** A list's search box (?q=…), trimmed and bounded. */
export function searchQuery(params: URLSearchParams): string {
  // Control characters (a NUL from a crafted link) match nothing: they are dropped.
  return withoutControlCharacters(params.get("q") ?? "")
    .trim()
    .slice(0, 200);
}

/** The slug a form may leave blank: see `deriveSlug`. */
export const optionalSlug = z.string().trim().max(120, "120 caractères maximum").optional();

/**
 * An empty slug is derived from the title. Answers the slug, or null after reporting
 * on `slug` that nothing usable is left (a title of punctuation only, say).
 */
export function deriveSlug(
  value: { title: string; slug?: string | undefined },
  ctx: z.RefinementCtx,
): string | null {
  const slug = slugify(value.slug ? value.slug : value.title);
  if (SLUG_PATTERN.test(slug)) return slug;
  ctx.addIssue({
    code: "custom",
    path: ["slug"],
    message: "Le slug doit contenir au moins une lettre ou un chiffre",
  });
  return null;
}

/** First message per field: the same shape as the public forms', so one helper serves both. */
export { fieldErrors } from "./field-errors";

/** Escapes LIKE wildcards so that a search for "50%" means the characters, not a pattern. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What every console action answers; the page shows `toast` and, on a form, `errors`. */
export interface AdminActionResult {
  ok: boolean;
  intent: string;
  toast: { type: "success" | "error"; title: string; description?: string };
  errors?: Record<string, string>;
  /** The id of the row an upload created (the médiathèque's picker chooses it at once). */
  created?: string;
}
