import { z } from "zod";
import { CONTROL_CHARACTERS } from "~/platform/control-characters";
import { textFieldChecks } from "~/platform/entity-checks";
import {
  commaList,
  deriveSlug,
  formBoolean,
  lineList,
  optionalCalendarDay,
  optionalEmail,
  optionalId,
  optionalSlug,
  optionalText,
  REQUIRED,
} from "~/platform/form-schema";
import { NNBSP } from "~/platform/french";
import { SLUG_PATTERN, slugify } from "~/platform/slugify";
import { FORMATION_BPF_OBJECTIVES } from "./bpf-objective";
import {
  FORMATION_FIELD_LABELS,
  FORMATION_FIELDS,
  type FormationField,
  MULTILINE_FIELDS,
} from "./formation-entity";
import {
  ACCESSIBILITY_PHONE,
  certificationCodeField,
  choiceList,
  codeList,
  goalsField,
  optionalChoice,
  PHONE_IN_TEXT,
  PRICE_ERRORS,
  positionField,
  priceField,
  programField,
  resultsField,
} from "./formation-fields-schema";
import { FORMATION_LEVELS } from "./levels";
import {
  LHEO_ENTRY_MODES,
  LHEO_FUNDERS,
  LHEO_GENERAL_OBJECTIVES,
  LHEO_LIMITS,
  LHEO_PATHS,
  LHEO_PUBLICS,
} from "./lheo/lheo-codes";
import { FORMATION_PRICINGS } from "./pricing";
import { FORMATION_BADGES, FORMATION_TYPES } from "./vocabulary";

export type { ModuleInput } from "./formation-fields-schema";

/**
 * The fields typed on several lines (and a module's 'content'): their line breaks and tabs are text
 * (declared `multiline` in formation-entity.ts). Any other control character, in any field, is
 * refused: invisible on screen, it reached the iCalendar feed and the pages, and a NUL is refused by
 * PostgreSQL.
 */
const MULTILINE = MULTILINE_FIELDS;

const LINE_BREAKS_AND_TABS = /[\t\n\r]/g;

/** Whether a value, or any string inside it (a module, a result), holds a refused control character. */
function holdsControlCharacters(value: unknown, key: string): boolean {
  if (typeof value === "string") {
    const text = MULTILINE.has(key) ? value.replace(LINE_BREAKS_AND_TABS, "") : value;
    return CONTROL_CHARACTERS.test(text);
  }
  if (Array.isArray(value)) return value.some((item) => holdsControlCharacters(item, key));
  if (value && typeof value === "object") {
    return Object.entries(value).some(([inner, item]) => holdsControlCharacters(item, inner));
  }
  return false;
}

export const controlCharactersMessage = (field: string) =>
  `${field in FORMATION_FIELD_LABELS ? FORMATION_FIELD_LABELS[field as FormationField] : field}${NNBSP}: retirez les caractères invisibles (caractères de contrôle, souvent collés depuis un autre logiciel)`;

/** The plain text fields' checks, from their declaration (formation-entity.ts). */
const textFields = textFieldChecks(FORMATION_FIELDS);

const IMAGE_AGAIN = "Choisissez l'image à nouveau dans la médiathèque";

export const formationSchema = z
  .object({
    ...textFields,
    slug: optionalSlug,
    imageId: optionalId(IMAGE_AGAIN),
    formationType: z.enum(FORMATION_TYPES, { error: "Type de formation invalide" }),
    entryLevel: z.enum(FORMATION_LEVELS, { error: "Choisissez le niveau requis dans la liste" }),
    exitLevel: z
      .union([z.enum(FORMATION_LEVELS), z.literal("")], {
        error: "Choisissez le niveau de sortie dans la liste",
      })
      .optional()
      .transform((value) => (value ? value : null)),
    pricing: z.enum(FORMATION_PRICINGS, { error: PRICE_ERRORS.pricing }),
    price: priceField,
    rncpCode: certificationCodeField,
    badge: z
      .union([z.enum(FORMATION_BADGES), z.literal("")])
      .optional()
      .transform((value) => (value ? value : null)),
    active: formBoolean,
    // 'Publier' pressed instead of 'Enregistrer le brouillon' (a published formation's form).
    publish: formBoolean,
    objectives: lineList,
    program: programField,
    skills: commaList,
    contactEmail: optionalEmail,
    careerOpportunities: commaList,
    // The funders a visitor may turn to ('CPF', 'OPCO'…): empty, the formation claims none.
    funding: commaList,
    aliases: commaList,
    position: positionField,
    goals: goalsField,
    // One source for the referent's contact (Paramètres), shown under this text on the course page.
    accessibility: optionalText().refine((v) => v === null || !PHONE_IN_TEXT.test(v), ACCESSIBILITY_PHONE),
    results: resultsField,
    certifying: formBoolean,
    certificationRegisteredOn: optionalCalendarDay(
      "Date d'enregistrement invalide : choisissez un jour dans le calendrier",
    ),
    skillBlocks: lineList,
    // The Lhéo export's fields (lheo/lheo-codes.ts).
    formacodes: codeList(/^\d{5}$/, LHEO_LIMITS.formacodes, "5 chiffres, par exemple 31054"),
    nsfCodes: codeList(/^\d{3}$/, LHEO_LIMITS.nsf, "3 chiffres, par exemple 326"),
    romeCodes: codeList(/^[A-N]\d{4}$/, LHEO_LIMITS.rome, "une lettre et 4 chiffres, par exemple M1805"),
    targetPublics: choiceList(LHEO_PUBLICS, LHEO_LIMITS.publics),
    lheoFunders: choiceList(LHEO_FUNDERS, LHEO_LIMITS.funders),
    pathType: optionalChoice(LHEO_PATHS),
    entryMode: optionalChoice(LHEO_ENTRY_MODES),
    generalObjective: optionalChoice(LHEO_GENERAL_OBJECTIVES),
    bpfObjective: z
      .union([z.enum(FORMATION_BPF_OBJECTIVES), z.literal("")], {
        error: "Choisissez l'objectif dans la liste",
      })
      .optional()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((value, ctx) => {
    if (value.pricing === "payant" && value.price === 0) {
      ctx.addIssue({ code: "custom", path: ["price"], message: PRICE_ERRORS.paidWithout });
    }
    if (value.pricing === "gratuit" && value.price > 0) {
      ctx.addIssue({ code: "custom", path: ["price"], message: PRICE_ERRORS.freeWith });
    }
  })
  .transform((value, ctx) => {
    const refused = Object.entries(value).filter(([key, field]) => holdsControlCharacters(field, key));
    for (const [key] of refused) {
      ctx.addIssue({ code: "custom", path: [key], message: controlCharactersMessage(key) });
    }
    if (refused.length) return z.NEVER;
    const slug = deriveSlug(value, ctx);
    if (slug === null) return z.NEVER;
    const aliases = [
      ...new Set(value.aliases.map(slugify).filter((a) => SLUG_PATTERN.test(a) && a !== slug)),
    ];
    // One funding field: a formation is 'finançable' (the JSON-LD's category, Lhéo's
    // 'prise-en-charge-frais-possible') when it names a funder, never by a switch of its own.
    return { ...value, slug, aliases, financingEligible: value.funding.length > 0 };
  });

export type FormationInput = z.output<typeof formationSchema>;

export { REQUIRED };
