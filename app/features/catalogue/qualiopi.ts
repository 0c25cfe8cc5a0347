/**
 * What a training centre must publish about each course (Qualiopi): indicator 1 for every course
 * (prerequisites, objectives, duration, access, prices, contacts, methods, assessment,
 * accessibility), indicator 3 when the course leads to a certification (its code in the RNCP or the
 * RS with a link to its public record, certifier, registration date, skill blocks, equivalences and
 * bridges, further paths, jobs, pass rate). Pure: shared by the console, the course page and tests.
 */

import { plural } from "~/platform/plural";
import { parseCertificationCode } from "./certification-code";
import type { FormationRow } from "./formation-entity";

/** The fields the completeness check reads: a part of the formation's row. */
export type QualiopiRecord = Pick<
  FormationRow,
  | "objectives"
  | "prerequisites"
  | "duration"
  | "accessArrangements"
  | "accessDelay"
  | "price"
  | "pricing"
  | "priceDetails"
  | "contactPhone"
  | "contactEmail"
  | "teachingMethods"
  | "assessmentMethods"
  | "accessibility"
  | "certifying"
  | "rncpCode"
  | "certifier"
  | "certificationRegisteredOn"
  | "skillBlocks"
  | "equivalences"
  | "furtherPaths"
  | "careerOpportunities"
>;

const filled = (value: string | null | undefined) => Boolean(value?.trim());

/**
 * The published items this formation lacks, in the order the course page shows them, named as
 * staff know them in the formation editor. Empty when the record is complete.
 */
export function missingQualiopiItems(f: QualiopiRecord): string[] {
  const missing: string[] = [];
  const need = (ok: boolean, label: string) => {
    if (!ok) missing.push(label);
  };
  // Indicator 1: every course.
  need(f.objectives.some(filled), "Objectifs");
  need(filled(f.prerequisites), "Prérequis");
  need(filled(f.duration), "Durée");
  need(filled(f.accessArrangements), "Modalités d'accès");
  need(filled(f.accessDelay), "Délai d'accès");
  // What the learner pays must have been chosen (a price of 0 alone says nothing), or be told in words.
  need(f.pricing !== null || filled(f.priceDetails), "Tarifs");
  need(filled(f.contactPhone) || filled(f.contactEmail), "Contact (téléphone ou e-mail)");
  need(filled(f.teachingMethods), "Méthodes pédagogiques");
  need(filled(f.assessmentMethods), "Modalités d'évaluation");
  need(filled(f.accessibility), "Accessibilité (handicap)");
  if (!f.certifying) return missing;
  // Indicator 3: courses leading to a certification.
  const code = parseCertificationCode(f.rncpCode);
  need(code !== null, "Code RNCP ou RS");
  need(filled(f.certifier), "Certificateur");
  need(filled(f.certificationRegisteredOn), "Date d'enregistrement de la certification");
  // Only RNCP certifications are made of skill blocks; an RS one is a single block.
  if (code?.register !== "rs") need(f.skillBlocks.some(filled), "Blocs de compétences");
  need(filled(f.equivalences), "Équivalences et passerelles");
  need(filled(f.furtherPaths), "Suites de parcours");
  need(f.careerOpportunities.some(filled), "Débouchés");
  // The pass rate is not typed: it is computed from the learners' certification outcomes.
  return missing;
}

/** 'Informations Qualiopi complètes' or '3 informations manquantes'. */
export function completenessLabel(missing: readonly string[]): string {
  if (missing.length === 0) return "Informations Qualiopi complètes";
  return plural(missing.length, "information manquante", "informations manquantes");
}
