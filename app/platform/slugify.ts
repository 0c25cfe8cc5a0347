/**
 * The slug rule: lower-cased, whitespace runs replaced by hyphens, characters other than
 * word characters and hyphens removed. Accents are stripped first (é → e) rather than dropped, so
 * that "Développeur" gives "developpeur", and underscores (word characters for the regex, but not
 * allowed by the database check `^[a-z0-9][a-z0-9-]*$`) become hyphens. Leading hyphens go too.
 */
export function slugify(input: string): string {
  return input
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/_/g, "-")
    .replace(/[^\w-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** What the database accepts as a slug. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
