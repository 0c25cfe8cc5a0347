/**
 * The centre's identity as every page, e-mail and document prints it. The values live in the
 * database (table centre_settings, edited in the console's Paramètres); this module holds their
 * shape, the values a new database starts with, and the few rules every reader shares. No server
 * import and no zod: public pages' bundles read it.
 */
import type { MediaFacts } from "~/features/media";
import type { VatStatus } from "./vat";

export interface CentreIdentity {
  name: string;
  legalForm: string;
  shareCapital: string;
  siret: string;
  rcs: string;
  /** YYYY-MM-DD, or null when not shown. */
  foundedOn: string | null;
  street: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  /** One line each, in display order. */
  openingHours: string[];
  publicationDirector: string;
  host: string;
  activityNumber: string;
  activityRegion: string;
  qualiopiCertifier: string;
  /** YYYY-MM-DD: the last day the certificate is valid, or null when none is recorded. */
  qualiopiValidUntil: string | null;
  qualiopiCategories: string[];
  mediatorName: string;
  mediatorWebsite: string;
  referentName: string;
  referentPhone: string;
  referentEmail: string;
}

/** What only the console and the server read: never sent to public pages. */
export interface CentrePrivate {
  /** Where new contact requests, callbacks and applications are announced. */
  leadRecipient: string;
  /**
   * Below this many answers (or learners) for a year, a course page says its results are not yet
   * available instead of showing a rate (default 5).
   */
  minResultAnswers: number;
  /** Liable to VAT or exempt (CGI, art. 261-4-4° a): how conventions and contrats print prices. */
  vatStatus: VatStatus;
}

/** The stored certificate file, without its bytes. */
export interface CertificateInfo {
  fileName: string;
  size: number;
  uploadedAt: Date;
}

/**
 * The logo chosen in Paramètres, a picture of the médiathèque: its id (the form's choice), what its
 * pictures are made from, and `src`, its JPEG/PNG for the e-mails (a path of our origin that the
 * mail worker makes absolute with PUBLIC_URL).
 */
export interface CentreLogo extends MediaFacts {
  id: string;
  src: string;
}

export type CentreSettings = CentreIdentity &
  CentrePrivate & { certificate: CertificateInfo | null; logo: CentreLogo | null };

/** The règlement intérieur as Paramètres keeps it: Markdown, '' until written. */
export interface InternalRules {
  text: string;
  updatedAt: Date | null;
}

/** The staff's warning while the règlement intérieur is empty (Stagiaires, before a convocation). */
export const INTERNAL_RULES_MISSING =
  "Le règlement intérieur n'est pas renseigné dans Paramètres : les convocations partiront sans lui.";

/** What public pages receive from the root loader. */
export interface PublicCentre extends CentreIdentity {
  /** A valid certificate is on file: the footer and 'Notre centre' show the Qualiopi mention. */
  qualiopiShown: boolean;
}

/** Printed wherever the activity declaration number appears (Code du travail, art. L. 6352-12). */
export const ACTIVITY_NOTICE = "Cet enregistrement ne vaut pas agrément de l'État";

/** The public address of the certificate PDF. */
export const CERTIFICATE_PATH = "/api/certificat-qualiopi.pdf";

/** "Déclaration d'activité enregistrée sous le numéro … auprès du préfet de région d'…" */
export function activitySentence(c: Pick<CentreIdentity, "activityNumber" | "activityRegion">): string {
  return `Déclaration d'activité enregistrée sous le numéro ${c.activityNumber} auprès du préfet de région ${regionArticle(c.activityRegion)}.`;
}

/** "d'Île-de-France", "de Bretagne". */
function regionArticle(region: string): string {
  return /^[aeiouyàâéèêëîïôöûüh]/i.test(region) ? `d'${region}` : `de ${region}`;
}

export const fullAddress = (c: Pick<CentreIdentity, "street" | "postalCode" | "city">) =>
  `${c.street}, ${c.postalCode} ${c.city}`;

/** A dialable tel: value: "01 23 45 67 89" → "+33123456789"; other numbers keep their digits. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (/^0\d{9}$/.test(digits)) return `+33${digits.slice(1)}`;
  return digits;
}

/** Whether the certificate is still valid on `today` (YYYY-MM-DD, Paris): its last day included. */
export function qualiopiValid(validUntil: string | null, today: string): boolean {
  return validUntil !== null && validUntil >= today;
}

/** The category line of the Qualiopi mention. */
export const qualiopiCategoryLine = (categories: readonly string[]) =>
  `La certification qualité a été délivrée au titre de la ou des catégories d'actions suivantes : ${categories.join(", ")}.`;
