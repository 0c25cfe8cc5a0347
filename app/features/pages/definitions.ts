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
 * - `items`: a list of blocks (method, partners' quotes, FAQ, funding schemes, documents…), one block
 *   per paragraph: its first line is the block's title (a question, a name), the lines below its text.
 *   Plain text a director types in one box, read by `pageItems`; an empty list hides its section.
 * Figures and legal identifiers are never fields: they come from Paramètres and from the records.
 */
export type PageFieldKind = "line" | "text" | "markdown" | "items";

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
  /** A link the site offers: the field (`line`), or each block's second line (`items`), is an address. */
  address?: true;
}

export const PAGE_IDS = [
  "accueil",
  "notre-centre",
  "financements",
  "ressources",
  "contact",
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
  /**
   * The centre's own words: until staff publish it, visitors read none of its text (its sections
   * are hidden, the page itself too when nothing else is left on it) and its default text is only
   * the draft the editor opens on. The legal pages are not: the law asks for them from the first day,
   * and their text is generated from Paramètres around a neutral body.
   */
  centreText?: boolean;
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

const items = (name: string, label: string, max: number, hint: string): PageField => ({
  name,
  label,
  kind: "items",
  max,
  required: false,
  hint,
});

const LEGAL_BODY_HINT =
  "Markdown : « ## Titre » pour chaque partie, « - » pour une liste. Les champs entre accolades sont remplis depuis Paramètres.";

export const PAGES: readonly PageDefinition[] = [
  {
    id: "accueil",
    title: "Accueil",
    path: "/",
    summary: "Haut de page, section « objectif », méthode pédagogique, entreprises partenaires",
    centreText: true,
    fields: [
      line("heroTitle", "Titre principal", 120),
      text("heroText", "Accroche", 400),
      line("goalsTitle", "Titre de la section « objectif »", 120),
      text("goalsText", "Texte de la section « objectif »", 400),
      line("methodTitle", "Titre de la section « méthode »", 120, false),
      items(
        "method",
        "Méthode pédagogique",
        3000,
        "Un paragraphe par point : sa première ligne est le titre, les suivantes sa description. Laissez vide pour masquer la section",
      ),
      items(
        "partners",
        "Paroles d'entreprises partenaires",
        3000,
        "Un paragraphe par citation, avec l'accord de la personne : première ligne « Nom, fonction · entreprise », lignes suivantes la citation. Laissez vide pour masquer la section",
      ),
    ],
  },
  {
    id: "notre-centre",
    title: "Notre centre",
    path: "/notre-centre",
    summary: "Présentation, labels, mission et valeurs, équipe",
    centreText: true,
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
    summary: "Bandeau, introduction, dispositifs de financement, guide à télécharger",
    centreText: true,
    fields: [
      line("badge", "Bandeau", 80, false, "Laissez vide pour ne pas afficher de bandeau"),
      text("intro", "Introduction", 800),
      items(
        "options",
        "Dispositifs de financement",
        6000,
        "Un paragraphe par dispositif : première ligne son nom, lignes suivantes ce que le centre en dit ; une ligne commençant par « - » devient un point de liste",
      ),
      {
        ...line(
          "guideUrl",
          "Adresse du guide à télécharger",
          500,
          false,
          "L'adresse d'un document du centre (https://… ou /…) ; laissez vide pour ne pas proposer de guide",
        ),
        address: true,
      },
      DESCRIPTION,
    ],
  },
  {
    id: "ressources",
    title: "Ressources",
    path: "/ressources",
    summary: "Introduction, documents à télécharger, questions fréquentes",
    centreText: true,
    fields: [
      text("intro", "Introduction", 800),
      {
        ...items(
          "documents",
          "Documents à télécharger",
          3000,
          "Un paragraphe par document : première ligne son titre, deuxième ligne son adresse (https://… ou /…), lignes suivantes sa description",
        ),
        address: true,
      },
      items(
        "faq",
        "Questions fréquentes",
        6000,
        "Un paragraphe par question : première ligne la question, lignes suivantes la réponse",
      ),
      DESCRIPTION,
    ],
  },
  {
    id: "contact",
    title: "Contact",
    path: "/contact",
    summary: "Arguments « Pourquoi nous choisir ? » et délai de réponse",
    centreText: true,
    fields: [
      line(
        "replyDelay",
        "Délai de réponse annoncé",
        120,
        false,
        "Par exemple « sous deux jours ouvrés » ; laissez vide pour ne promettre aucun délai",
      ),
      line("reasonsTitle", "Titre de l'encadré des arguments", 120, false),
      items(
        "reasons",
        "Arguments",
        3000,
        "Un paragraphe par argument : première ligne son titre, lignes suivantes son explication. Laissez vide pour masquer l'encadré",
      ),
    ],
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

/** One block of an `items` field: its first line, and the lines below it. */
export interface PageItem {
  title: string;
  lines: string[];
}

/** The blocks of an `items` field: paragraphs split on blank lines, each line trimmed. */
export function pageItems(source: string | undefined): PageItem[] {
  return (source ?? "")
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .map(([title = "", ...lines]) => ({ title, lines }));
}

/** An address the site may link to: its own path, or an https:// address. */
export function isDocumentAddress(value: string): boolean {
  return /^\/(?!\/)\S*$/.test(value) || /^https:\/\/[^\s/]+\.[^\s]+$/.test(value);
}
