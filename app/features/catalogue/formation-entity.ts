/**
 * A formation's fields, each declared once: its label in the editor (and in the server's messages),
 * where the editor shows it, how the Journal d'activité speaks of a change to it, and, for a plain
 * text field, its length, whether it is required, and where visitors read it (the course page and
 * the programme PDF, which print the same rows) and which Lhéo element carries it. The editor, the
 * form's schema, the Journal's description, the course record and the Lhéo document read it here, so
 * a new plain field is one entry below (plus its column in schema.server.ts and the migration).
 * Fields that need more (a price, a list, a code, a choice) still say their validation in
 * formation-schema.ts and formation-fields-schema.ts, and their editor control in their section;
 * their label and their Journal line are here all the same. Browser-safe: no server code.
 *
 * Order matters where fields are listed together: the editor renders a group's fields, and the
 * course page and the PDF print their rows, in the order they are declared here.
 */
import { auditFields, type FieldDeclaration, fieldLabels } from "~/platform/entity";
import type { LheoActionElement } from "./lheo/lheo-sequence";
import type { Formation } from "./schema.server";

/** Where the editor renders a field from this declaration (components/formation-*-section.tsx). */
export type EditorGroup =
  | "visitors-lead" // 'Ce que lisent les visiteurs', before the levels
  | "visitors-place" // the same grid, after the levels
  | "visitors-texts" // the descriptions
  | "qualiopi-access" // 'Informations publiées (Qualiopi, indicateur 1)'
  | "qualiopi-contact"
  | "qualiopi-methods"
  | "certification-texts" // 'Certification (Qualiopi, indicateur 3)', under the code
  | "prices"; // 'Prix et financement', under the price

/** Where visitors read a field: a row of a list of the course page and the programme PDF. */
export type PrintedList = "practical" | "certification" | "paths";

export interface FormationFieldDeclaration extends FieldDeclaration {
  /** Line breaks and tabs are text in this field (any other control character is refused). */
  multiline?: true;
  /** Rendered by the editor from this declaration, in this group (a textarea when `textarea`). */
  editor?: { group: EditorGroup; textarea?: true; hint?: string; type?: "tel" | "email" | "date" };
  /** Printed on the course page and in the programme PDF, under this label, when filled. */
  printed?: { in: PrintedList; label: string };
  /** The Lhéo 2.3 element of the action (session group) that carries it, clipped to `max`. */
  lheo?: { element: LheoActionElement; max?: number };
}

export const FORMATION_FIELDS = {
  title: { label: "Titre", audit: "shown", text: { max: 200, required: true } },
  slug: { label: "Adresse de la page", audit: "shown" },
  aliases: { label: "Anciennes adresses de la page", audit: "shown" },
  imageId: { label: "Image", audit: "named" },
  formationType: { label: "Type", audit: "shown" },
  badge: { label: "Étiquette de la carte", audit: "shown" },
  duration: {
    label: "Durée",
    audit: "shown",
    text: { max: 100, required: true },
    editor: { group: "visitors-lead" },
    lheo: { element: "duree-indicative", max: 150 },
  },
  format: {
    label: "Format",
    audit: "shown",
    text: { max: 200 },
    editor: { group: "visitors-lead", hint: "Par exemple : en présentiel, à distance, mixte." },
  },
  entryLevel: {
    label: "Niveau requis",
    audit: "shown",
    printed: { in: "practical", label: "Niveau requis" },
  },
  exitLevel: {
    label: "Niveau de sortie",
    audit: "shown",
    printed: { in: "practical", label: "Niveau de sortie" },
  },
  sector: {
    label: "Secteur ou diplôme",
    audit: "shown",
    auditLabel: "Secteur / diplôme",
    text: { max: 200 },
    editor: { group: "visitors-place" },
  },
  location: { label: "Lieu", audit: "shown", text: { max: 300 }, editor: { group: "visitors-place" } },
  salaryRange: {
    label: "Salaire",
    audit: "shown",
    text: { max: 200 },
    editor: { group: "visitors-place" },
  },
  description: {
    label: "Description courte",
    audit: "named",
    multiline: true,
    text: { max: 1000, required: true },
    editor: { group: "visitors-texts", textarea: true },
  },
  longDescription: {
    label: "Description détaillée",
    audit: "named",
    multiline: true,
    text: { max: 10000 },
    editor: { group: "visitors-texts", textarea: true },
  },
  content: {
    label: "Présentation",
    audit: "named",
    multiline: true,
    text: { max: 50000 },
    editor: {
      group: "visitors-texts",
      textarea: true,
      hint: "Section « Présentation » de la page : **gras**, listes à tirets et liens sont mis en forme.",
    },
  },
  objectives: { label: "Objectifs", audit: "named" },
  skills: { label: "Compétences", audit: "named" },
  careerOpportunities: { label: "Débouchés (métiers visés)", audit: "named", auditLabel: "Débouchés" },
  program: { label: "Programme", audit: "named" },
  prerequisites: {
    label: "Prérequis",
    audit: "named",
    multiline: true,
    text: {},
    editor: { group: "qualiopi-access", textarea: true, hint: "Un prérequis par ligne." },
    lheo: { element: "conditions-specifiques" },
  },
  accessArrangements: {
    label: "Modalités d'accès",
    audit: "named",
    multiline: true,
    text: { max: 2000 },
    editor: { group: "qualiopi-access", textarea: true, hint: "Candidature, entretien, tests, contrat…" },
    printed: { in: "practical", label: "Modalités d'accès" },
    lheo: { element: "modalites-recrutement", max: 3000 },
  },
  accessDelay: {
    label: "Délai d'accès",
    audit: "shown",
    text: { max: 500 },
    editor: { group: "qualiopi-access" },
    printed: { in: "practical", label: "Délai d'accès" },
  },
  pricing: { label: "Tarif", audit: "shown", printed: { in: "practical", label: "Tarif" } },
  contactName: {
    label: "Interlocuteur",
    audit: "named",
    text: { max: 200 },
    editor: { group: "qualiopi-contact", hint: "Nom et fonction" },
    // The name, the phone and the e-mail in one row.
    printed: { in: "practical", label: "Contact" },
  },
  contactPhone: {
    label: "Téléphone de contact",
    audit: "named",
    text: { max: 50 },
    editor: { group: "qualiopi-contact", type: "tel" },
  },
  contactEmail: {
    label: "E-mail de contact",
    audit: "named",
    editor: { group: "qualiopi-contact", type: "email" },
  },
  teachingMethods: {
    label: "Méthodes pédagogiques",
    audit: "named",
    multiline: true,
    text: {},
    editor: { group: "qualiopi-methods", textarea: true },
    printed: { in: "practical", label: "Méthodes pédagogiques" },
    lheo: { element: "modalites-pedagogiques", max: 200 },
  },
  assessmentMethods: {
    label: "Modalités d'évaluation",
    audit: "named",
    multiline: true,
    text: {},
    editor: { group: "qualiopi-methods", textarea: true },
    printed: { in: "practical", label: "Modalités d'évaluation" },
  },
  // Its validation also refuses a phone number (formation-schema.ts): the referent's is in Paramètres.
  accessibility: {
    label: "Accessibilité (handicap)",
    audit: "named",
    multiline: true,
    text: {},
    editor: { group: "qualiopi-methods", textarea: true },
    printed: { in: "practical", label: "Accessibilité aux personnes en situation de handicap" },
    lheo: { element: "acces-handicapes", max: 250 },
  },
  certifying: {
    label: "Formation certifiante (RNCP ou RS)",
    audit: "shown",
    auditLabel: "Formation certifiante",
  },
  rncpCode: { label: "Code RNCP ou RS", audit: "shown" },
  certification: {
    label: "Certification visée",
    audit: "named",
    multiline: true,
    text: {},
    printed: { in: "certification", label: "Certification visée" },
    editor: {
      group: "certification-texts",
      textarea: true,
      hint: "Ce que l'apprenant obtient à la fin (titre, diplôme, certificat, attestation) : les « résultats attendus » de l'export Lhéo.",
    },
  },
  certifier: {
    label: "Certificateur",
    audit: "shown",
    text: { max: 300 },
    printed: { in: "certification", label: "Certificateur" },
  },
  certificationRegisteredOn: {
    label: "Date d'enregistrement",
    audit: "shown",
    printed: { in: "certification", label: "Date d'enregistrement" },
  },
  bpfObjective: {
    label: "Objectif pour le bilan pédagogique et financier",
    audit: "shown",
    auditLabel: "Objectif (bilan pédagogique et financier)",
  },
  skillBlocks: {
    label: "Blocs de compétences",
    audit: "named",
    editor: { group: "certification-texts", textarea: true, hint: "Un bloc par ligne." },
  },
  equivalences: {
    label: "Équivalences et passerelles",
    audit: "named",
    multiline: true,
    text: {},
    editor: { group: "certification-texts", textarea: true },
    printed: { in: "paths", label: "Équivalences et passerelles" },
  },
  furtherPaths: {
    label: "Suites de parcours",
    audit: "named",
    multiline: true,
    text: {},
    editor: { group: "certification-texts", textarea: true },
    printed: { in: "paths", label: "Suites de parcours" },
  },
  results: { label: "Résultats des années passées", audit: "named", auditLabel: "Résultats" },
  price: { label: "Prix (€)", audit: "shown" },
  priceDetails: {
    label: "Détail des tarifs",
    audit: "named",
    multiline: true,
    text: { max: 2000 },
    editor: {
      group: "prices",
      textarea: true,
      hint: "Ce que couvre le prix, tarif entreprise, prise en charge possible.",
    },
    lheo: { element: "detail-conditions-prise-en-charge", max: 600 },
  },
  funding: {
    label: "Financements possibles",
    audit: "named",
    auditLabel: "Financements",
    editor: {
      group: "prices",
      hint: "Séparés par des virgules, par exemple : CPF, OPCO, France Travail. Laissez vide si aucun financement n'est vérifié : la page n'en annonce alors aucun, et « Éligible CPF » n'apparaît que si le CPF est cité.",
    },
  },
  formacodes: { label: "Codes Formacode", audit: "shown" },
  nsfCodes: { label: "Codes NSF", audit: "shown" },
  romeCodes: { label: "Codes ROME", audit: "shown" },
  targetPublics: { label: "Public visé", audit: "shown", auditLabel: "Public visé (codes Lhéo)" },
  lheoFunders: {
    label: "Financeurs possibles",
    audit: "shown",
    auditLabel: "Financeurs possibles (codes Lhéo)",
  },
  pathType: { label: "Type de parcours", audit: "shown", auditLabel: "Type de parcours (code Lhéo)" },
  entryMode: {
    label: "Entrées et sorties",
    audit: "shown",
    auditLabel: "Entrées et sorties (code Lhéo)",
  },
  generalObjective: {
    label: "Objectif général",
    audit: "shown",
    auditLabel: "Objectif général (code Lhéo)",
  },
  position: { label: "Ordre d'affichage", audit: "shown" },
  goals: { label: "Objectifs de la page d'accueil", audit: "shown", auditLabel: "Objectifs servis" },
} as const satisfies Record<string, FormationFieldDeclaration>;

type Fields = typeof FORMATION_FIELDS;
export type FormationField = keyof Fields;

/** A formation's row, as the database gives it: every hand-written shape below is a part of it. */
export type FormationRow = Formation;

/** The fields declared with `K` (`text`, `printed`, `lheo`…). */
export type FieldsWith<K extends keyof FormationFieldDeclaration> = {
  [F in FormationField]: Fields[F] extends Record<K, unknown> ? F : never;
}[FormationField];

// Marked pure: a page that reads no declaration (the course page, rendered from its loader's rows)
// leaves them, and the declaration, out of its JavaScript.
const entries = /* @__PURE__ */ Object.entries(FORMATION_FIELDS) as [
  FormationField,
  FormationFieldDeclaration,
][];

/** The fields carrying `K`, in their declared order. */
export function fieldsWith<K extends keyof FormationFieldDeclaration>(
  key: K,
): [FieldsWith<K>, FormationFieldDeclaration & Required<Pick<FormationFieldDeclaration, K>>][] {
  return entries.filter(([, d]) => d[key] !== undefined) as never;
}

/** The editor's labels, by field. */
export const FORMATION_FIELD_LABELS = /* @__PURE__ */ fieldLabels(FORMATION_FIELDS);

/** The fields whose line breaks and tabs are text. */
export const MULTILINE_FIELDS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  fieldsWith("multiline").map(([name]) => name),
);

/** The Journal's [label, values shown] of each field (features/audit/registry.ts). */
export const FORMATION_AUDIT_FIELDS = /* @__PURE__ */ auditFields(FORMATION_FIELDS);

/** The editor's fields of `group`, in the shape of app/ui/field.tsx's FieldSpec. */
export function editorFields(group: EditorGroup) {
  return fieldsWith("editor")
    .filter(([, d]) => d.editor.group === group)
    .map(([name, d]) => {
      const { textarea, hint, type } = d.editor;
      return {
        ...(textarea ? { as: "textarea" as const } : {}),
        name,
        label: d.label,
        ...(d.text?.required ? { required: true } : {}),
        ...(hint ? { hint } : {}),
        ...(type ? { type } : {}),
      };
    });
}
