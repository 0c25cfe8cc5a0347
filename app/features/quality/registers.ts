/**
 * The Qualiopi registers' fields, each declared once: its label, its control, whether it is required,
 * its length, its choices and its French message. The server's check (`registerSchema`) and the dialog's
 * controls (components/register-dialog.tsx) are both read from here. Browser-safe: no server import.
 */
import { z } from "zod";
import { isCalendarDay } from "~/platform/dates";
import { REQUIRED } from "~/platform/form-schema";
import { multiLine, singleLine } from "~/platform/text-fields";
import {
  IMPROVEMENT_ORIGIN_LABELS,
  type IMPROVEMENT_ORIGINS,
  IMPROVEMENT_STATE_LABELS,
  type IMPROVEMENT_STATES,
  PARTNER_KIND_LABELS,
  type PARTNER_KINDS,
  WATCH_KIND_LABELS,
  type WATCH_KINDS,
} from "./vocabulary";

interface FieldBase {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  /** The message when a required field is blank or a value is not one of the choices. */
  message?: string;
}

export type RegisterField =
  | (FieldBase & { kind: "text" | "textarea"; max: number })
  | (FieldBase & { kind: "date" })
  | (FieldBase & { kind: "select"; options: Readonly<Record<string, string>> })
  /** A choice among the staff (the loader gives the options); the server checks the person exists. */
  | (FieldBase & { kind: "staff" });

export interface RegisterDeclaration {
  /** The form's id prefix. */
  form: string;
  fields: readonly RegisterField[];
}

const maxMessage = (max: number) => `${max} caractères maximum`;

function fieldSchema(field: RegisterField): z.ZodType<string | null> {
  const blank = field.message ?? REQUIRED;
  switch (field.kind) {
    case "text":
    case "textarea": {
      const text = z
        .string()
        .max(field.max, maxMessage(field.max))
        .optional()
        .transform((v) => v?.trim() ?? "");
      const clean = field.kind === "text" ? singleLine : multiLine;
      return z.preprocess(
        clean,
        field.required ? text.refine((v) => v !== "", blank) : text,
      ) as z.ZodType<string>;
    }
    case "date": {
      const message = field.message ?? "Date invalide";
      return z
        .string()
        .optional()
        .transform((v) => v?.trim() || null)
        .refine((v) => (v === null ? !field.required : isCalendarDay(v)), message);
    }
    case "select": {
      const values = Object.keys(field.options);
      return z
        .string()
        .optional()
        .transform((v) => v ?? "")
        .refine((v) => values.includes(v), blank);
    }
    case "staff":
      return z
        .string()
        .max(100, blank)
        .optional()
        .transform((v) => v?.trim() || null)
        .refine((v) => v !== null || !field.required, blank);
  }
}

/** The server's check of one register's posted fields, with each field's French message. */
export function registerSchema<Input>(declaration: RegisterDeclaration): z.ZodType<Input> {
  return z.object(
    Object.fromEntries(declaration.fields.map((field) => [field.name, fieldSchema(field)])),
  ) as unknown as z.ZodType<Input>;
}

export const IMPROVEMENT_ERRORS = {
  origin: "Choisissez l'origine de l'action",
  title: "Indiquez l'action d'amélioration",
  state: "Choisissez l'état de l'action",
  owner: "Choisissez une personne de l'équipe",
  dueOn: "Date d'échéance invalide",
  unknown: "Action d'amélioration introuvable.",
  origin404: "L'enregistrement à l'origine de cette action n'existe plus.",
} as const;

export const IMPROVEMENT_REGISTER: RegisterDeclaration = {
  form: "amelioration",
  fields: [
    {
      name: "origin",
      label: "Origine",
      kind: "select",
      options: IMPROVEMENT_ORIGIN_LABELS,
      required: true,
      message: IMPROVEMENT_ERRORS.origin,
    },
    {
      name: "title",
      label: "Action",
      kind: "text",
      max: 200,
      required: true,
      message: IMPROVEMENT_ERRORS.title,
    },
    {
      name: "description",
      label: "Description",
      kind: "textarea",
      max: 4000,
      hint: "Le constat, ce qui sera fait, par qui",
    },
    { name: "ownerId", label: "Responsable", kind: "staff", message: IMPROVEMENT_ERRORS.owner },
    { name: "dueOn", label: "Échéance", kind: "date", message: IMPROVEMENT_ERRORS.dueOn },
    {
      name: "state",
      label: "État",
      kind: "select",
      options: IMPROVEMENT_STATE_LABELS,
      required: true,
      message: IMPROVEMENT_ERRORS.state,
    },
    {
      name: "result",
      label: "Résultat",
      kind: "textarea",
      max: 4000,
      hint: "Ce que l'action a changé, mesuré si possible (indicateur 32)",
    },
  ],
};

export interface ImprovementInput {
  origin: (typeof IMPROVEMENT_ORIGINS)[number];
  title: string;
  description: string;
  ownerId: string | null;
  dueOn: string | null;
  state: (typeof IMPROVEMENT_STATES)[number];
  result: string;
}

export const WATCH_ERRORS = {
  seenOn: "Indiquez la date de la veille",
  kind: "Choisissez le type de veille",
  source: "Indiquez la source (texte, site, salon, réseau…)",
  summary: "Résumez ce que vous avez appris",
  unknown: "Entrée de veille introuvable.",
} as const;

export const WATCH_REGISTER: RegisterDeclaration = {
  form: "veille",
  fields: [
    { name: "seenOn", label: "Date", kind: "date", required: true, message: WATCH_ERRORS.seenOn },
    {
      name: "kind",
      label: "Type de veille",
      kind: "select",
      options: WATCH_KIND_LABELS,
      required: true,
      message: WATCH_ERRORS.kind,
    },
    { name: "source", label: "Source", kind: "text", max: 300, required: true, message: WATCH_ERRORS.source },
    {
      name: "summary",
      label: "Résumé",
      kind: "textarea",
      max: 4000,
      required: true,
      message: WATCH_ERRORS.summary,
    },
    {
      name: "impact",
      label: "Ce que cela change pour le centre",
      kind: "textarea",
      max: 4000,
      hint: "Une formation à revoir, une pratique à changer, rien pour l'instant…",
    },
  ],
};

export interface WatchInput {
  seenOn: string;
  kind: (typeof WATCH_KINDS)[number];
  source: string;
  summary: string;
  impact: string;
}

export const PARTNER_ERRORS = {
  name: "Indiquez le nom du partenaire",
  kind: "Choisissez le type de partenaire",
  unknown: "Partenaire introuvable.",
} as const;

export const PARTNER_REGISTER: RegisterDeclaration = {
  form: "partenaire",
  fields: [
    { name: "name", label: "Nom", kind: "text", max: 200, required: true, message: PARTNER_ERRORS.name },
    {
      name: "kind",
      label: "Type",
      kind: "select",
      options: PARTNER_KIND_LABELS,
      required: true,
      message: PARTNER_ERRORS.kind,
    },
    {
      name: "contact",
      label: "Contact",
      kind: "textarea",
      max: 1000,
      hint: "Une personne, un téléphone, une adresse e-mail",
    },
    {
      name: "purpose",
      label: "Pour quoi",
      kind: "textarea",
      max: 2000,
      hint: "Aménagements, financement, orientation…",
    },
  ],
};

export interface PartnerInput {
  name: string;
  kind: (typeof PARTNER_KINDS)[number];
  contact: string;
  purpose: string;
}

export const improvementSchema = registerSchema<ImprovementInput>(IMPROVEMENT_REGISTER);
export const watchSchema = registerSchema<WatchInput>(WATCH_REGISTER);
export const partnerSchema = registerSchema<PartnerInput>(PARTNER_REGISTER);
