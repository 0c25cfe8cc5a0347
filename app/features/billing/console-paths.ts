/**
 * Where the money's console screens are: the server's redirects, the Journal's links and the
 * screens' own links name them here, once.
 */

/** The invoices' list. */
export const INVOICES_HREF = "/admin/factures";

/** An invoice's or a credit note's page. */
export const invoiceHref = (id: string) => `${INVOICES_HREF}/${id}`;

/** An invoice's or a credit note's Factur-X PDF (a draft's: its preview). */
export const invoicePdfHref = (id: string) => `${invoiceHref(id)}/pdf`;

/** A learner's Financement: the funding plan, the learner's invoices and quotes. */
export const fundingHref = (learnerId: string) => `/admin/stagiaires/${learnerId}/financement`;

/** The quotes' list. */
export const QUOTES_HREF = "/admin/devis";

/** A quote's page. */
export const quoteHref = (id: string) => `${QUOTES_HREF}/${id}`;

/** The address of a new quote's page: /admin/devis/nouveau (?stagiaire=<learner> for a learner's). */
export const NEW_QUOTE = "nouveau";
