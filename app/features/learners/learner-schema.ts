import { z } from "zod";
import { hasControlCharacters } from "~/platform/control-characters";
import {
  entityId,
  optionalCalendarDay,
  optionalEmail,
  optionalText,
  REQUIRED,
  searchQuery,
} from "~/platform/form-schema";
import { LEARNER_FIELDS } from "./learner-entity";
import {
  CERTIFICATION_OUTCOMES,
  type CertificationOutcome,
  LEARNER_FUNDINGS,
  LEARNER_STATUSES,
  type LearnerCategory,
  type LearnerStatus,
  TRAINEE_CATEGORIES,
} from "./vocabulary";

const NOT_ALLOWED = "Ce champ contient un caractère non autorisé";

/** An optional single line: blank is null, no control characters. */
const optionalLine = (max: number) =>
  optionalText(max).refine((value) => value === null || !hasControlCharacters(value), NOT_ALLOWED);

/** A single-line text typed or imported: trimmed, bounded (its declared limit), without control characters. */
const line = (max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(max, `${max} caractères maximum`)
    .refine((value) => !hasControlCharacters(value), NOT_ALLOWED);

export const UNKNOWN_LEARNER_CATEGORY =
  "Type de stagiaire inconnu : salarié·e, apprenti·e, demandeur·euse d'emploi, particulier ou autre";

/**
 * The BPF's type of learner as the dialog posts it (its code) or a CSV writes it in words: 'Salarié·e',
 * 'apprentie', 'Demandeur d'emploi', 'Particulier', 'Autre', accents, case and inclusive endings
 * aside. Blank: not said.
 */
export function learnerCategoryFrom(value: string): LearnerCategory | null | undefined {
  const v = value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[·.]\p{L}+/gu, "")
    .trim();
  if (v === "") return null;
  if ((TRAINEE_CATEGORIES as readonly string[]).includes(v)) return v as LearnerCategory;
  if (v.startsWith("salari")) return "private_employee";
  if (v.startsWith("apprenti")) return "apprentice";
  if (v.startsWith("demandeu") || v.startsWith("personne en recherche")) return "jobseeker";
  if (v.startsWith("particulier")) return "self_funded";
  if (v.startsWith("autre")) return "other";
  return undefined;
}

const learnerCategoryField = z
  .string()
  .optional()
  .transform((value, ctx): LearnerCategory | null => {
    const category = learnerCategoryFrom(value ?? "");
    if (category === undefined) {
      ctx.addIssue({ code: "custom", message: UNKNOWN_LEARNER_CATEGORY });
      return z.NEVER;
    }
    return category;
  });

/** Who the learner is: the same rules for the dialog, the CSV import and an admitted application. */
export const learnerPersonSchema = z.object({
  firstName: line(LEARNER_FIELDS.firstName.text.max),
  lastName: line(LEARNER_FIELDS.lastName.text.max),
  email: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(LEARNER_FIELDS.email.text.max, `${LEARNER_FIELDS.email.text.max} caractères maximum`)
    .pipe(z.email("Adresse e-mail invalide")),
  company: optionalLine(LEARNER_FIELDS.company.text.max),
  traineeCategory: learnerCategoryField,
});
export type LearnerPerson = z.infer<typeof learnerPersonSchema>;

export const FUNDING_ERRORS = {
  fundingSource: "Choisissez un financement de la liste",
  payerName: "Indiquez l'entreprise ou le financeur qui paie la formation",
  payerAddress: "Indiquez l'adresse de l'entreprise ou du financeur",
  payerSiret: "Le SIRET doit compter 14 chiffres",
  address: "Indiquez l'adresse postale : elle figure sur le contrat de formation",
  cpfFileNumber: "Le numéro de dossier Mon Compte Formation ne compte que des chiffres (6 à 15)",
} as const;

/**
 * A Mon Compte Formation file number as the platform shows it: digits only, typed with or without
 * spaces. Its length has changed over the years (and differs between the platform's screens and its
 * e-mails), so any run of 6 to 15 digits is taken rather than refusing a real one; blank: not known yet.
 */
const optionalCpfFileNumber = optionalText(40)
  .refine(
    (value) => value === null || /^\d{6,15}$/.test(value.replace(/[\s.]/g, "")),
    FUNDING_ERRORS.cpfFileNumber,
  )
  .transform((value) => (value === null ? null : value.replace(/[\s.]/g, "")));

/** A SIRET typed with or without spaces or dots, kept in its usual groups ('123 456 789 00012'); blank: none. */
const optionalSiret = optionalText(40)
  .refine(
    (value) => value === null || /^\d{14}$/.test(value.replace(/[\s.]/g, "")),
    FUNDING_ERRORS.payerSiret,
  )
  .transform((value) => {
    if (value === null) return null;
    const digits = value.replace(/[\s.]/g, "");
    return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`;
  });

/** Who pays (blank: not said yet) and, for a convention, its other party: the dialog's 'Financement'. */
const fundingFields = {
  fundingSource: z
    .enum(LEARNER_FUNDINGS, { error: FUNDING_ERRORS.fundingSource })
    .or(z.literal(""))
    .optional()
    .transform((value) => (value ? value : null)),
  payerName: optionalLine(LEARNER_FIELDS.payerName.text.max),
  payerAddress: optionalLine(LEARNER_FIELDS.payerAddress.text.max),
  payerSiret: optionalSiret,
  payerContactName: optionalLine(LEARNER_FIELDS.payerContactName.text.max),
  payerContactEmail: optionalEmail,
  address: optionalLine(LEARNER_FIELDS.address.text.max),
  cpfFileNumber: optionalCpfFileNumber,
};

type FundingInput = z.infer<z.ZodObject<typeof fundingFields>>;

/**
 * A payer other than the learner signs a convention: its name and address are printed on it. A
 * learner paying personally signs a contrat that prints their address. A CPF training has no other
 * party: nothing more is asked.
 */
function checkPayer(input: FundingInput, ctx: z.RefinementCtx) {
  if (input.fundingSource === "personal" && !input.address) {
    ctx.addIssue({ code: "custom", path: ["address"], message: FUNDING_ERRORS.address });
  }
  if (!input.fundingSource || input.fundingSource === "personal" || input.fundingSource === "cpf") return;
  if (!input.payerName)
    ctx.addIssue({ code: "custom", path: ["payerName"], message: FUNDING_ERRORS.payerName });
  if (!input.payerAddress) {
    ctx.addIssue({ code: "custom", path: ["payerAddress"], message: FUNDING_ERRORS.payerAddress });
  }
}

/**
 * A learner paying personally or through Mon Compte Formation has no other party, and only a CPF
 * training has a Mon Compte Formation file: what the form still carried is dropped.
 */
function payerKept<T extends FundingInput>(input: T): T {
  const kept = input.fundingSource === "cpf" ? input : { ...input, cpfFileNumber: null };
  if (input.fundingSource !== "personal" && input.fundingSource !== "cpf") return kept;
  return {
    ...kept,
    payerName: null,
    payerAddress: null,
    payerSiret: null,
    payerContactName: null,
    payerContactEmail: null,
  };
}

/** 'Ajouter un·e stagiaire': the person, who pays, and the session they join. */
export const learnerCreateSchema = learnerPersonSchema
  .extend({
    sessionId: entityId.or(z.literal("")).refine((value) => value !== "", "Choisissez une session"),
    ...fundingFields,
  })
  .superRefine(checkPayer)
  .transform(payerKept);
export type LearnerCreateInput = z.infer<typeof learnerCreateSchema>;

/**
 * 'Modifier le ou la stagiaire': the person, who pays, the status (an abandon needs its date, and
 * only an abandon has one) and the certification outcome (blank: none yet). Whether the formation
 * leads to a certification is the server's check.
 */
export const learnerUpdateSchema = learnerPersonSchema
  .extend({
    id: entityId,
    status: z.enum(LEARNER_STATUSES, { error: "Choisissez un statut" }),
    abandonedOn: optionalCalendarDay("Date invalide"),
    certification: z
      .enum(CERTIFICATION_OUTCOMES, { error: "Choisissez un résultat de la liste" })
      .or(z.literal(""))
      .optional()
      .transform((value) => (value ? value : null)),
    ...fundingFields,
  })
  .superRefine((input, ctx) => {
    checkPayer(input, ctx);
    if (input.status === "dropped_out" && !input.abandonedOn) {
      ctx.addIssue({ code: "custom", path: ["abandonedOn"], message: "Indiquez la date de l'abandon" });
    }
  })
  .transform((input) => ({
    ...payerKept(input),
    abandonedOn: input.status === "dropped_out" ? input.abandonedOn : null,
  }));
export type LearnerUpdateInput = z.infer<typeof learnerUpdateSchema>;

/** The Stagiaires list's filters, read from the URL (shareable; a session's 'Stagiaires' link sets one). */
export interface LearnerFilters {
  q: string;
  formation: string | null;
  session: string | null;
  status: LearnerStatus | null;
}

const uuidOrNull = (value: string | null) => (value && entityId.safeParse(value).success ? value : null);

export function learnerFiltersFrom(params: URLSearchParams): LearnerFilters {
  const status = params.get("statut");
  return {
    q: searchQuery(params),
    formation: uuidOrNull(params.get("formation")),
    session: uuidOrNull(params.get("session")),
    status: LEARNER_STATUSES.includes(status as LearnerStatus) ? (status as LearnerStatus) : null,
  };
}

export type { CertificationOutcome };
