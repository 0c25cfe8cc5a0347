import { z } from "zod";
import { isCalendarDay } from "~/platform/dates";
import { textFieldChecks } from "~/platform/entity-checks";
import { calendarDay, entityId, formBoolean, REQUIRED } from "~/platform/form-schema";
import { SESSION_FIELDS } from "./session-entity";
import { SESSION_MODES, type SessionModeValue } from "./sessions";

const MODE_VALUES = SESSION_MODES.map((m) => m.value) as [SessionModeValue, ...SessionModeValue[]];

/** A session as staff enter it in the formation's 'Sessions' dialog. */
export const sessionSchema = z
  .object({
    formationId: entityId,
    startDate: calendarDay("Date de début invalide"),
    endDate: calendarDay("Date de fin invalide"),
    mode: z.enum(MODE_VALUES, { error: "Choisissez une modalité" }),
    place: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, "Indiquez le lieu (une adresse ou « En ligne »)")
      .max(300),
    ...textFieldChecks(SESSION_FIELDS),
    seats: z.coerce
      .number({ error: "Nombre de places invalide" })
      .int("Nombre de places invalide")
      .min(1, "Au moins une place")
      .max(1000, "1000 places au plus"),
    applicationDeadline: z
      .string()
      .optional()
      .transform((v) => (v?.trim() ? v.trim() : null))
      .refine((v) => v === null || isCalendarDay(v), "Date limite invalide"),
    closed: formBoolean,
  })
  .superRefine((s, ctx) => {
    if (s.endDate < s.startDate) {
      ctx.addIssue({
        code: "custom",
        path: ["endDate"],
        message: "La fin doit suivre le début de la session",
      });
    }
    if (s.applicationDeadline && s.applicationDeadline > s.startDate) {
      ctx.addIssue({
        code: "custom",
        path: ["applicationDeadline"],
        message: "La date limite de candidature doit précéder le début de la session",
      });
    }
  });

export type SessionInput = z.infer<typeof sessionSchema>;
