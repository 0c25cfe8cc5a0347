import { z } from "zod";
import { isCalendarDay } from "~/platform/dates";
import { optionalId, REQUIRED } from "~/platform/form-schema";
import { isMailbox } from "~/platform/mailbox";
import { emailAddress, FIELD_ERRORS, multiLine, phoneNumber, singleLine } from "~/platform/text-fields";
import { hasShareCapital } from "./centre";
import { LEARNER_RETENTION } from "./retention";
import { VAT_STATUSES } from "./vat";

/** The four categories of actions a Qualiopi certificate may cover (Code du travail, L. 6313-1). */
export const QUALIOPI_CATEGORIES = [
  "Actions de formation",
  "Bilans de compétences",
  "Actions permettant de faire valider les acquis de l'expérience",
  "Actions de formation par apprentissage",
] as const;

export const SETTINGS_ERRORS = {
  siret: "Le SIRET doit compter 14 chiffres",
  postalCode: "Le code postal doit compter 5 chiffres",
  activityNumber: "Le numéro de déclaration d'activité doit compter 11 chiffres",
  date: "Date invalide",
  hours: "Indiquez au moins une ligne d'horaires (7 au plus)",
  categories: "Choisissez au moins une catégorie d'actions",
  referentEmail: "Adresse e-mail invalide",
  referentPhone: "Veuillez entrer un numéro de téléphone valide",
  minResultAnswers: "Indiquez un nombre entier de 1 à 1 000",
  vatStatus: "Choisissez le régime de TVA du centre",
  learnerRetentionMonths: `Indiquez un nombre entier de mois, de ${LEARNER_RETENTION.minMonths} à ${LEARNER_RETENTION.maxMonths}`,
  activityRegion: "Indiquez la région qui a enregistré la déclaration",
  shareCapital: "Indiquez le capital social de la société (par exemple : 5 000 €)",
} as const;

const text = (max = 200) =>
  z.preprocess(
    singleLine,
    z.string({ error: REQUIRED }).min(1, REQUIRED).max(max, `${max} caractères maximum`),
  );
const optional = (max = 200) =>
  z.preprocess((v) => singleLine(v ?? ""), z.string().max(max, `${max} caractères maximum`));
const email = z.preprocess(singleLine, emailAddress);

/** The lead recipient: a staff mailbox (platform/mailbox.ts), as CONTACT_NOTIFY_EMAIL first sets it. */
const mailbox = z.preprocess(
  singleLine,
  z.string({ error: FIELD_ERRORS.email }).refine(isMailbox, FIELD_ERRORS.email),
);

/**
 * Digits only, then printed in the usual groups: "12345678900012" → "123 456 789 00012". With
 * `blank`, an empty value is accepted as ''.
 */
function digitsIn(count: number, message: string, groups: number[], blank = false) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[\s.]/g, "") : v),
    z
      .string({ error: message })
      .regex(new RegExp(`^(\\d{${count}})${blank ? "?" : ""}$`), message)
      .transform((digits) => {
        const parts: string[] = [];
        let at = 0;
        for (const size of groups) {
          parts.push(digits.slice(at, at + size));
          at += size;
        }
        return parts.join(" ").trim();
      }),
  );
}

/** A whole number from a text field, within bounds. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

const isoDay = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z.string().refine(isCalendarDay, SETTINGS_ERRORS.date).nullable(),
);

/** An optional field that, when filled, must pass `schema` (else `message`). */
const blankOr = (schema: z.core.$ZodType, message: string) =>
  optional(254).refine((v) => v === "" || z.safeParse(schema, v).success, message);

/**
 * The Paramètres form's fields, each checked on its own (French message per field). `openingHours`
 * is the textarea's text, one line per entry; `qualiopiCategories` every ticked box (none for a
 * centre without Qualiopi). The share capital, the activity declaration number and the Qualiopi
 * fields may stay empty: an association has no capital, a new centre gets its number after its first
 * convention, a centre may not be certified.
 */
export const centreSettingsSchema = z.object({
  name: text(),
  legalForm: text(),
  shareCapital: optional(100),
  siret: digitsIn(14, SETTINGS_ERRORS.siret, [3, 3, 3, 5]),
  rcs: optional(),
  foundedOn: isoDay,
  street: text(),
  postalCode: z.preprocess(singleLine, z.string().regex(/^\d{5}$/, SETTINGS_ERRORS.postalCode)),
  city: text(100),
  phone: phoneNumber,
  email,
  openingHours: z.preprocess(
    (v) =>
      typeof v === "string"
        ? String(multiLine(v))
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean)
        : v,
    z
      .array(z.string().max(100, "100 caractères maximum par ligne"))
      .min(1, SETTINGS_ERRORS.hours)
      .max(7, SETTINGS_ERRORS.hours),
  ),
  publicationDirector: text(),
  host: text(300),
  activityNumber: digitsIn(11, SETTINGS_ERRORS.activityNumber, [2, 2, 5, 2], true),
  activityRegion: optional(100),
  qualiopiCertifier: optional(),
  qualiopiValidUntil: isoDay,
  qualiopiCategories: z.array(z.enum(QUALIOPI_CATEGORIES, { error: SETTINGS_ERRORS.categories })),
  mediatorName: optional(),
  mediatorWebsite: optional(300),
  signatoryName: optional(),
  signatoryTitle: optional(),
  referentName: optional(),
  referentPhone: blankOr(phoneNumber, SETTINGS_ERRORS.referentPhone),
  referentEmail: blankOr(emailAddress, SETTINGS_ERRORS.referentEmail),
  leadRecipient: mailbox,
  complaintRecipient: optional(254).refine((v) => v === "" || isMailbox(v), FIELD_ERRORS.email),
  minResultAnswers: wholeNumber(1, 1000, SETTINGS_ERRORS.minResultAnswers),
  learnerRetentionMonths: wholeNumber(
    LEARNER_RETENTION.minMonths,
    LEARNER_RETENTION.maxMonths,
    SETTINGS_ERRORS.learnerRetentionMonths,
  ),
  vatStatus: z.enum(VAT_STATUSES, { error: SETTINGS_ERRORS.vatStatus }),
  logoId: optionalId("Choisissez le logo à nouveau dans la médiathèque"),
});

export type CentreSettingsInput = z.infer<typeof centreSettingsSchema>;
type Field = keyof CentreSettingsInput;

/** Left blank, these are reported as missing (the pages and documents need them), not as invalid. */
const REQUIRED_FIELDS: ReadonlySet<Field> = new Set<Field>([
  "name",
  "legalForm",
  "siret",
  "street",
  "postalCode",
  "city",
  "phone",
  "email",
  "openingHours",
  "publicationDirector",
  "host",
  "leadRecipient",
  "minResultAnswers",
  "learnerRetentionMonths",
  "vatStatus",
]);

const blank = (v: unknown) => typeof v === "string" && v.trim() === "";

/**
 * Checks each field on its own, so that a save keeps every valid field: `values` holds those, ready
 * to store; `errors` a French message for each field left out (missing, or invalid as typed). Two
 * rules read two fields: the capital exists only for a legal form that has one (stored empty
 * otherwise, so no page prints it), and a declaration number needs its region.
 */
export function checkCentreSettings(raw: Record<string, unknown>): {
  values: Partial<CentreSettingsInput>;
  errors: Partial<Record<Field, string>>;
} {
  const values: Partial<Record<Field, unknown>> = {};
  const errors: Partial<Record<Field, string>> = {};
  for (const [name, schema] of Object.entries(centreSettingsSchema.shape) as [Field, z.ZodType][]) {
    // A field the form did not send (the capital, hidden for an association) is left as stored:
    // neither emptied nor reported. The screen sends every other field, blank or not.
    if (raw[name] === undefined) continue;
    if (REQUIRED_FIELDS.has(name) && blank(raw[name])) {
      errors[name] = REQUIRED;
      continue;
    }
    const parsed = schema.safeParse(raw[name]);
    if (parsed.success) values[name] = parsed.data;
    else errors[name] = parsed.error.issues[0]?.message ?? REQUIRED;
  }
  // The capital is judged with the legal form it goes with (not sent, nothing to judge).
  const legalForm = typeof raw.legalForm === "string" ? raw.legalForm : null;
  if (legalForm !== null && !hasShareCapital(legalForm)) {
    if (!errors.legalForm) values.shareCapital = "";
    delete errors.shareCapital;
  } else if (legalForm !== null && values.shareCapital === "") {
    delete values.shareCapital;
    errors.shareCapital = SETTINGS_ERRORS.shareCapital;
  }
  if (values.activityNumber && values.activityRegion === "") {
    errors.activityRegion = SETTINGS_ERRORS.activityRegion;
  }
  return { values: values as Partial<CentreSettingsInput>, errors };
}

/** A règlement intérieur runs to a few pages; far beyond that is a paste gone wrong. */
export const INTERNAL_RULES_MAX = 40_000;

/**
 * Paramètres' règlement intérieur: Markdown (titles, lists, bold), line ends and stray control
 * characters cleaned. Empty is allowed: it withdraws the document, and convocations leave without it.
 */
export const internalRulesSchema = z.object({
  internalRules: z.preprocess(
    (v) => multiLine(v ?? ""),
    z
      .string()
      .max(
        INTERNAL_RULES_MAX,
        `Le règlement intérieur ne doit pas dépasser ${INTERNAL_RULES_MAX.toLocaleString("fr-FR")} caractères`,
      ),
  ),
});

/** The bounds of the automatic signing links' advance (minutes before a slot starts). */
export const ATTENDANCE_LINK_MINUTES = { min: 5, max: 720, suggested: 15 } as const;

/**
 * 'Émargement' in Paramètres: whether the server e-mails each learner their personal signing link
 * by itself, and how many minutes before each slot. Off (no box ticked) stores null.
 */
export const attendanceLinksSchema = z
  .object({ automatic: z.string().optional(), minutes: z.string().optional() })
  .transform((v, ctx) => {
    if (v.automatic !== "on") return { attendanceLinkMinutes: null };
    const minutes = Number((v.minutes ?? "").trim());
    const { min, max } = ATTENDANCE_LINK_MINUTES;
    if (!Number.isInteger(minutes) || minutes < min || minutes > max) {
      ctx.addIssue({
        code: "custom",
        path: ["minutes"],
        message: `Indiquez un nombre entier de minutes entre ${min} et ${max}`,
      });
      return z.NEVER;
    }
    return { attendanceLinkMinutes: minutes };
  });

/** The bounds of the absence alerts' thresholds, and the defaults of a new centre. */
export const ABSENCE_ALERT_BOUNDS = {
  slots: { max: 50, suggested: 2 },
  percent: { max: 100, suggested: 10 },
} as const;

/**
 * 'Suivi des absences' in Paramètres: after how many absences in a row (slots), and from what share
 * of the session's planned hours missed (percent), staff are alerted about a learner. 0 turns one off.
 */
export const absenceAlertsSchema = z.object({
  absenceAlertSlots: wholeNumber(
    0,
    ABSENCE_ALERT_BOUNDS.slots.max,
    `Indiquez un nombre entier de créneaux entre 0 et ${ABSENCE_ALERT_BOUNDS.slots.max} (0\u00a0: pas d'alerte)`,
  ),
  absenceAlertPercent: wholeNumber(
    0,
    ABSENCE_ALERT_BOUNDS.percent.max,
    `Indiquez un pourcentage entier entre 0 et ${ABSENCE_ALERT_BOUNDS.percent.max} (0\u00a0: pas d'alerte)`,
  ),
});
