// How the Journal d'activité speaks of formations and their sessions: registered by app/boot (features/audit/registry.ts).
import { eq, inArray } from "drizzle-orm";
import { shortRef } from "~/features/audit";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { listSearchedFor } from "~/features/audit/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import type { Db } from "~/platform/db/client.server";
import { FORMATION_BPF_OBJECTIVE_LABELS } from "./bpf-objective";
import { FORMATION_LEVEL_LABELS } from "./levels";
import { SESSION_MODES } from "./sessions";
import { FORMATION_TYPE_LABELS } from "./vocabulary";

export const formationAudit: AuditDeclaration = {
  entity: "formation",
  kind: "Formations",
  label: "la formation",
  fields: {
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
  },
  values: {
    formationType: FORMATION_TYPE_LABELS,
    entryLevel: FORMATION_LEVEL_LABELS,
    exitLevel: FORMATION_LEVEL_LABELS,
    bpfObjective: FORMATION_BPF_OBJECTIVE_LABELS,
    pricing: { payant: "Payant", gratuit: "Gratuit", "prise-en-charge": "Sans frais pour l'apprenant" },
  },
  find: async (db, ids) =>
    (
      await db
        .select({ id: formations.id, title: formations.title })
        .from(formations)
        .where(inArray(formations.id, ids))
    ).map((f) => ({ id: f.id, href: listSearchedFor("/admin/formations", f.title), name: f.title })),
};

export const sessionAudit: AuditDeclaration = {
  entity: "formation_session",
  kind: "Sessions",
  label: "la session",
  fields: {
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
  values: { mode: Object.fromEntries(SESSION_MODES.map((m) => [m.value, m.label])) },
  find: async (db, ids) =>
    (
      await db
        .select({ id: formationSessions.id, formationId: formationSessions.formationId })
        .from(formationSessions)
        .where(inArray(formationSessions.id, ids))
    ).map((s) => ({ id: s.id, href: `/admin/formations/${s.formationId}/sessions` })),
};

// Titles: how the Journal names a record, written with each entry at the time of the change, never a
// person (the log outlives an erased candidate or request). The migration that named older entries
// writes the same shapes in SQL (the migration journal_record_titles).

/** '04/01/2027' from '2027-01-04'. */
const numericDay = (iso: string) => iso.split("-").reverse().join("/");

export const sessionTitle = (formationTitle: string, startDate: string) =>
  `${formationTitle}, session du ${numericDay(startDate)}`;

export async function sessionTitleOf(tx: Db, sessionId: string): Promise<string> {
  const [row] = await tx
    .select({ title: formations.title, startDate: formationSessions.startDate })
    .from(formationSessions)
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(formationSessions.id, sessionId));
  return row ? sessionTitle(row.title, row.startDate) : `Session (réf. ${shortRef(sessionId)})`;
}
