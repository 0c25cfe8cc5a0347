import { z } from "zod";
import { companyDigits, frenchVatNumber, isValidSiren, isValidSiret } from "~/platform/company-numbers";
import { optionalText, REQUIRED, requiredText, searchQuery } from "~/platform/form-schema";
import { emailAddress, singleLine } from "~/platform/text-fields";
import { normalizeVatNumber, VAT_NUMBER_ERRORS, vatNumberProblem } from "./vat-number";
import { PAYER_KINDS, type PayerKind, PUBLIC_PAYER_KINDS } from "./vocabulary";

/**
 * The Financeurs dialog's fields, checked on the server with these French messages. A business and a
 * public buyer are identified by their SIREN (the invoice's buyer identifier, Chorus Pro's key); a
 * person paying for their own training has none, so a 'Particulier' keeps no SIREN, SIRET or VAT
 * number. Numbers are stored as digits without spaces, whatever was typed ('123 456 789').
 */
export const PAYER_ERRORS = {
  kind: "Choisissez le type de financeur",
  sirenRequired: "Indiquez le SIREN de ce financeur (9 chiffres).",
  sirenLength: "Le SIREN doit compter 9 chiffres.",
  sirenCheck: "Ce SIREN n'existe pas : vérifiez les chiffres (clé de contrôle).",
  siretLength: "Le SIRET doit compter 14 chiffres.",
  siretCheck: "Ce SIRET n'existe pas : vérifiez les chiffres (clé de contrôle).",
  siretOfSiren: "Le SIRET commence par les 9 chiffres du SIREN : vérifiez l'un ou l'autre.",
  postalCode: "Le code postal doit compter 5 chiffres",
} as const;

/** A VAT number typed that is not its SIREN's: the message names the right one. */
export const vatNumberMismatch = (expected: string) =>
  `Le numéro de TVA de ce SIREN est ${expected} : vérifiez les chiffres.`;

/** Kinds a SIREN is asked of: every payer but a person. */
export const payerHasSiren = (kind: PayerKind) => kind !== "individual";
/** Kinds invoiced through Chorus Pro, whose service code is kept. */
export const payerUsesChorus = (kind: PayerKind) => PUBLIC_PAYER_KINDS.includes(kind);

/** What was typed in a company number's box, as digits ('123 456 789' → '123456789'). */
const digitsTyped = (tooLong: string) =>
  z
    .string()
    .max(40, tooLong)
    .optional()
    .transform((value) => companyDigits(value ?? ""));

const line = (max: number) => z.preprocess(singleLine, requiredText(max));

/** The SIREN's problem, or null: required, 9 digits, its Luhn key holding. */
function sirenProblem(siren: string): string | null {
  if (siren === "") return PAYER_ERRORS.sirenRequired;
  if (!/^\d{9}$/.test(siren)) return PAYER_ERRORS.sirenLength;
  return isValidSiren(siren) ? null : PAYER_ERRORS.sirenCheck;
}

/** The SIRET's problem, or null: 14 digits, its own key, and the SIREN's 9 digits first. */
function siretProblem(siret: string, siren: string | null): string | null {
  if (!/^\d{14}$/.test(siret)) return PAYER_ERRORS.siretLength;
  if (!isValidSiret(siret)) return PAYER_ERRORS.siretCheck;
  return siren !== null && !siret.startsWith(siren) ? PAYER_ERRORS.siretOfSiren : null;
}

/** The VAT number's problem, or null: a French number, and the one of this SIREN. */
function vatProblem(vat: string, siren: string | null): string | null {
  const problem = vatNumberProblem(vat);
  if (problem) return problem;
  const expected = siren === null ? null : frenchVatNumber(siren);
  return expected !== null && vat !== expected ? vatNumberMismatch(expected) : null;
}

/**
 * The company numbers are checked together, and only for a payer that has them: a person's form
 * shows none, and what it still carried is dropped rather than refused.
 */
export const payerSchema = z
  .object({
    kind: z.enum(PAYER_KINDS, { error: PAYER_ERRORS.kind }),
    name: line(200),
    siren: digitsTyped(PAYER_ERRORS.sirenLength),
    siret: digitsTyped(PAYER_ERRORS.siretLength),
    vatNumber: z
      .string()
      .max(40, VAT_NUMBER_ERRORS.shape)
      .optional()
      .transform((value) => normalizeVatNumber(value ?? "")),
    street: line(300),
    postalCode: z.preprocess(
      singleLine,
      z.string({ error: REQUIRED }).regex(/^\d{5}$/, PAYER_ERRORS.postalCode),
    ),
    city: line(100),
    invoicingEmail: z.preprocess(singleLine, emailAddress),
    contactName: z.preprocess(singleLine, optionalText(200)),
    chorusServiceCode: z.preprocess(singleLine, optionalText(100)),
  })
  .superRefine((payer, ctx) => {
    if (!payerHasSiren(payer.kind)) return;
    const problems = {
      siren: sirenProblem(payer.siren),
      siret: null as string | null,
      vatNumber: null as string | null,
    };
    // A SIRET or VAT number is compared with the SIREN only once the SIREN itself holds.
    const siren = problems.siren ? null : payer.siren;
    if (payer.siret) problems.siret = siretProblem(payer.siret, siren);
    if (payer.vatNumber) problems.vatNumber = vatProblem(payer.vatNumber, siren);
    for (const [path, message] of Object.entries(problems)) {
      if (message) ctx.addIssue({ code: "custom", path: [path], message });
    }
  })
  // A person keeps no company number, and only a public buyer a Chorus Pro service code: what the
  // form still carried for another kind (the kind changed while editing) is dropped.
  .transform((payer) => {
    const company = payerHasSiren(payer.kind);
    return {
      ...payer,
      siren: company && payer.siren ? payer.siren : null,
      siret: company && payer.siret ? payer.siret : null,
      vatNumber: company && payer.vatNumber ? payer.vatNumber : null,
      chorusServiceCode: payerUsesChorus(payer.kind) ? payer.chorusServiceCode : null,
    };
  });

export type PayerInput = z.output<typeof payerSchema>;

/** The register's filters, read from the URL (?q=&type=&page=): shareable, and they work without JavaScript. */
export interface PayerFilters {
  q: string;
  kind: PayerKind | null;
}

export function payerFiltersFrom(params: URLSearchParams): PayerFilters {
  const kind = params.get("type");
  return {
    q: searchQuery(params),
    kind: PAYER_KINDS.includes(kind as PayerKind) ? (kind as PayerKind) : null,
  };
}
