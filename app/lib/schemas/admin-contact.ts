import { z } from "zod";
import type { BadgeVariant } from "~/components/ui/badge";
import { entityId, searchQuery } from "./admin-common";

export const CONTACT_STATUSES = ["new", "contacted", "converted", "closed"] as const;
export type ContactStatusValue = (typeof CONTACT_STATUSES)[number];

/** SPEC.md §4: label and badge of each status. */
export const STATUS_DISPLAY: Record<ContactStatusValue, { label: string; variant: BadgeVariant }> = {
  new: { label: "Nouvelle", variant: "destructive" },
  contacted: { label: "Contactée", variant: "secondary" },
  converted: { label: "Convertie", variant: "default" },
  closed: { label: "Fermée", variant: "outline" },
};

export const contactStatusSchema = z.object({
  id: entityId,
  status: z.enum(CONTACT_STATUSES, { error: "Statut invalide" }),
});

/** The list's filters, read from the URL by the page and by the CSV export alike. */
export interface ContactFilters {
  q: string;
  status: ContactStatusValue | null;
  /** "aujourdhui": only requests received today (Paris time), the dashboard's 'Aujourd'hui' button. */
  day: "aujourdhui" | null;
}

export function contactFiltersFrom(params: URLSearchParams): ContactFilters {
  const status = params.get("statut");
  return {
    q: searchQuery(params),
    status: CONTACT_STATUSES.includes(status as ContactStatusValue) ? (status as ContactStatusValue) : null,
    day: params.get("jour") === "aujourdhui" ? "aujourdhui" : null,
  };
}
