import { z } from "zod";
import { GOAL_IDS, type GoalId } from "~/content/goals";
import { SLUG_PATTERN, slugify } from "~/lib/slugify";
import { FORMATION_BADGES, FORMATION_TYPES } from "~/lib/vocabulary";
import {
  commaList,
  deriveSlug,
  formBoolean,
  lineList,
  optionalEmail,
  optionalSlug,
  optionalText,
  optionalUrl,
  REQUIRED,
  requiredText,
} from "./admin-common";

export const MAX_PRICE = 99_999_999;

export interface ModuleInput {
  title: string;
  duration: string;
  content: string;
}

/** SPEC.md §5: price parsed as a number, falling back to 0 (French decimal comma accepted). */
export function parsePrice(value: string | undefined): number {
  const n = Number.parseFloat((value ?? "").replace(/\s/g, "").replace(",", "."));
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : 0;
}

const moduleSchema = z.object({
  title: z.string().trim().max(200, "Titre de module : 200 caractères maximum"),
  duration: z.string().trim().max(50, "Durée de module : 50 caractères maximum"),
  content: z.string().trim().max(5000, "Contenu de module : 5000 caractères maximum"),
});

/** The programme travels as JSON in one hidden field; modules left entirely blank are dropped. */
const programField = z
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

/** "Libellé : valeur" one per line, e.g. "Taux de réussite : 87 %". */
const indicatorsField = lineList.transform((lines, ctx) => {
  const out: { label: string; value: string }[] = [];
  for (const line of lines) {
    const at = line.indexOf(":");
    if (at <= 0 || at === line.length - 1) {
      ctx.addIssue({ code: "custom", message: `Ligne « ${line} » : écrivez « Libellé : valeur »` });
      return z.NEVER;
    }
    out.push({ label: line.slice(0, at).trim(), value: line.slice(at + 1).trim() });
  }
  return out;
});

/** Where the formation sits in public lists: a whole number, lowest first; blank means 0. */
const positionField = z
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
const goalsField = commaList.transform((ids, ctx): GoalId[] => {
  const unknown = ids.find((id) => !GOAL_IDS.includes(id as GoalId));
  if (unknown) {
    ctx.addIssue({ code: "custom", message: `Objectif inconnu : ${unknown}` });
    return z.NEVER;
  }
  return [...new Set(ids as GoalId[])];
});

export const formationSchema = z
  .object({
    title: requiredText(200),
    slug: optionalSlug,
    formationType: z.enum(FORMATION_TYPES, { error: "Type de formation invalide" }),
    description: requiredText(1000),
    longDescription: optionalText(10000),
    content: optionalText(50000),
    duration: requiredText(100),
    levelRequired: requiredText(200),
    price: z
      .string()
      .optional()
      .transform((value) => parsePrice(value))
      .refine((n) => n <= MAX_PRICE, "Prix trop élevé"),
    rncpCode: optionalText(50),
    badge: z
      .union([z.enum(FORMATION_BADGES), z.literal("")])
      .optional()
      .transform((value) => (value ? value : null)),
    financingEligible: formBoolean,
    active: formBoolean,
    objectives: lineList,
    program: programField,
    skills: commaList,
    prerequisites: optionalText(),
    certification: optionalText(),
    employmentRate: optionalText(200),
    salaryRange: optionalText(200),
    nextSessions: commaList,
    location: optionalText(300),
    format: optionalText(200),
    contactPhone: optionalText(50),
    contactEmail: optionalEmail,
    careerOpportunities: commaList,
    funding: commaList,
    sector: optionalText(200),
    imageUrl: optionalUrl,
    aliases: commaList,
    position: positionField,
    goals: goalsField,
    accessDelay: optionalText(500),
    teachingMethods: optionalText(),
    assessmentMethods: optionalText(),
    accessibility: optionalText(),
    resultsIndicators: indicatorsField,
    resultsYear: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const trimmed = value?.trim() ?? "";
        if (trimmed === "") return null;
        const year = Number(trimmed);
        if (!Number.isInteger(year) || year < 2000 || year > 2100) {
          ctx.addIssue({ code: "custom", message: "Année invalide" });
          return z.NEVER;
        }
        return year;
      }),
  })
  .transform((value, ctx) => {
    const slug = deriveSlug(value, ctx);
    if (slug === null) return z.NEVER;
    const aliases = [
      ...new Set(value.aliases.map(slugify).filter((a) => SLUG_PATTERN.test(a) && a !== slug)),
    ];
    return { ...value, slug, aliases };
  });

export type FormationInput = z.output<typeof formationSchema>;

export { REQUIRED };
