// The formation form's fields that need more than a length: the price, the phone for accessibility,
// the programme and archived results (posted as JSON), RNCP/RS codes, position, goals, Lhéo's code
// lists and choices. formation-schema.ts assembles them into the whole form's schema.

import { z } from "zod";
import { commaList, optionalText } from "~/platform/form-schema";
import { quoted } from "~/platform/french";
import { formatIsoDay } from "~/platform/paris-time";
import { formatCertificationCode, parseCertificationCode } from "./certification-code";
import { withoutModuleNumber } from "./course-record";
import { GOAL_IDS, type GoalId } from "./goals";
import { type ArchivedResult, INSERTION_MONTHS, RESULT_KINDS } from "./results";

export const MAX_PRICE = 99_999_999;

export interface ModuleInput {
  title: string;
  duration: string;
  content: string;
}

export const PRICE_ERRORS = {
  invalid: "Prix invalide : un montant en euros, par exemple 1 200 ou 1 200,50",
  negative: "Le prix ne peut pas être négatif",
  tooHigh: "Prix trop élevé",
  pricing: "Choisissez ce que paie l'apprenant",
  paidWithout: "Indiquez le prix, ou choisissez « Gratuit » ou « Sans frais pour l'apprenant »",
  freeWith: "Une formation gratuite n'a pas de prix : laissez 0, ou choisissez « Payant »",
} as const;

/**
 * The price as typed (French decimal comma and spaces accepted; blank is 0), in euros with cents.
 * Anything else, a negative amount included, is refused: it was once stored as 0, a false tariff.
 */
export const priceField = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const cleaned = (value ?? "").replace(/[\s\u00a0\u202f€]/g, "").replace(",", ".");
    if (cleaned === "") return 0;
    const n = /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
    const message = Number.isNaN(n)
      ? PRICE_ERRORS.invalid
      : n < 0
        ? PRICE_ERRORS.negative
        : n > MAX_PRICE
          ? PRICE_ERRORS.tooHigh
          : null;
    if (message) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

/** A French phone number (01 23 45 67 89, +33 1 23 45 67 89, 01.23.45.67.89) inside a text. */
export const PHONE_IN_TEXT = /(?:\+33\s*\(?0?\)?|\b0)\s*[1-9](?:[\s.-]*\d{2}){4}\b/;

export const ACCESSIBILITY_PHONE =
  "Le contact du référent handicap vient de Paramètres et s'affiche sous ce texte : retirez-en le numéro de téléphone";

export const moduleSchema = z.object({
  title: z
    .string()
    .trim()
    .max(200, "Titre de module : 200 caractères maximum")
    .transform(withoutModuleNumber),
  duration: z.string().trim().max(50, "Durée de module : 50 caractères maximum"),
  content: z.string().trim().max(5000, "Contenu de module : 5000 caractères maximum"),
});

/** The programme travels as JSON in one hidden field; modules left entirely blank are dropped. */
export const programField = z
  .string()
  .optional()
  .transform((value, ctx): ModuleInput[] => {
    if (!value) return [];
    try {
      const parsed = z.array(moduleSchema).max(50).safeParse(JSON.parse(value));
      if (parsed.success) return parsed.data.filter((m) => m.title || m.duration || m.content);
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Programme invalide" });
    } catch {
      ctx.addIssue({ code: "custom", message: "Programme invalide" });
    }
    return z.NEVER;
  });

/** The Paris year: an archive is of a year before it (the current year's rates are computed). */
export const parisYear = () => Number(formatIsoDay(new Date()).slice(0, 4));

export const ARCHIVE_ERRORS = {
  year: "Une archive porte sur une année passée : les résultats de l'année en cours sont calculés à partir des stagiaires et des enquêtes",
  source: "Indiquez la source de ce résultat (par exemple : enquête interne)",
} as const;

export const resultSchema = z.object({
  kind: z.enum(RESULT_KINDS, { error: "Type de résultat inconnu" }),
  year: z
    .number({ error: "Année invalide" })
    .int("Année invalide")
    .min(2000, "Année invalide")
    .refine((year) => year < parisYear(), ARCHIVE_ERRORS.year),
  rate: z.number({ error: "Taux invalide" }).min(0, "Taux entre 0 et 100").max(100, "Taux entre 0 et 100"),
  sample: z
    .number({ error: "Effectif invalide" })
    .int("Effectif : un nombre entier")
    .min(1, "Effectif : au moins 1 personne")
    .max(1_000_000, "Effectif trop grand"),
  source: z
    .string({ error: ARCHIVE_ERRORS.source })
    .trim()
    .min(1, ARCHIVE_ERRORS.source)
    .max(120, "Source : 120 caractères maximum"),
  /** An insertion rate's period as archived (kept when staff edit it); a new one gets today's. */
  months: z
    .number({ error: "Période invalide" })
    .int("Période invalide")
    .min(1, "Période invalide")
    .max(60, "Période invalide")
    .optional(),
});

/** An archive as kept: an insertion rate always with its period, the other kinds without one. */
const withPeriod = ({ months, ...result }: z.infer<typeof resultSchema>): ArchivedResult =>
  result.kind === "insertion" ? { ...result, months: months ?? INSERTION_MONTHS } : result;

/**
 * The archived results travel as JSON in one hidden field (one per kind at most): rates of years
 * before the centre used the site, with their year, sample size and source. Nothing here is a
 * current rate: those are computed (features/indicators).
 */
export const resultsField = z
  .string()
  .optional()
  .transform((value, ctx): ArchivedResult[] => {
    if (!value) return [];
    try {
      const parsed = z.array(resultSchema).max(RESULT_KINDS.length).safeParse(JSON.parse(value));
      if (parsed.success) {
        const kinds = new Set(parsed.data.map((r) => r.kind));
        if (kinds.size === parsed.data.length) return parsed.data.map(withPeriod);
        ctx.addIssue({ code: "custom", message: "Un seul résultat par indicateur" });
      } else {
        ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Résultats invalides" });
      }
    } catch {
      ctx.addIssue({ code: "custom", message: "Résultats invalides" });
    }
    return z.NEVER;
  });

/** An RNCP or RS code, written the way France Compétences does ('RNCP 35030', 'RS 5826'). */
export const certificationCodeField = optionalText(50).transform((value, ctx) => {
  if (value === null) return null;
  const code = parseCertificationCode(value);
  if (code) return formatCertificationCode(code);
  ctx.addIssue({
    code: "custom",
    message: "Code invalide : RNCP ou RS suivi de son numéro, par exemple RNCP 35030",
  });
  return z.NEVER;
});

/** Where the formation sits in public lists: a whole number, lowest first; blank means 0. */
export const positionField = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const trimmed = value?.trim() ?? "";
    if (trimmed === "") return 0;
    const n = Number(trimmed);
    if (!Number.isInteger(n) || n < 0 || n > 9999) {
      ctx.addIssue({ code: "custom", message: "Ordre : un nombre entier entre 0 et 9999" });
      return z.NEVER;
    }
    return n;
  });

/** The home page goals the formation serves, posted as a comma-separated list of goal ids. */
export const goalsField = commaList.transform((ids, ctx): GoalId[] => {
  const unknown = ids.find((id) => !GOAL_IDS.includes(id as GoalId));
  if (unknown) {
    ctx.addIssue({ code: "custom", message: `Objectif inconnu : ${unknown}` });
    return z.NEVER;
  }
  return [...new Set(ids as GoalId[])];
});

/** Codes typed in one field, separated by commas or spaces: each must match, `max` at most, no repeats. */
export function codeList(pattern: RegExp, max: number, format: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx): string[] => {
      const codes = [
        ...new Set(
          (value ?? "")
            .split(/[\s,;]+/)
            .map((c) => c.trim().toUpperCase())
            .filter(Boolean),
        ),
      ];
      const bad = codes.find((c) => !pattern.test(c));
      if (bad !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `Code ${quoted(bad)} invalide : ${format}`,
        });
        return z.NEVER;
      }
      if (codes.length > max) {
        ctx.addIssue({ code: "custom", message: `${max} codes au plus` });
        return z.NEVER;
      }
      return codes;
    });
}

/** Choices ticked in a list, posted as one comma-separated field: each must be one of `options`. */
export function choiceList(options: readonly { value: string }[], max: number) {
  const allowed = new Set(options.map((o) => o.value));
  return commaList.transform((values, ctx): string[] => {
    const unique = [...new Set(values)];
    if (unique.some((v) => !allowed.has(v))) {
      ctx.addIssue({ code: "custom", message: "Choisissez dans la liste" });
      return z.NEVER;
    }
    if (unique.length > max) {
      ctx.addIssue({ code: "custom", message: `${max} choix au plus` });
      return z.NEVER;
    }
    return unique;
  });
}

/** One choice of a list, or nothing. */
export function optionalChoice(options: readonly { value: string }[]) {
  const allowed = new Set(options.map((o) => o.value));
  return z
    .string()
    .optional()
    .transform((value, ctx): string | null => {
      const v = value?.trim() ?? "";
      if (v === "") return null;
      if (!allowed.has(v)) {
        ctx.addIssue({ code: "custom", message: "Choisissez dans la liste" });
        return z.NEVER;
      }
      return v;
    });
}
