/**
 * The published items of a course record in the words visitors read, shared by the course page and
 * its PDF programme so that both say the same thing. Empty optional items are left out: a visitor
 * never reads 'Non défini' or a console label.
 */

import { formatDate } from "~/platform/dates";
import { formatEuros } from "~/platform/money";
import {
  type CertificationCode,
  formatCertificationCode,
  franceCompetencesUrl,
  parseCertificationCode,
} from "./certification-code";
import type { LevelLabels } from "./levels";
import type { QualiopiRecord } from "./qualiopi";
import { formatDay } from "./sessions";

export interface RecordRow {
  label: string;
  value: string;
}

export interface CourseRecord extends QualiopiRecord {
  certification: string | null;
  contactName: string | null;
  /** The levels' labels (features/catalogue/levels.ts), given by the server. */
  levels: LevelLabels;
}

const present = (row: { label: string; value: string | null | undefined }): row is RecordRow =>
  Boolean(row.value?.trim());

const PRICING_TEXT = {
  gratuit: "Gratuit",
  "prise-en-charge":
    "Sans frais pour l'apprenant : prise en charge par l'employeur et son OPCO ou par un financeur",
} as const;

/**
 * What the learner pays, as staff chose it ('Tarif' in the formation editor): '3 900 € (net de taxe,
 * exonéré de TVA)' for a centre exempt from VAT, '3 900 € HT (4 680 € TTC)' for one liable to it (the
 * price is stored excluding VAT, as the conventions print it), 'Gratuit', or 'Sans frais pour
 * l'apprenant…' (with the cost covered when staff give one), then the price details. A price of 0 is
 * never read as one of these by itself: a record whose choice is unset says only its details.
 */
export function priceText(
  f: Pick<CourseRecord, "price" | "pricing" | "priceDetails">,
  includingVat: number | null,
): string {
  const amount =
    includingVat === null
      ? `${formatEuros(f.price)} (net de taxe, exonéré de TVA)`
      : `${formatEuros(f.price)} HT (${formatEuros(includingVat)} TTC)`;
  const main =
    f.pricing === "payant"
      ? amount
      : f.pricing === "prise-en-charge" && f.price > 0
        ? `Coût de la formation : ${amount}. ${PRICING_TEXT["prise-en-charge"]}`
        : f.pricing
          ? PRICING_TEXT[f.pricing]
          : null;
  return [main, f.priceDetails].filter(Boolean).join(". ");
}

/**
 * The course page and the PDF number the modules themselves ('Module 2 : Paie'): a title typed or
 * pasted with its own 'Module 2 :' (or 'Module 2 -', 'Module 2.') loses it, or it would read twice.
 * The console strips it when saving; pages strip it too for titles saved before.
 */
export function withoutModuleNumber(title: string): string {
  return title.replace(/^module\s*\d+\s*[:.)\u2013\u2014-]\s*/i, "").trim();
}

/** 'Module 2 : Paie et déclarations sociales', for the module at `index` (from 0). */
export function moduleHeading(index: number, title: string): string {
  return `Module ${index + 1} : ${withoutModuleNumber(title)}`;
}

/** 'Claire Moreau, conseillère formation · 01 23 45 67 89 · contact@…'. */
export function contactText(f: Pick<CourseRecord, "contactName" | "contactPhone" | "contactEmail">): string {
  return [f.contactName, f.contactPhone, f.contactEmail].filter(Boolean).join(" · ");
}

/**
 * Levels, access, prices, contact, methods, assessment, accessibility (Qualiopi indicator 1): the
 * level required to enter and the one reached are two items, never one field read both ways.
 */
export function practicalRows(f: CourseRecord, includingVat: number | null): RecordRow[] {
  return [
    { label: "Niveau requis", value: f.levels.required },
    { label: "Niveau de sortie", value: f.levels.reached },
    { label: "Modalités d'accès", value: f.accessArrangements },
    { label: "Délai d'accès", value: f.accessDelay },
    { label: "Tarif", value: priceText(f, includingVat) },
    { label: "Contact", value: contactText(f) },
    { label: "Méthodes pédagogiques", value: f.teachingMethods },
    { label: "Modalités d'évaluation", value: f.assessmentMethods },
    { label: "Accessibilité aux personnes en situation de handicap", value: f.accessibility },
  ].filter(present);
}

export interface CertificationInfo {
  code: CertificationCode | null;
  /** 'RNCP 35030' */
  codeText: string | null;
  /** Its public record on France Compétences. */
  url: string | null;
  /** Certification, certifier, registration date. */
  rows: RecordRow[];
  skillBlocks: string[];
  /** Equivalences and bridges, further paths. */
  pathRows: RecordRow[];
}

/**
 * What a certifying course publishes about its certification (indicator 3); null for a course
 * that leads to none.
 */
export function certificationInfo(f: CourseRecord): CertificationInfo | null {
  if (!f.certifying) return null;
  const code = parseCertificationCode(f.rncpCode);
  const registered = f.certificationRegisteredOn ? formatDay(f.certificationRegisteredOn) : null;
  return {
    code,
    codeText: code ? formatCertificationCode(code) : null,
    url: code ? franceCompetencesUrl(code) : null,
    rows: [
      { label: "Certification visée", value: f.certification },
      { label: "Certificateur", value: f.certifier },
      { label: "Date d'enregistrement", value: registered },
    ].filter(present),
    skillBlocks: f.skillBlocks.filter((b) => b.trim()),
    pathRows: [
      { label: "Équivalences et passerelles", value: f.equivalences },
      { label: "Suites de parcours", value: f.furtherPaths },
    ].filter(present),
  };
}

/** 'Mis à jour le 12 novembre 2026' (Paris day, '1er' on the first). */
export function updatedText(updatedAt: Date | string): string {
  return `Mis à jour le ${formatDate(updatedAt)}`;
}
