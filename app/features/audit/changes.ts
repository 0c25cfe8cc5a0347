/**
 * What the Journal d'activité says changed in a record. The rule: a field's old and new values are
 * kept only when the field is listed here as shown (short, and never personal data); any other
 * field that changed is kept by name only ('Interlocuteur : modifié'). A person's name, e-mail,
 * phone, a testimonial's words, a candidate's answers or notes never reach the audit log, which
 * outlives the records it speaks of. Pure: the server writes with it, the Journal reads with it.
 */

import { ROLE_LABELS } from "~/features/accounts";
import { APPLICATION_STATUS_LABELS } from "~/features/applications";
import {
  FORMATION_BPF_OBJECTIVE_LABELS,
  FORMATION_LEVEL_LABELS,
  FORMATION_TYPE_LABELS,
  SESSION_MODES,
} from "~/features/catalogue";
import { COMPLAINT_STATUS_LABELS } from "~/features/complaints";
import { CONTACT_STATUS_LABELS } from "~/features/leads";
import {
  CERTIFICATION_OUTCOME_LABELS,
  LEARNER_FUNDING_LABELS,
  LEARNER_STATUS_LABELS,
} from "~/features/learners";
import { VAT_STATUS_LABELS } from "~/features/settings";
import { NNBSP, quoted } from "~/platform/french";

/** One changed field; `from` and `to` only for fields whose values are shown. */
export interface AuditChange {
  field: string;
  from?: string;
  to?: string;
}

/** [label, values shown] per field, per kind of record. */
type Fields = Record<string, readonly [label: string, shown: boolean]>;

const FORMATION: Fields = {
  title: ["Titre", true],
  slug: ["Adresse (slug)", true],
  aliases: ["Autres slugs", true],
  formationType: ["Type", true],
  badge: ["Badge", true],
  duration: ["Durée", true],
  entryLevel: ["Niveau requis", true],
  exitLevel: ["Niveau de sortie", true],
  pricing: ["Tarif", true],
  // Entries written before the levels were a list.
  levelRequired: ["Niveau requis (texte)", true],
  format: ["Format", true],
  price: ["Prix (€)", true],
  sector: ["Secteur / diplôme", true],
  salaryRange: ["Salaire", true],
  location: ["Lieu", true],
  active: ["Active", true],
  financingEligible: ["Éligible au financement", true],
  position: ["Ordre d'affichage", true],
  accessDelay: ["Délai d'accès", true],
  certifying: ["Formation certifiante", true],
  rncpCode: ["Code RNCP ou RS", true],
  certifier: ["Certificateur", true],
  certificationRegisteredOn: ["Date d'enregistrement", true],
  goals: ["Objectifs servis", true],
  formacodes: ["Codes Formacode", true],
  nsfCodes: ["Codes NSF", true],
  romeCodes: ["Codes ROME", true],
  targetPublics: ["Public visé (codes Lhéo)", true],
  lheoFunders: ["Financeurs possibles (codes Lhéo)", true],
  pathType: ["Type de parcours (code Lhéo)", true],
  entryMode: ["Entrées et sorties (code Lhéo)", true],
  generalObjective: ["Objectif général (code Lhéo)", true],
  bpfObjective: ["Objectif (bilan pédagogique et financier)", true],
  description: ["Description courte", false],
  longDescription: ["Description détaillée", false],
  content: ["Présentation (Markdown)", false],
  imageUrl: ["Image (URL)", false],
  imageId: ["Image", false],
  objectives: ["Objectifs", false],
  program: ["Programme", false],
  skills: ["Compétences", false],
  prerequisites: ["Prérequis", false],
  accessArrangements: ["Modalités d'accès", false],
  priceDetails: ["Détail des tarifs", false],
  contactName: ["Interlocuteur", false],
  contactPhone: ["Téléphone de contact", false],
  contactEmail: ["E-mail de contact", false],
  teachingMethods: ["Méthodes pédagogiques", false],
  assessmentMethods: ["Modalités d'évaluation", false],
  accessibility: ["Accessibilité (handicap)", false],
  certification: ["Certification visée", false],
  skillBlocks: ["Blocs de compétences", false],
  equivalences: ["Équivalences et passerelles", false],
  furtherPaths: ["Suites de parcours", false],
  careerOpportunities: ["Débouchés", false],
  funding: ["Financements", false],
  results: ["Résultats", false],
};

const FIELDS: Record<string, Fields> = {
  formation: FORMATION,
  formation_session: {
    startDate: ["Début", true],
    endDate: ["Fin", true],
    mode: ["Modalité", true],
    place: ["Lieu", true],
    rhythm: ["Rythme", true],
    seats: ["Places", true],
    applicationDeadline: ["Date limite de candidature", true],
    closed: ["Clôturée", true],
    timetable: ["Planning", true],
    slot: ["Créneau", true],
  },
  blog_post: {
    title: ["Titre", true],
    slug: ["Adresse (slug)", true],
    category: ["Catégorie", true],
    published: ["Publié", true],
    excerpt: ["Extrait", false],
    content: ["Contenu", false],
    featuredImage: ["Image (URL)", false],
    imageId: ["Image", false],
    publishAt: ["Publication programmée", false],
    unpublishAt: ["Dépublication programmée", false],
  },
  testimonial: {
    rating: ["Note", true],
    active: ["Affiché", true],
    formationId: ["Formation", false],
    name: ["Nom", false],
    content: ["Témoignage", false],
    company: ["Entreprise", false],
    position: ["Fonction", false],
    imageId: ["Photo", false],
    videoUrl: ["Vidéo", false],
  },
  application: {
    status: ["Statut", true],
  },
  learner: {
    status: ["Statut", true],
    abandonedOn: ["Date d'abandon", true],
    certification: ["Certification", true],
    firstName: ["Prénom", false],
    lastName: ["Nom", false],
    email: ["E-mail", false],
    company: ["Entreprise", false],
    // The learner's situation (jobseeker…) is theirs: named, never shown.
    traineeCategory: ["Type de stagiaire (BPF)", false],
    fundingSource: ["Financement", true],
    payerName: ["Entreprise ou financeur qui paie", false],
    payerAddress: ["Adresse du payeur", false],
    payerSiret: ["SIRET du payeur", false],
    payerContactName: ["Contact du payeur", false],
    payerContactEmail: ["E-mail du contact du payeur", false],
    applicationId: ["Candidature liée", false],
  },
  contact_request: {
    status: ["Statut", true],
  },
  complaint: {
    status: ["Statut", true],
    correctiveAction: ["Action corrective", false],
    reply: ["Réponse à l'auteur", false],
  },
  user: {
    role: ["Rôle", true],
  },
  questionnaire: {
    title: ["Titre", true],
    intro: ["Introduction", false],
    label: ["Question", true],
    type: ["Type de question", true],
    required: ["Obligatoire", true],
    options: ["Réponses proposées", true],
    employedOptions: ["Réponses comptées « en emploi »", true],
    role: ["Rôle dans les indicateurs", true],
    position: ["Ordre", true],
  },
  // A page of Pages: its fields by name, the text itself never copied into the log (it is long).
  site_page: {
    heroTitle: ["Titre principal", false],
    heroText: ["Accroche", false],
    goalsTitle: ["Titre de la section « objectif »", false],
    goalsText: ["Texte de la section « objectif »", false],
    intro: ["Introduction", false],
    certifications: ["Autres labels et référencements", false],
    mission: ["Notre mission", false],
    teamTitle: ["Titre de l'encadré « équipe »", false],
    teamText: ["Texte de l'encadré « équipe »", false],
    badge: ["Bandeau", false],
    body: ["Texte", false],
    description: ["Description pour les moteurs de recherche", false],
  },
  centre_settings: {
    minResultAnswers: ["Nombre minimal de réponses pour publier un résultat", true],
    vatStatus: ["Régime de TVA", true],
    coldDelayMonths: ["Délai de l'enquête à froid (mois)", true],
    reminderDelayDays: ["Délai du rappel d'enquête (jours)", true],
    openDays: ["Durée d'ouverture d'une enquête (jours)", true],
    name: ["Nom du centre", true],
    legalForm: ["Forme juridique", true],
    shareCapital: ["Capital social", true],
    siret: ["SIRET", true],
    rcs: ["RCS", true],
    foundedOn: ["Date de création", true],
    street: ["Adresse", true],
    postalCode: ["Code postal", true],
    city: ["Ville", true],
    phone: ["Téléphone", true],
    email: ["E-mail", true],
    openingHours: ["Horaires d'ouverture", true],
    host: ["Hébergeur", true],
    activityNumber: ["Numéro de déclaration d'activité", true],
    activityRegion: ["Région", true],
    qualiopiCertifier: ["Organisme certificateur", true],
    qualiopiValidUntil: ["Qualiopi valide jusqu'au", true],
    qualiopiCategories: ["Catégories Qualiopi", true],
    mediatorName: ["Médiateur", true],
    mediatorWebsite: ["Site du médiateur", true],
    publicationDirector: ["Directeur·rice de la publication", false],
    referentName: ["Nom du référent", false],
    referentPhone: ["Téléphone du référent", false],
    referentEmail: ["E-mail du référent", false],
    leadRecipient: ["Destinataire des nouvelles demandes", false],
    complaintRecipient: ["Destinataire des réclamations", false],
    learnerRetentionMonths: ["Conservation des dossiers des stagiaires (mois)", true],
    logoId: ["Logo", false],
    internalRules: ["Règlement intérieur", false],
  },
};

/** Never compared: what every save rewrites. */
// `publish`: the formation form's 'Publier' button, an instruction rather than a field.
const IGNORED = new Set(["id", "createdAt", "updatedAt", "publish"]);

/** The field's French label; the key itself for a field this list does not know yet. */
export function fieldLabel(entity: string, field: string): string {
  return FIELDS[entity]?.[field]?.[0] ?? field;
}

function shown(entity: string, field: string): boolean {
  return FIELDS[entity]?.[field]?.[1] ?? false;
}

const DECIMAL = /^-?\d+\.\d+$/;

/** One value as the Journal prints it: empty, oui/non, a list, or the text (80 characters at most). */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "vide";
  if (typeof value === "boolean") return value ? "oui" : "non";
  if (Array.isArray(value)) return value.length ? value.map(formatAuditValue).join(", ") : "vide";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  // A decimal as the database returns it ('1490.00'), as the form typed it.
  if (typeof value === "string" && DECIMAL.test(value)) return String(Number(value));
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Two values are the same when they print the same way, '1200.00' and 1200 included. */
function canonical(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (Array.isArray(value) && value.length === 0) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "string" && DECIMAL.test(value)) return String(Number(value));
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** The fields of `after` whose value differs from `before`, values kept only where shown. */
export function diffFields(entity: string, before: object, after: object): AuditChange[] {
  const out: AuditChange[] = [];
  const old = before as Record<string, unknown>;
  for (const [field, value] of Object.entries(after)) {
    if (IGNORED.has(field) || canonical(old[field]) === canonical(value)) continue;
    out.push(
      shown(entity, field)
        ? { field, from: formatAuditValue(old[field]), to: formatAuditValue(value) }
        : { field },
    );
  }
  return out;
}

/** Values stored as codes, printed with their French label. */
const VALUE_LABELS: Record<string, Record<string, Record<string, string>>> = {
  application: { status: APPLICATION_STATUS_LABELS },
  contact_request: { status: CONTACT_STATUS_LABELS },
  learner: {
    status: LEARNER_STATUS_LABELS,
    certification: CERTIFICATION_OUTCOME_LABELS,
    fundingSource: LEARNER_FUNDING_LABELS,
  },
  complaint: { status: COMPLAINT_STATUS_LABELS },
  centre_settings: { vatStatus: VAT_STATUS_LABELS },
  user: { role: { ...ROLE_LABELS, vide: "aucun rôle" } },
  formation: {
    formationType: FORMATION_TYPE_LABELS,
    entryLevel: FORMATION_LEVEL_LABELS,
    exitLevel: FORMATION_LEVEL_LABELS,
    bpfObjective: FORMATION_BPF_OBJECTIVE_LABELS,
    pricing: { payant: "Payant", gratuit: "Gratuit", "prise-en-charge": "Sans frais pour l'apprenant" },
  },
  formation_session: { mode: Object.fromEntries(SESSION_MODES.map((m) => [m.value, m.label])) },
};

const valueText = (entity: string, field: string, value: string) =>
  VALUE_LABELS[entity]?.[field]?.[value] ?? value;

/** 'Titre : « A » → « B »', or 'Interlocuteur : modifié' for a field whose values are not kept. */
export function changeText(entity: string, change: AuditChange): string {
  const label = fieldLabel(entity, change.field);
  if (change.from === undefined || change.to === undefined) return `${label}${NNBSP}: modifié`;
  const [from, to] = [change.from, change.to].map((v) => quoted(valueText(entity, change.field, v)));
  return `${label}${NNBSP}: ${from} → ${to}`;
}

/**
 * The changes an entry recorded: the list written since the Journal named them, or the older
 * shapes (Paramètres' `{ field: { from, to } }`, a status or role `from`/`to`), filtered by the
 * same rule, so an old entry never shows a personal value either.
 */
export function entryChanges(entity: string, details: Record<string, unknown> | null): AuditChange[] {
  const raw = details?.changes;
  if (Array.isArray(raw)) {
    return raw.filter(
      (c): c is AuditChange => typeof c === "object" && c !== null && typeof c.field === "string",
    );
  }
  if (raw && typeof raw === "object") {
    return Object.entries(raw as Record<string, { from?: unknown; to?: unknown }>).map(([field, c]) =>
      shown(entity, field)
        ? { field, from: formatAuditValue(c?.from), to: formatAuditValue(c?.to) }
        : { field },
    );
  }
  // A status or role change before the Journal named fields: `{ from, to }` at the top.
  const field = entity === "user" ? "role" : "status";
  if (details && "to" in details && FIELDS[entity]?.[field]) {
    return [{ field, from: formatAuditValue(details.from), to: formatAuditValue(details.to) }];
  }
  return [];
}

/** A record's short reference: the first 8 characters of its identifier. */
export function shortRef(id: string): string {
  return id.slice(0, 8);
}
