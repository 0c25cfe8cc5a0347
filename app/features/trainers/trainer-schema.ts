import { z } from "zod";
import {
  formBoolean,
  optionalCalendarDay,
  optionalEmail,
  optionalText,
  REQUIRED,
  requiredText,
  searchQuery,
} from "~/platform/form-schema";
import { FIELD_ERRORS, FIELD_LIMITS, multiLine, singleLine } from "~/platform/text-fields";
import { TRAINER_DOCUMENT_KINDS } from "./vocabulary";

/**
 * The register's fields, checked on the server with these French messages (the dialog shows them
 * beside each field). A last name is required; the first name too, except on a trainer moved from a
 * single word of before (the form then asks for it at the next edit). The e-mail, when given, is one
 * trainer's: the trainer's space signs them in with it.
 */
export const TRAINER_ERRORS = {
  firstName: "Indiquez le prénom du formateur ou de la formatrice",
  lastName: "Indiquez le nom du formateur ou de la formatrice",
  emailTaken: "Cette adresse e-mail est déjà celle d'un autre formateur ou d'une autre formatrice.",
  phone: FIELD_ERRORS.phone,
  unknown: "Formateur ou formatrice introuvable.",
  inUse:
    "Ce formateur ou cette formatrice figure au planning de sessions : il ne peut pas être supprimé. Décochez « En activité » pour le ou la retirer des choix du planning.",
} as const;

const name = (message: string) =>
  z.preprocess(singleLine, z.string({ error: message }).min(1, message).max(100, "100 caractères maximum"));

/** A phone number that can be dialled, or blank. */
const optionalPhone = z.preprocess(
  singleLine,
  optionalText(FIELD_LIMITS.phone).refine(
    (v) => v === null || (/^\+?[0-9 ().-]+$/.test(v) && v.replace(/\D/g, "").length >= 8),
    TRAINER_ERRORS.phone,
  ),
);

export const trainerSchema = z.object({
  firstName: name(TRAINER_ERRORS.firstName),
  lastName: name(TRAINER_ERRORS.lastName),
  email: z.preprocess(singleLine, optionalEmail).transform((v) => v?.toLowerCase() ?? null),
  phone: optionalPhone,
  skills: z.preprocess(multiLine, optionalText(2000)).transform((v) => v ?? ""),
  qualification: z.preprocess(multiLine, optionalText(2000)).transform((v) => v ?? ""),
  // The dialog's checkbox, checked for a new trainer: unchecked (absent) makes them inactive.
  active: formBoolean,
});

export type TrainerInput = z.output<typeof trainerSchema>;

export const TRAINER_DOCUMENT_ERRORS = {
  kind: "Choisissez le type de document",
  label: REQUIRED,
  missing: "Choisissez le fichier à déposer (PDF, DOC, DOCX, ODT, JPEG ou PNG)",
  empty: "Le fichier est vide",
  type: "Le document doit être un PDF, un fichier DOC, DOCX ou ODT, ou une image JPEG ou PNG",
  expiresOn: "Date d'expiration invalide",
  unknown: "Document introuvable.",
} as const;

/** A document's facts posted with its file (the file itself is checked by its content). */
export const trainerDocumentSchema = z.object({
  trainerId: z.uuid(TRAINER_ERRORS.unknown),
  kind: z.enum(TRAINER_DOCUMENT_KINDS, { error: TRAINER_DOCUMENT_ERRORS.kind }),
  label: z.preprocess(singleLine, requiredText(200)),
  expiresOn: optionalCalendarDay(TRAINER_DOCUMENT_ERRORS.expiresOn),
});

export type TrainerDocumentInput = z.output<typeof trainerDocumentSchema>;

/** The register's filters, read from the URL (?q=&etat=): shareable, and they work without JavaScript. */
export interface TrainerFilters {
  q: string;
  /** 'actifs' (the default), 'inactifs' or 'tous'. */
  state: "active" | "inactive" | "all";
}

const STATES = { actifs: "active", inactifs: "inactive", tous: "all" } as const;

export function trainerFiltersFrom(params: URLSearchParams): TrainerFilters {
  const state = params.get("etat") ?? "actifs";
  return {
    q: searchQuery(params),
    state: Object.hasOwn(STATES, state) ? STATES[state as keyof typeof STATES] : "active",
  };
}
