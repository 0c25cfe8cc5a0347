/** The contact page's static French content and the choices its forms offer. */
import type { ToastMessage } from "~/platform/toast";

/** Upper bounds of the form fields (the server says so in French past them). */
export const LIMITS = { name: 100, email: 254, phone: 30, message: 5000, formation: 200 } as const;

// The messages visitors see, one per rule; the upper bounds keep a lead form from becoming a file upload.
// Here rather than next to the zod schema so that browser-side checks can show them without zod.
export const CONTACT_ERRORS = {
  firstName: "Le prénom doit contenir au moins 2 caractères",
  lastName: "Le nom doit contenir au moins 2 caractères",
  email: "Veuillez entrer une adresse e-mail valide",
  phone: "Veuillez entrer un numéro de téléphone valide",
  subject: "Veuillez sélectionner un sujet",
  message: "Le message doit contenir au moins 10 caractères",
  firstNameTooLong: "Le prénom ne peut pas dépasser 100 caractères",
  lastNameTooLong: "Le nom ne peut pas dépasser 100 caractères",
  emailTooLong: "L'adresse e-mail ne peut pas dépasser 254 caractères",
  phoneTooLong: "Le numéro de téléphone ne peut pas dépasser 30 caractères",
  messageTooLong: "Le message ne peut pas dépasser 5 000 caractères",
  formation: "Veuillez choisir une formation de la liste",
  formationTooLong: "Le nom de la formation ne peut pas dépasser 200 caractères",
  source: "Origine de la demande inconnue",
  appointmentMode: "Veuillez choisir un type de rendez-vous de la liste",
} as const;

/** The honeypot: a field hidden from people and filled by bots. Any value means « pretend and drop ». */
export const HONEYPOT_FIELD = "website";

export const SUBJECTS = [
  { id: "information", label: "Demande d'information" },
  { id: "rdv", label: "Prendre rendez-vous" },
  { id: "inscription", label: "Inscription à une formation" },
  { id: "financement", label: "Financement de formation" },
  { id: "alternance", label: "Alternance" },
  { id: "autre", label: "Autre" },
] as const;

export type SubjectId = (typeof SUBJECTS)[number]["id"];
export const SUBJECT_IDS = SUBJECTS.map((s) => s.id) as [SubjectId, ...SubjectId[]];

/**
 * The contact form's last course choice, after the active formations (which come from the
 * database): a visitor may ask about a course the catalogue does not list.
 */
export const OTHER_FORMATION = { id: "autre", label: "Autre formation" } as const;

export function subjectLabel(id: string | null | undefined): string | undefined {
  return SUBJECTS.find((s) => s.id === id)?.label;
}

export function subjectFromParam(value: string | null | undefined): SubjectId | undefined {
  return SUBJECTS.find((s) => s.id === value)?.id;
}

/**
 * The appointment banner's three ways to meet: each 'Choisir' opens the form with the subject « rdv »
 * and this mode (`?sujet=rdv&mode=visio`), stored with the request (contact_requests.appointment_mode).
 */
export const APPOINTMENT_MODES = [
  {
    id: "telephone",
    title: "Appel téléphonique",
    text: "Un échange de 20 minutes avec un conseiller, au moment qui vous convient.",
  },
  {
    id: "visio",
    title: "Visioconférence",
    text: "Un rendez-vous en ligne pour parler de votre projet depuis chez vous.",
  },
  {
    id: "sur-place",
    title: "Rendez-vous sur place",
    text: "Venez nous rencontrer au centre et découvrir nos locaux.",
  },
] as const;

export type AppointmentModeId = (typeof APPOINTMENT_MODES)[number]["id"];
export const APPOINTMENT_MODE_IDS = APPOINTMENT_MODES.map((m) => m.id) as [
  AppointmentModeId,
  ...AppointmentModeId[],
];

export function appointmentModeLabel(id: string | null | undefined): string | undefined {
  return APPOINTMENT_MODES.find((m) => m.id === id)?.title;
}

/** The mode a `?mode=` parameter names, if it names one. */
export function appointmentModeFromParam(value: string | null | undefined): AppointmentModeId | undefined {
  return APPOINTMENT_MODE_IDS.find((id) => id === value);
}

/**
 * Where a callback request may come from (contact_requests.source). An allow-list, so that a
 * scripted post cannot fill the console with made-up sources.
 */
export const CALLBACK_SOURCES = [
  "callback_home_hero",
  "callback_home_testimonials",
  "callback_course_page",
  "callback_ready_card",
  "callback_contact_page",
  "callback_financing_page",
  "callback_catalogue",
] as const;

export type CallbackSource = (typeof CALLBACK_SOURCES)[number];

/** Visitor-facing messages shared by the page, the dialog and the server. */
export const CONTACT_MESSAGES = {
  success: {
    type: "success",
    title: "Message envoyé !",
    description: "Nous avons bien reçu votre message et vous répondrons dans les plus brefs délais.",
  },
  callbackSuccess: {
    type: "success",
    title: "Demande de rappel envoyée !",
    description: "Un conseiller vous rappelle dès que possible.",
  },
  failure: {
    type: "error",
    title: "Erreur",
    description: "Une erreur s'est produite lors de l'envoi du message. Veuillez réessayer.",
  },
  invalid: {
    type: "error",
    title: "Formulaire incomplet",
    description: "Veuillez corriger les champs signalés.",
  },
  tooMany: {
    type: "error",
    title: "Trop de demandes",
    description:
      "Vous avez envoyé trop de demandes en peu de temps. Veuillez patienter une minute avant de réessayer.",
  },
  tooLarge: {
    type: "error",
    title: "Erreur",
    description: "Votre demande est trop volumineuse. Raccourcissez votre message et réessayez.",
  },
} as const satisfies Record<string, ToastMessage>;
