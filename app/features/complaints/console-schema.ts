import { z } from "zod";
import { entityId, searchQuery } from "~/platform/form-schema";
import { COMPLAINT_FIELDS, complaintTextChecks } from "./complaint-entity";
import { COMPLAINT_STATUSES, type ComplaintStatus } from "./statuses";

/** The register's filters, read from the URL (?q=&statut=&page=): shareable, and they work without JavaScript. */
export interface ComplaintFilters {
  q: string;
  status: ComplaintStatus | null;
}

export function complaintFiltersFrom(params: URLSearchParams): ComplaintFilters {
  const status = params.get("statut");
  return {
    q: searchQuery(params),
    status: COMPLAINT_STATUSES.includes(status as ComplaintStatus) ? (status as ComplaintStatus) : null,
  };
}

export const REPLY_MAX = 10_000;
export const ACTION_MAX = COMPLAINT_FIELDS.correctiveAction.text.max;

export const complaintStatusSchema = z.object({
  id: entityId,
  status: z.enum(COMPLAINT_STATUSES, { error: "Choisissez un statut" }),
});

export const complaintReplySchema = z.object({
  id: entityId,
  text: z
    .string({ error: "Écrivez la réponse à envoyer" })
    .trim()
    .min(1, "Écrivez la réponse à envoyer")
    .max(REPLY_MAX, `${REPLY_MAX} caractères maximum`),
});

/** The corrective action decided; blank clears it. */
export const complaintActionSchema = z.object({
  id: entityId,
  ...complaintTextChecks(),
});
