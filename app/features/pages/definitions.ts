/**
 * The site's editable pages (console: Pages) and the fields each one has: one list for the console's
 * screens, the server's validation and the public pages. No text of the pages here (their default
 * text is server-side, defaults.server.ts): the console loads this module, the public pages only
 * receive what their loader gives them.
 *
 * Kinds of field:
 * - `line`: one line of plain text (a heading, a badge, the description search engines show);
 * - `text`: a paragraph of plain text;
 * - `markdown`: Markdown, rendered on the server by the site's one Markdown renderer (raw HTML is
 *   escaped); on the legal pages it may hold {{placeholders}} filled from Paramètres (placeholders.ts).
 * Figures and legal identifiers are never fields: they come from Paramètres and from the records.
 */
export type PageFieldKind = "line" | "text" | "markdown";

export interface PageField {
  name: string;
  label: string;
  kind: PageFieldKind;
  max: number;
  /** A required field may not be saved empty (an optional one left empty hides its block). */
  required: boolean;
  hint?: string;
  /** Markdown shown under a heading of the page's own: its headings start at <h3>. */
  topLevel?: 3;
}

export const PAGE_IDS = [
  "accueil",
  "notre-centre",
  "financements",
  "ressources",
  "mentions-legales",
  "politique-confidentialite",
  "cgu",
] as const;
export type PageId = (typeof PAGE_IDS)[number];

export interface PageDefinition {
  id: PageId;
  /** Its name in the console. */
  title: string;
  /** Where visitors read it. */
  path: string;
  /** What staff can change on it, for the list. */
  summary: string;
  fields: readonly PageField[];
  /** Markdown fields may use {{placeholders}} (the legal pages). */
  placeholders?: boolean;
}

const DESCRIPTION: PageField = {
  name: "description",
  label: "Description pour les moteurs de recherche",
  kind: "line",
  max: 300,
  required: true,
  hint: "Une ou deux phrases, sans chiffre inventé : elles s'affichent sous le lien dans les résultats de recherche",
};

const line = (name: string, label: string, max: number, required = true, hint?: string): PageField => ({
  name,
  label,
  kind: "line",
  max,
  required,
  ...(hint ? { hint } : {}),
});
const text = (name: string, label: string, max: number, required = true, hint?: string): PageField => ({
  name,
  label,
  kind: "text",
  max,
  required,
  ...(hint ? { hint } : {}),
});
const markdown = (name: string, label: string, max: number, required = true, hint?: string): PageField => ({
  name,
  label,
  kind: "markdown",
  max,
  required,
  ...(hint ? { hint } : {}),
});

const LEGAL_BODY_HINT =
  "Markdown : « ## Titre » pour chaque partie, « - » pour une liste. Les champs entre accolades sont remplis depuis Paramètres.";

export const PAGES: readonly PageDefinition[] = [
  {
    id: "accueil",
    title: "Accueil",
    path: "/",
    summary: "Titre et accroche du haut de page, textes de la section « objectif »",
    fields: [
      line("heroTitle", "Titre principal", 120),
      text("heroText", "Accroche", 400),
      line("goalsTitle", "Titre de la section « objectif »", 120),
      text("goalsText", "Texte de la section « objectif »", 400),
    ],
  },
  {
    id: "notre-centre",
    title: "Notre centre",
    path: "/notre-centre",
    summary: "Présentation, labels, mission et valeurs, équipe",
    fields: [
      text("intro", "Présentation", 800),
      markdown(
        "certifications",
        "Autres labels et référencements",
        3000,
        false,
        "Une liste Markdown, un label par ligne (« - **Titre** : description ») ; la mention Qualiopi vient de Paramètres",
      ),
      // Shown under the page's own 'Notre mission' heading.
      {
        ...markdown(
          "mission",
          "Notre mission",
          6000,
          true,
          "Markdown : un paragraphe, puis « ### Valeur » suivi de sa description pour chaque valeur",
        ),
        topLevel: 3,
      },
      line("teamTitle", "Titre de l'encadré « équipe »", 120),
      text("teamText", "Texte de l'encadré « équipe »", 800),
      DESCRIPTION,
    ],
  },
  {
    id: "financements",
    title: "Financements",
    path: "/financements",
    summary: "Bandeau et introduction",
    fields: [
      line("badge", "Bandeau", 80, false, "Laissez vide pour ne pas afficher de bandeau"),
      text("intro", "Introduction", 800),
      DESCRIPTION,
    ],
  },
  {
    id: "ressources",
    title: "Ressources",
    path: "/ressources",
    summary: "Introduction du centre de ressources",
    fields: [text("intro", "Introduction", 800), DESCRIPTION],
  },
  {
    id: "mentions-legales",
    title: "Mentions légales",
    path: "/mentions-legales",
    summary: "Texte sous l'identité de l'éditeur (générée depuis Paramètres)",
    placeholders: true,
    fields: [markdown("body", "Texte", 30000, true, LEGAL_BODY_HINT)],
  },
  {
    id: "politique-confidentialite",
    title: "Politique de confidentialité",
    path: "/politique-confidentialite",
    summary: "Texte sous le responsable du traitement (généré depuis Paramètres)",
    placeholders: true,
    fields: [markdown("body", "Texte", 30000, true, LEGAL_BODY_HINT)],
  },
  {
    id: "cgu",
    title: "Conditions générales d'utilisation",
    path: "/cgu",
    summary: "Texte complet",
    placeholders: true,
    fields: [markdown("body", "Texte", 30000, true, LEGAL_BODY_HINT)],
  },
];

export function isPageId(value: unknown): value is PageId {
  return typeof value === "string" && (PAGE_IDS as readonly string[]).includes(value);
}

export function pageDefinition(id: PageId): PageDefinition {
  const found = PAGES.find((page) => page.id === id);
  if (!found) throw new Error(`Unknown page ${id}`);
  return found;
}

/** A page's fields as stored and shown: each field's text by name. */
export type PageContent = Record<string, string>;
