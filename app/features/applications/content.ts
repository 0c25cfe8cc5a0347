/**
 * The online application form: its choices, bounds and French messages. No zod here: the page's
 * browser-side checks read the same bounds and messages as the server.
 */

import { FILE_SIZE_LABEL, REQUEST_LIMITS } from "~/platform/request-limits";
import type { ToastMessage } from "~/platform/toast";
import { APPLICATION_FIELDS } from "./application-entity";

export const SITUATIONS = [
  { value: "demandeur_emploi", label: "Demandeur·euse d'emploi" },
  { value: "salarie", label: "Salarié·e" },
  { value: "etudiant", label: "Étudiant·e ou lycéen·ne" },
  { value: "independant", label: "Indépendant·e" },
  { value: "autre", label: "Autre" },
] as const;

export const FINANCINGS = [
  { value: "cpf", label: "CPF" },
  { value: "alternance", label: "Alternance / apprentissage" },
  { value: "france_travail", label: "France Travail" },
  { value: "opco", label: "OPCO / plan de développement des compétences" },
  { value: "region", label: "Région" },
  { value: "autofinancement", label: "Autofinancement" },
  { value: "ne_sait_pas", label: "Je ne sais pas encore" },
] as const;

export type SituationValue = (typeof SITUATIONS)[number]["value"];
export type FinancingValue = (typeof FINANCINGS)[number]["value"];

export const SITUATION_VALUES = SITUATIONS.map((s) => s.value) as [SituationValue, ...SituationValue[]];
export const FINANCING_VALUES = FINANCINGS.map((f) => f.value) as [FinancingValue, ...FinancingValue[]];

export const situationLabel = (value: string) => SITUATIONS.find((s) => s.value === value)?.label ?? value;
export const financingLabel = (value: string) => FINANCINGS.find((f) => f.value === value)?.label ?? value;

export const APPLICATION_LIMITS = {
  diploma: APPLICATION_FIELDS.lastDiploma.text.max,
  motivation: APPLICATION_FIELDS.motivation.text.max,
  accommodation: APPLICATION_FIELDS.accommodation.text.max,
  /** Each file (the one limit on documents, app/platform/request-limits.ts). */
  fileBytes: REQUEST_LIMITS.fileBytes,
} as const;

/** The two files a candidate sends: the CV is required, the cover letter optional. */
export const APPLICATION_FILES = [
  { field: "cv", label: "CV", required: true },
  { field: "letter", label: "Lettre de motivation", required: false },
] as const;

export type ApplicationFileField = (typeof APPLICATION_FILES)[number]["field"];

/** What the file inputs accept (a hint to the browser; the server decides from the content). */
export const FILE_ACCEPT =
  ".pdf,.doc,.docx,.odt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.oasis.opendocument.text";

export const FILE_EXTENSIONS = ["pdf", "doc", "docx", "odt"] as const;

export const APPLICATION_ERRORS = {
  session: "Veuillez choisir une session ouverte",
  situation: "Veuillez indiquer votre situation actuelle",
  financing: "Veuillez indiquer le financement envisagé",
  diploma: "Veuillez indiquer votre dernier diplôme obtenu (ou « Aucun »)",
  diplomaTooLong: "Le diplôme ne peut pas dépasser 200 caractères",
  motivation: "Vos motivations doivent contenir au moins 10 caractères",
  motivationTooLong: "Vos motivations ne peuvent pas dépasser 3 000 caractères",
  accommodationTooLong: "La demande d'aménagement ne peut pas dépasser 2 000 caractères",
  consent: "Veuillez accepter le traitement de vos données pour candidater",
  cvMissing: "Veuillez joindre votre CV",
  cvType: "Le CV doit être un fichier PDF, DOC, DOCX ou ODT",
  letterType: "La lettre de motivation doit être un fichier PDF, DOC, DOCX ou ODT",
  fileTooLarge: `Le fichier ne doit pas dépasser ${FILE_SIZE_LABEL}`,
  fileEmpty: "Le fichier est vide",
} as const;

export const APPLICATION_MESSAGES = {
  invalid: {
    type: "error",
    title: "Votre candidature n'a pas pu être envoyée",
    description: "Vérifiez les champs signalés. Pour votre sécurité, joignez à nouveau vos fichiers.",
  },
  tooLarge: {
    type: "error",
    title: "Envoi trop volumineux",
    description: `Le CV et la lettre ne doivent pas dépasser ${FILE_SIZE_LABEL} chacun.`,
  },
  tooMany: {
    type: "error",
    title: "Trop de tentatives",
    description: "Veuillez patienter une minute avant de réessayer.",
  },
  failure: {
    type: "error",
    title: "Erreur lors de l'envoi",
    description: "Votre candidature n'a pas été enregistrée. Réessayez dans un instant.",
  },
} as const satisfies Record<string, ToastMessage>;

/** The type a file's name claims, for the browser's early check (the server reads the content). */
export function extensionAllowed(name: string): boolean {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  return (FILE_EXTENSIONS as readonly string[]).includes(ext);
}

/** The browser-side check of one chosen file: the same messages the server would answer. */
export function checkChosenFile(
  field: ApplicationFileField,
  file: { name: string; size: number } | null,
): string | null {
  if (!file || (file.size === 0 && file.name === "")) {
    return field === "cv" ? APPLICATION_ERRORS.cvMissing : null;
  }
  if (file.size === 0) return APPLICATION_ERRORS.fileEmpty;
  if (!extensionAllowed(file.name)) {
    return field === "cv" ? APPLICATION_ERRORS.cvType : APPLICATION_ERRORS.letterType;
  }
  if (file.size > APPLICATION_LIMITS.fileBytes) return APPLICATION_ERRORS.fileTooLarge;
  return null;
}
