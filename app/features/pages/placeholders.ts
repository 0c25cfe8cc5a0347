/**
 * The {{placeholders}} a legal page's Markdown may use: identifiers and figures come from Paramètres
 * and from the server's configuration, never typed into the page, so a change there shows on every
 * page that names them. Filled after the Markdown is rendered, each value HTML-escaped: a value can
 * neither add markup nor be read as Markdown.
 */
export const PLACEHOLDERS = {
  nom: "Nom du centre",
  adresse: "Adresse complète",
  telephone: "Téléphone",
  email: "E-mail",
  directeur: "Directeur·rice de la publication",
  duree_conservation_candidatures: "Durée de conservation des candidatures refusées ou retirées",
  duree_conservation_stagiaires: "Durée de conservation des dossiers des stagiaires (Paramètres)",
} as const;
export type Placeholder = keyof typeof PLACEHOLDERS;
export type PlaceholderValues = Record<Placeholder, string>;

const PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names used in `source` that are not placeholders (to refuse them, in the order written). */
export function unknownPlaceholders(source: string): string[] {
  const unknown = new Set<string>();
  for (const [, name = ""] of source.matchAll(PATTERN)) {
    if (!Object.hasOwn(PLACEHOLDERS, name)) unknown.add(name);
  }
  return [...unknown];
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Rendered HTML with each {{placeholder}} replaced by its escaped value (unknown ones left as typed). */
export function fillPlaceholders(html: string, values: PlaceholderValues): string {
  return html.replace(PATTERN, (whole, name: string) =>
    Object.hasOwn(values, name) ? escapeHtml(values[name as Placeholder]) : whole,
  );
}
