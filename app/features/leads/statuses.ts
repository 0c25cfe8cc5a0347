/**
 * Where a contact request stands, written once with its French labels (database enum, filters,
 * badges, journal). Plain constants, no imports: drizzle-kit reads the schema that imports them.
 */

/** From its arrival to its outcome. */
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
