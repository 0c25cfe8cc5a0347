/**
 * The fixed sets of values the centre's data uses, each written once with its French labels. The
 * database enums (server/db/schema.server.ts), the zod schemas (lib/schemas) and every screen read
 * them from here. Plain constants, no imports: a page that only shows a label loads no validator,
 * and drizzle-kit can read the schema that imports this file. Staff roles sit with their
 * permissions in lib/permissions.ts.
 */

/** A course is a work-study programme (alternance) or a short course. */
export const FORMATION_TYPES = ["alternance", "courte"] as const;
export type FormationType = (typeof FORMATION_TYPES)[number];
export const FORMATION_TYPE_LABELS: Record<FormationType, string> = {
  alternance: "Alternance",
  courte: "Formation courte",
};

/** The optional badge of a course card: what the course leads to. */
export const FORMATION_BADGES = ["Diplômante", "Certifiante", "Qualifiante"] as const;
export type FormationBadge = (typeof FORMATION_BADGES)[number];

/** Where a contact request stands, from its arrival to its outcome. */
export const CONTACT_STATUSES = ["new", "contacted", "converted", "closed"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: "Nouvelle",
  contacted: "Contactée",
  converted: "Convertie",
  closed: "Fermée",
};
/** The counters' titles above the list of requests. */
export const CONTACT_STATUS_PLURAL_LABELS: Record<ContactStatus, string> = {
  new: "Nouvelles",
  contacted: "Contactées",
  converted: "Converties",
  closed: "Fermées",
};

/** A testimonial's rating, in stars. */
export const RATINGS = [1, 2, 3, 4, 5] as const;

/** Options for a <select>, in the order of the set. */
export function optionsOf<T extends string>(values: readonly T[], labels: Record<T, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}
