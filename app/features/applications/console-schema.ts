import { z } from "zod";
import { entityId, formBoolean, optionalText, searchQuery } from "~/platform/form-schema";
import { parisInstant } from "~/platform/paris-time";
import { APPLICATION_STATUSES, type ApplicationStatusValue } from "./status";

/**
 * The Candidatures list's filters, read from the URL (shareable, and they work without
 * JavaScript): the sessions screen links here with `?session=<id>`.
 */
export interface ApplicationFilters {
  q: string;
  formation: string | null;
  session: string | null;
  status: ApplicationStatusValue | null;
}

const uuidOrNull = (value: string | null) => (value && entityId.safeParse(value).success ? value : null);

export function applicationFiltersFrom(params: URLSearchParams): ApplicationFilters {
  const status = params.get("statut");
  return {
    q: searchQuery(params),
    formation: uuidOrNull(params.get("formation")),
    session: uuidOrNull(params.get("session")),
    status: APPLICATION_STATUSES.includes(status as ApplicationStatusValue)
      ? (status as ApplicationStatusValue)
      : null,
  };
}

/** Longest e-mail text staff may send a candidate, and longest internal note. */
export const STATUS_MAIL_MAX = 10_000;
export const NOTE_MAX = 5_000;

/**
 * A status change as the details page posts it. 'Entretien planifié' needs a day, a time (Paris)
 * and a place or video link; an e-mail, when ticked, needs its text. `now` lets the server refuse
 * an interview planned in the past.
 */
export function applicationStatusSchema(now: Date = new Date()) {
  return z
    .object({
      id: entityId,
      status: z.enum(APPLICATION_STATUSES, { error: "Choisissez un statut" }),
      interviewDate: z.string().trim().optional(),
      interviewTime: z.string().trim().optional(),
      interviewPlace: optionalText(300),
      sendMail: formBoolean,
      mailText: optionalText(STATUS_MAIL_MAX),
    })
    .transform((input, ctx) => {
      let interviewAt: Date | null = null;
      if (input.status === "interview") {
        if (!input.interviewDate) {
          ctx.addIssue({
            code: "custom",
            path: ["interviewDate"],
            message: "Indiquez la date de l'entretien",
          });
        }
        if (!input.interviewTime) {
          ctx.addIssue({
            code: "custom",
            path: ["interviewTime"],
            message: "Indiquez l'heure de l'entretien",
          });
        }
        if (!input.interviewPlace) {
          ctx.addIssue({
            code: "custom",
            path: ["interviewPlace"],
            message: "Indiquez le lieu ou le lien de la visioconférence",
          });
        }
        if (input.interviewDate && input.interviewTime) {
          interviewAt = parisInstant(input.interviewDate, input.interviewTime);
          if (!interviewAt) {
            ctx.addIssue({ code: "custom", path: ["interviewDate"], message: "Date ou heure invalide" });
          } else if (interviewAt.getTime() < now.getTime()) {
            ctx.addIssue({
              code: "custom",
              path: ["interviewDate"],
              message: "L'entretien doit avoir lieu dans le futur",
            });
          }
        }
      }
      if (input.sendMail && !input.mailText) {
        ctx.addIssue({ code: "custom", path: ["mailText"], message: "Écrivez le texte de l'e-mail" });
      }
      return {
        id: input.id,
        status: input.status,
        interview:
          interviewAt && input.interviewPlace ? { at: interviewAt, place: input.interviewPlace } : null,
        mail: input.sendMail && input.mailText ? input.mailText : null,
      };
    });
}

export type ApplicationStatusInput = z.output<ReturnType<typeof applicationStatusSchema>>;

/** A text staff must write, trimmed, `max` characters at most. */
const writtenText = (missing: string, max: number) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `${max} caractères maximum`);

/** An internal note added by staff. */
export const applicationNoteSchema = z.object({
  id: entityId,
  body: writtenText("Écrivez la note", NOTE_MAX),
});

/** The e-mail offering a held seat to the candidate, as staff approved it. */
export const seatOfferMailSchema = z.object({
  id: entityId,
  mailText: writtenText("Écrivez le texte de l'e-mail", STATUS_MAIL_MAX),
});
