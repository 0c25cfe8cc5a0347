/**
 * Qualiopi's fixed value lists (the evidence packs, the registers) with their French labels. Plain constants without imports: the database
 * schema builds its checks from them (drizzle-kit reads this file too), the console speaks the labels.
 */

/** An evidence pack's life: asked, being written by one instance, ready to download, or failed. */
export const QUALITY_PACK_STATES = ["queued", "running", "done", "failed"] as const;
export type QualityPackState = (typeof QUALITY_PACK_STATES)[number];

export const QUALITY_PACK_STATE_LABELS: Record<QualityPackState, string> = {
  queued: "En attente",
  running: "En préparation",
  done: "Prêt",
  failed: "Échec",
};

/** Where an improvement action comes from (indicator 32: the appreciations and complaints it answers). */
export const IMPROVEMENT_ORIGINS = ["complaint", "survey", "absence", "audit", "team"] as const;
export type ImprovementOrigin = (typeof IMPROVEMENT_ORIGINS)[number];

export const IMPROVEMENT_ORIGIN_LABELS: Readonly<Record<ImprovementOrigin, string>> = {
  complaint: "Réclamation",
  survey: "Résultat d'enquête sous le seuil",
  absence: "Taux d'absence",
  audit: "Constat d'audit",
  team: "Idée de l'équipe",
};

/** 'Proposée' → 'En cours' → 'Réalisée' (or 'Abandonnée'). */
export const IMPROVEMENT_STATES = ["proposed", "in_progress", "done", "abandoned"] as const;
export type ImprovementState = (typeof IMPROVEMENT_STATES)[number];

export const IMPROVEMENT_STATE_LABELS: Readonly<Record<ImprovementState, string>> = {
  proposed: "Proposée",
  in_progress: "En cours",
  done: "Réalisée",
  abandoned: "Abandonnée",
};

/** The three watches of criterion 6, each its indicator (23, 24, 25). */
export const WATCH_KINDS = ["legal", "jobs", "pedagogy"] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];

export const WATCH_KIND_LABELS: Readonly<Record<WatchKind, string>> = {
  legal: "Légale et réglementaire",
  jobs: "Métiers et compétences",
  pedagogy: "Pédagogique et technologique",
};

/** The indicator each watch proves. */
export const WATCH_KIND_INDICATORS: Readonly<Record<WatchKind, number>> = {
  legal: 23,
  jobs: 24,
  pedagogy: 25,
};

/** Who the centre works with for learners with a disability (indicator 26). */
export const PARTNER_KINDS = ["agefiph", "cap_emploi", "mdph", "other"] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

export const PARTNER_KIND_LABELS: Readonly<Record<PartnerKind, string>> = {
  agefiph: "Agefiph",
  cap_emploi: "Cap emploi",
  mdph: "MDPH",
  other: "Autre",
};
