/**
 * A session's fields, each declared once (app/platform/entity.ts): the 'Sessions' dialog's labels, the
 * plain text fields' checks (session-schema.ts) and the Journal's wording (audit-record.server.ts) read
 * them here. `timetable` and `slot` are not columns: the Journal names the planning's changes with them
 * (features/timetable). Browser-safe.
 */
import { auditFields, type FieldDeclaration, fieldLabels } from "~/platform/entity";

export const SESSION_FIELDS = {
  startDate: { label: "Début", audit: "shown" },
  endDate: { label: "Fin", audit: "shown" },
  mode: { label: "Modalité", audit: "shown" },
  place: { label: "Lieu", audit: "shown" },
  rhythm: { label: "Rythme", audit: "shown", text: { max: 200 } },
  seats: { label: "Places", audit: "shown" },
  applicationDeadline: { label: "Date limite de candidature", audit: "shown" },
  closed: { label: "Clôturer les candidatures", auditLabel: "Clôturée", audit: "shown" },
  timetable: { label: "Planning", audit: "shown" },
  slot: { label: "Créneau", audit: "shown" },
} as const satisfies Record<string, FieldDeclaration>;

export const SESSION_FIELD_LABELS = /* @__PURE__ */ fieldLabels(SESSION_FIELDS);
export const SESSION_AUDIT_FIELDS = /* @__PURE__ */ auditFields(SESSION_FIELDS);
