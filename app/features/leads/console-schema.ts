import { z } from "zod";
import { entityId, searchQuery } from "~/platform/form-schema";
import { CONTACT_STATUSES, type ContactStatus } from "./statuses";

export const contactStatusSchema = z.object({
  id: entityId,
  status: z.enum(CONTACT_STATUSES, { error: "Statut invalide" }),
});

/** The list's filters, read from the URL by the page and by the CSV export alike. */
export interface ContactFilters {
  q: string;
  status: ContactStatus | null;
  /** "aujourdhui": only requests received today (Paris time), the dashboard's 'Aujourd'hui' button. */
  day: "aujourdhui" | null;
  /** ?demande=<id>: that one request, its details open (the Calendrier's link to a callback). */
  id: string | null;
}

export function contactFiltersFrom(params: URLSearchParams): ContactFilters {
  const status = params.get("statut");
  return {
    q: searchQuery(params),
    status: CONTACT_STATUSES.includes(status as ContactStatus) ? (status as ContactStatus) : null,
    day: params.get("jour") === "aujourdhui" ? "aujourdhui" : null,
    id: entityId.safeParse(params.get("demande")).data ?? null,
  };
}
