// How the Journal d'activité speaks of payers and of the billing settings: registered by app/boot
// (features/audit/registry.ts).
import { inArray } from "drizzle-orm";
import { shortRef } from "~/features/audit";
import { type AuditDeclaration, listSearchedFor } from "~/features/audit/index.server";
import { payers } from "./schema.server";
import { PAYER_KIND_LABELS, type PayerKind } from "./vocabulary";

export const payerAudit: AuditDeclaration = {
  entity: "payer",
  kind: "Financeurs",
  label: "le financeur",
  fields: {
    kind: ["Type", true],
    // A 'Particulier' is a person: names, addresses and e-mails are named as changed, never shown.
    name: ["Nom", false],
    siren: ["SIREN", true],
    siret: ["SIRET", true],
    vatNumber: ["N° de TVA intracommunautaire", true],
    street: ["Adresse", false],
    postalCode: ["Code postal", false],
    city: ["Ville", false],
    invoicingEmail: ["E-mail de facturation", false],
    contactName: ["Contact", false],
    chorusServiceCode: ["Code service Chorus Pro", true],
  },
  values: { kind: PAYER_KIND_LABELS },
  // Linked to the register searched on the SIREN, or the name of a person (who has none).
  find: async (db, ids) =>
    (
      await db
        .select({ id: payers.id, name: payers.name, siren: payers.siren })
        .from(payers)
        .where(inArray(payers.id, ids))
    ).map((p) => ({ id: p.id, href: listSearchedFor("/admin/financeurs", p.siren ?? p.name) })),
};

/**
 * A business or a public buyer is named by its name (not personal data, and what staff look for);
 * a person paying for their own training by a reference only, as the log outlives the record.
 */
export const payerTitle = (payer: { id: string; kind: PayerKind; name: string }) =>
  payer.kind === "individual" ? `Financeur (réf. ${shortRef(payer.id)})` : payer.name;

export const billingSettingsAudit: AuditDeclaration = {
  entity: "billing_settings",
  kind: "Paramètres de facturation",
  label: "les paramètres de facturation",
  fields: {
    numberFormat: ["Format de numérotation", true],
    vatNumber: ["N° de TVA intracommunautaire", true],
    paymentTermsDays: ["Délai de paiement (jours)", true],
    latePenaltyRate: ["Taux des pénalités de retard", true],
    reminderDays: ["Relances (jours après l'échéance)", true],
    vatOnDebits: ["TVA d'après les débits", true],
    // The centre's bank details: named as changed, the account itself kept out of the log.
    iban: ["IBAN", false],
    bic: ["BIC", true],
    salesAccount: ["Compte de ventes", true],
    vatAccount: ["Compte de TVA collectée", true],
    customerAccount: ["Compte clients", true],
  },
  record: () => ({ name: "Paramètres de facturation", href: "/admin/parametres#settings-facturation" }),
};
