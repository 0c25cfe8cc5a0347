// How the Journal d'activité speaks of quotes: registered by app/boot (features/audit/registry.ts).
import type { AuditDeclaration } from "~/features/audit/index.server";

export const quoteAudit: AuditDeclaration = {
  entity: "quote",
  kind: "Devis",
  label: "le devis",
  fields: {
    payerId: ["Financeur", false],
    learnerId: ["Stagiaire", false],
    title: ["Objet", true],
    validUntil: ["Valable jusqu'au", true],
    note: ["Note", false],
  },
};
