import { z } from "zod";
import { isCalendarDay } from "~/platform/dates";
import { textFieldChecks } from "~/platform/entity-checks";
import { entityId, searchQuery } from "~/platform/form-schema";
import { COMPLAINT_FIELDS } from "./complaint-entity";
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
  ...textFieldChecks(COMPLAINT_FIELDS),
});

export const REGISTER_PERIOD_ERRORS = {
  from: "Indiquez le premier jour de la période (date au format AAAA-MM-JJ)",
  to: "Indiquez le dernier jour de la période (date au format AAAA-MM-JJ)",
  order: "Le dernier jour doit venir après le premier",
} as const;

/** The register's period in the URL (?du=&au=): two days, the second not before the first. */
export const registerPeriodSchema = z
  .object({
    from: z
      .string({ error: REGISTER_PERIOD_ERRORS.from })
      .trim()
      .refine(isCalendarDay, REGISTER_PERIOD_ERRORS.from),
    to: z
      .string({ error: REGISTER_PERIOD_ERRORS.to })
      .trim()
      .refine(isCalendarDay, REGISTER_PERIOD_ERRORS.to),
  })
  .refine((p) => !isCalendarDay(p.from) || !isCalendarDay(p.to) || p.from <= p.to, {
    path: ["to"],
    message: REGISTER_PERIOD_ERRORS.order,
  });

/** The register's default period: this calendar year (Paris) up to `today`. */
export const defaultRegisterPeriod = (today: string) => ({ from: `${today.slice(0, 4)}-01-01`, to: today });

/** The period asked in the URL, each day missing taken from the default. */
export const registerPeriodFrom = (params: URLSearchParams, today: string) => {
  const fallback = defaultRegisterPeriod(today);
  return registerPeriodSchema.safeParse({
    from: params.get("du") || fallback.from,
    to: params.get("au") || fallback.to,
  });
};
