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
  /** Where new complaints are announced; '' sends them to `leadRecipient`. */
  complaintRecipient: string;
  /** Months a learner's identity is kept after the session's last day (retention.ts). */
  learnerRetentionMonths: number;
  /** Who signs the centre's documents, and as what ('' each: a blank block to fill by hand). */
  signatoryName: string;
  signatoryTitle: string;
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
  /** Certified (a valid certificate, a category): the footer and 'Notre centre' show the Qualiopi mention. */
  qualiopiShown: boolean;
  /** Exempt from VAT: the footer and the legal notice say so (never for a centre liable to it). */
  vatExempt: boolean;
}

/** The exemption as the footer and the legal notice state it. */
export const VAT_EXEMPT_NOTICE = "Organisme exonéré de TVA (article 261-4-4° a du CGI).";

/** Printed wherever the activity declaration number appears (Code du travail, art. L. 6352-12). */
export const ACTIVITY_NOTICE = "Cet enregistrement ne vaut pas agrément de l'État";

/** The public address of the certificate PDF. */
export const CERTIFICATE_PATH = "/api/certificat-qualiopi.pdf";

/** What documents and pages say while the centre awaits its declaration number. */
export const ACTIVITY_PENDING = "Déclaration d'activité en cours d'enregistrement";

type ActivityFacts = Pick<CentreIdentity, "activityNumber" | "activityRegion">;

/**
 * "Déclaration d'activité enregistrée sous le numéro … auprès du préfet de région d'…" followed by
 * the legal notice; while no number is recorded (a new centre gets it after its first convention),
 * only "Déclaration d'activité en cours d'enregistrement.": never an empty number, and the notice
 * goes with a number only.
 */
export function activitySentence(c: ActivityFacts): string {
  if (!c.activityNumber.trim()) return `${ACTIVITY_PENDING}.`;
  const region = c.activityRegion.trim()
    ? ` auprès du préfet de région ${regionArticle(c.activityRegion)}`
    : "";
  return `Déclaration d'activité enregistrée sous le numéro ${c.activityNumber}${region}. ${ACTIVITY_NOTICE}.`;
}

/** "n° 11 75 12345 75" for a line that names the declaration, or "en cours d'enregistrement". */
export const activityNumberText = (c: Pick<CentreIdentity, "activityNumber">) =>
  c.activityNumber.trim() ? `n° ${c.activityNumber}` : "en cours d'enregistrement";

/**
 * The legal forms the form suggests (any other may be typed). A share capital exists only for
 * companies: an association, a sole trader, a public body has none, and printing 'au capital de 0'
 * would be wrong.
 */
export const LEGAL_FORM_SUGGESTIONS = [
  "Association loi 1901",
  "SAS",
  "SASU",
  "SARL",
  "EURL",
  "SA",
  "SCOP",
  "SCIC",
  "Entreprise individuelle",
  "Micro-entreprise",
  "Établissement public",
  "Groupement d'intérêt public",
] as const;

/** Companies whose capital the law asks them to print (Code de commerce, R. 123-237). */
// Accented letters are not word characters for \b: the abbreviations are bounded by hand.
const WITH_CAPITAL =
  /(^|[^\p{L}])(sa|sas|sasu|sarl|eurl|selarl|selas|sca|scop|scic|snc|sem|spl)(?![\p{L}])|soci[ée]t[ée]|coop[ée]rative/iu;

/** Whether the legal form has a share capital (a company), as opposed to an association, EI or public body. */
export const hasShareCapital = (legalForm: string) => WITH_CAPITAL.test(legalForm);

/**
 * "Forma Rhône, association loi 1901" or "Institut X, SAS au capital de 5 000 €": the capital only
 * when the form has one and it is filled.
 */
export function legalIdentity(c: Pick<CentreIdentity, "name" | "legalForm" | "shareCapital">): string {
  const form = c.legalForm.trim() ? `, ${c.legalForm.trim()}` : "";
  return `${c.name}${form}${capitalClause(c)}`;
}

/** " au capital de 5 000 €", or "" without a capital to print. */
export const capitalClause = (c: Pick<CentreIdentity, "legalForm" | "shareCapital">) =>
  hasShareCapital(c.legalForm) && c.shareCapital.trim() ? ` au capital de ${c.shareCapital.trim()}` : "";

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

/**
 * Whether the centre says it is Qualiopi-certified: a certificate on file, still valid, with at least
 * one category of actions. Anything less (a centre not yet certified, an expired certificate) and no
 * page, PDF or e-mail names Qualiopi.
 */
export const qualiopiCertified = (
  c: Pick<CentreIdentity, "qualiopiValidUntil" | "qualiopiCategories"> & { certificate: unknown },
  today: string,
) => c.certificate !== null && c.qualiopiCategories.length > 0 && qualiopiValid(c.qualiopiValidUntil, today);

/** Whether the certificate is still valid on `today` (YYYY-MM-DD, Paris): its last day included. */
export function qualiopiValid(validUntil: string | null, today: string): boolean {
  return validUntil !== null && validUntil >= today;
}

/** The category line of the Qualiopi mention. */
export const qualiopiCategoryLine = (categories: readonly string[]) =>
  `La certification qualité a été délivrée au titre de la ou des catégories d'actions suivantes : ${categories.join(", ")}.`;
