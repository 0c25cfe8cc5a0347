/**
 * A learner's fields, each declared once (app/platform/entity.ts): the 'Stagiaires' dialog's labels, the
 * single lines' limits (learner-schema.ts, which adds its refusal of control characters), the Journal's
 * wording (audit-record.server.ts), the CSV export's columns and the CSV import's messages read them here.
 * Who the learner is and who pays are theirs: the Journal names a change to them, never its values. In
 * the dialog the payer's fields sit under 'Financement'; out of that context the Journal says whose they
 * are (`auditLabel`). Browser-safe.
 */
import { auditFields, type FieldDeclaration, fieldLabels } from "~/platform/entity";

export const LEARNER_FIELDS = {
  sessionId: { label: "Session", audit: "named" },
  firstName: { label: "Prénom", audit: "named", text: { max: 100, required: true } },
  lastName: { label: "Nom", audit: "named", text: { max: 100, required: true } },
  email: { label: "E-mail", audit: "named", text: { max: 254, required: true } },
  company: { label: "Entreprise", audit: "named", text: { max: 200 } },
  // The learner's situation (jobseeker…) is theirs: named, never shown. It feeds the BPF.
  traineeCategory: { label: "Type de stagiaire", audit: "named" },
  fundingSource: { label: "Qui finance la formation", auditLabel: "Financement", audit: "shown" },
  payerName: {
    label: "Entreprise ou financeur",
    auditLabel: "Entreprise ou financeur qui paie",
    audit: "named",
    text: { max: 200 },
  },
  payerAddress: { label: "Adresse", auditLabel: "Adresse du payeur", audit: "named", text: { max: 300 } },
  payerSiret: { label: "SIRET", auditLabel: "SIRET du payeur", audit: "named" },
  payerContactName: {
    label: "Nom du contact",
    auditLabel: "Contact du payeur",
    audit: "named",
    text: { max: 200 },
  },
  payerContactEmail: {
    label: "E-mail du contact",
    auditLabel: "E-mail du contact du payeur",
    audit: "named",
  },
  address: {
    label: "Adresse postale du ou de la stagiaire",
    auditLabel: "Adresse postale",
    audit: "named",
    text: { max: 300 },
  },
  cpfFileNumber: { label: "Numéro de dossier Mon Compte Formation", audit: "named" },
  status: { label: "Statut", audit: "shown" },
  abandonedOn: { label: "Date d'abandon", audit: "shown" },
  certification: { label: "Certification", audit: "shown" },
  origin: { label: "Origine", audit: "shown" },
  applicationId: { label: "Candidature liée", audit: "named" },
  // Absences' follow-up (features/attendance), in the Journal only: its kind shown, its note never.
  followUp: { label: "Suivi des absences", audit: "shown" },
} as const satisfies Record<string, FieldDeclaration>;

export const LEARNER_FIELD_LABELS = /* @__PURE__ */ fieldLabels(LEARNER_FIELDS);
export const LEARNER_AUDIT_FIELDS = /* @__PURE__ */ auditFields(LEARNER_FIELDS);

/** The CSV export's columns: the session's, then the learner's fields by their label. */
export const LEARNER_CSV_HEADER = [
  "Formation",
  "Début de session",
  "Fin de session",
  ...(
    ["firstName", "lastName", "email", "company", "status", "abandonedOn", "certification", "origin"] as const
  ).map((f) => LEARNER_FIELD_LABELS[f]),
  LEARNER_FIELD_LABELS.traineeCategory,
] as const;
