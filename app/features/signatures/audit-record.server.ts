// How the Journal d'activité speaks of signature requests: registered by app/boot (features/audit/registry.ts).
// Entries are written by requests.server.ts ('a créé', 'a signé', 'a annulé' la demande de signature)
// and settings.server.ts. Their titles name the document and the learner's session reference, never a person.
import { inArray } from "drizzle-orm";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { signatureRequests } from "./schema.server";
import { SIGNER_ROLE_LABELS } from "./vocabulary";

export const signatureRequestAudit: AuditDeclaration = {
  entity: "signature_request",
  kind: "Demandes de signature",
  label: "la demande de signature",
  fields: { role: ["Signataire", true], sha256: ["Empreinte SHA-256", true] },
  values: { role: SIGNER_ROLE_LABELS },
  find: async (db, ids) =>
    (
      await db
        .select({ id: signatureRequests.id })
        .from(signatureRequests)
        .where(inArray(signatureRequests.id, ids))
    ).map(({ id }) => ({ id, href: `/admin/signatures/${id}` })),
};

export const signatureSettingsAudit: AuditDeclaration = {
  entity: "signature_settings",
  kind: "Paramètres de signature",
  label: "les paramètres de signature",
  fields: { reminderDays: ["Relance après (jours)", true] },
  record: () => ({ name: "Paramètres de signature", href: "/admin/parametres#settings-signatures" }),
};

export const signatureAudits: AuditDeclaration[] = [signatureRequestAudit, signatureSettingsAudit];
