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
import {
  type FieldsWith,
  type FormationField,
  type FormationRow,
  fieldsWith,
  type PrintedList,
} from "./formation-entity";
import type { LevelLabels } from "./levels";
import type { QualiopiRecord } from "./qualiopi";
import { formatDay } from "./sessions";

export interface RecordRow {
  label: string;
  value: string;
}

/**
 * What the course page and the programme print of a formation: a part of its row, with its levels'
 * labels. The fields formation-entity.ts declares `printed` beyond those are optional: a record
 * without one prints no row for it.
 */
export type CourseRecord = QualiopiRecord &
  Pick<FormationRow, "certification" | "contactName"> &
  // The levels are printed from their labels (`levels`), never from their codes.
  Partial<Pick<FormationRow, Exclude<FieldsWith<"printed">, "entryLevel" | "exitLevel">>> & {
    /** The levels' labels (features/catalogue/levels.ts), given by the server. */
    levels: LevelLabels;
  };

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

// The modules' headings, in a file of their own: the course page's browser code reads them without
// this file's rows (and the fields' declaration they read), which its loader makes.
export { moduleHeading, withoutModuleNumber } from "./module-heading";

/** 'Claire Moreau, conseillère formation · 01 23 45 67 89 · contact@…'. */
export function contactText(f: Pick<CourseRecord, "contactName" | "contactPhone" | "contactEmail">): string {
  return [f.contactName, f.contactPhone, f.contactEmail].filter(Boolean).join(" · ");
}

/** The rows of `list` (formation-entity.ts's `printed`), in their declared order, less the empty ones. */
function printedRows(
  list: PrintedList,
  f: CourseRecord,
  computed: Partial<Record<FormationField, string | null>>,
) {
  return fieldsWith("printed")
    .filter(([, d]) => d.printed.in === list)
    .map(([name, d]) => {
      const value = name in computed ? computed[name] : f[name as keyof CourseRecord];
      return { label: d.printed.label, value: typeof value === "string" ? value : null };
    })
    .filter(present);
}

/**
 * Levels, access, prices, contact, methods, assessment, accessibility (Qualiopi indicator 1): the
 * level required to enter and the one reached are two items, never one field read both ways.
 */
export function practicalRows(f: CourseRecord, includingVat: number | null): RecordRow[] {
  return printedRows("practical", f, {
    entryLevel: f.levels.required,
    exitLevel: f.levels.reached,
    pricing: priceText(f, includingVat),
    contactName: contactText(f),
  });
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
    rows: printedRows("certification", f, { certificationRegisteredOn: registered }),
    skillBlocks: f.skillBlocks.filter((b) => b.trim()),
    pathRows: printedRows("paths", f, {}),
  };
}

/** 'Mis à jour le 12 novembre 2026' (Paris day, '1er' on the first). */
export function updatedText(updatedAt: Date | string): string {
  return `Mis à jour le ${formatDate(updatedAt)}`;
}
