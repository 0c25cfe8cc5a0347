/**
 * Whether a formation can go into the Lhéo export: what lheo-2.3.xsd requires of an offer and that
 * the record does not say yet, named as staff know the fields. A formation with anything missing
 * is left out of the export (which therefore always validates) and the console lists what to fill.
 * Pure: the console's list, the dialog and the export share it.
 */

import { plural } from "~/platform/plural";
import { parseCertificationCode } from "../certification-code";
import type { FormationLevel } from "../levels";
import { formatDay } from "../sessions";

export interface LheoReadinessRecord {
  objectives: readonly string[];
  certification: string | null;
  prerequisites: string | null;
  entryLevel: FormationLevel | null;
  certifying: boolean;
  rncpCode: string | null;
  formacodes: readonly string[];
  targetPublics: readonly string[];
  pathType: string | null;
  entryMode: string | null;
}

export interface LheoReadinessSession {
  startDate: string;
  rhythm: string | null;
}

export interface LheoReadinessCentre {
  name: string;
  siret: string;
  activityNumber: string;
  street: string;
  postalCode: string;
  city: string;
}

const filled = (value: string | null | undefined) => Boolean(value?.trim());

/** '123 456 789 00012' → '12345678900012'. */
export const digitsOf = (value: string) => value.replace(/\D/g, "");

/** What Paramètres lacks for the responsible organisation: every formation waits for it. */
export function missingCentreItems(c: LheoReadinessCentre): string[] {
  const missing: string[] = [];
  const need = (ok: boolean, label: string) => {
    if (!ok) missing.push(label);
  };
  need(digitsOf(c.siret).length === 14, "SIRET du centre (14 chiffres, Paramètres)");
  need(
    digitsOf(c.activityNumber).length === 11,
    "Numéro de déclaration d'activité (11 chiffres, Paramètres)",
  );
  need(filled(c.name), "Nom du centre (Paramètres)");
  need(filled(c.street), "Adresse du centre (Paramètres)");
  need(/^\d{5}$/.test(c.postalCode.trim()), "Code postal du centre (5 chiffres, Paramètres)");
  need(filled(c.city) && Array.from(c.city.trim()).length <= 50, "Ville du centre (Paramètres)");
  return missing;
}

/**
 * What this formation lacks for the export, with its upcoming sessions (started ones never go) and
 * what Paramètres lacks; empty when it is ready.
 */
export function missingLheoItems(
  f: LheoReadinessRecord,
  sessions: readonly LheoReadinessSession[],
  centreMissing: readonly string[],
): string[] {
  const missing: string[] = [];
  const need = (ok: boolean, label: string) => {
    if (!ok) missing.push(label);
  };
  need(f.formacodes.length > 0, "Codes Formacode");
  need(f.objectives.some(filled), "Objectifs");
  need(filled(f.certification), "Certification visée (résultats attendus)");
  need(filled(f.prerequisites), "Prérequis");
  need(f.entryLevel !== null, "Niveau requis");
  need(f.targetPublics.length > 0, "Public visé");
  need(f.pathType !== null, "Type de parcours");
  need(f.entryMode !== null, "Entrées et sorties");
  if (f.certifying) need(parseCertificationCode(f.rncpCode) !== null, "Code RNCP ou RS");
  need(sessions.length > 0, "Une session à venir");
  for (const s of sessions) need(filled(s.rhythm), `Rythme de la session du ${formatDay(s.startDate)}`);
  missing.push(...centreMissing);
  return missing;
}

/** 'Prête pour l'export Lhéo' or '3 informations manquantes pour l'export Lhéo'. */
export function lheoStatusLabel(missing: readonly string[]): string {
  if (missing.length === 0) return "Prête pour l'export Lhéo";
  return `${plural(missing.length, "information manquante", "informations manquantes")} pour l'export Lhéo`;
}
