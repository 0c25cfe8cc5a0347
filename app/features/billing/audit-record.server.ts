// How the Journal d'activité speaks of billing's records: registered by app/boot (features/audit/registry.ts).
// Entries are written by the functions that change the records (funding-plans, drafts, issue,
// credit-notes): 'a créé', 'a modifié', 'a supprimé' a draft, 'a émis la facture « F-2027-00042 »'.
// Their titles never name a person (an individual payer, a learner): the Journal outlives them.

import { inArray } from "drizzle-orm";
import type { AuditFields } from "~/features/audit";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { learners } from "~/features/learners/schema.server";
import type { Db } from "~/platform/db/client.server";
import { invoiceHref } from "./console-paths";
import { billingSettingsAudit, payerAudit } from "./payer-audit.server";
import { paymentAudit } from "./payment-audit.server";
import { quoteAudit } from "./quote-audit.server";
import { invoices } from "./schema.server";
import { INVOICE_PURPOSE_LABELS } from "./vocabulary";

/** Where the console shows an invoice or a credit note (the screens' helper keeps this path). */

/** A draft's fields as drafts.server.ts compares them. */
const DRAFT_FIELDS: AuditFields = {
  payerId: ["Financeur", false],
  serviceStart: ["Début de la période facturée", true],
  serviceEnd: ["Fin de la période facturée", true],
  note: ["Note", false],
  engagementNumber: ["Numéro d'engagement", true],
  lines: ["Lignes", false],
  total: ["Total HT", true],
};

/** The invoices (or credit notes) among `ids` still stored, each linked to its page. */
const findInvoices = async (db: Db, ids: string[]) =>
  (await db.select({ id: invoices.id }).from(invoices).where(inArray(invoices.id, ids))).map(({ id }) => ({
    id,
    href: invoiceHref(id),
  }));

export const invoiceAudit: AuditDeclaration = {
  entity: "invoice",
  kind: "Factures",
  label: "la facture",
  fields: DRAFT_FIELDS,
  values: { purpose: INVOICE_PURPOSE_LABELS },
  find: findInvoices,
};

export const creditNoteAudit: AuditDeclaration = {
  entity: "credit_note",
  kind: "Avoirs",
  label: "l'avoir",
  fields: DRAFT_FIELDS,
  values: { purpose: INVOICE_PURPOSE_LABELS },
  find: findInvoices,
};

/** A learner's funding plan, named by the learner's session and reference (learnerTitleOf). */
export const fundingPlanAudit: AuditDeclaration = {
  entity: "funding_plan",
  kind: "Plans de financement",
  label: "le plan de financement",
  fields: {
    price: ["Prix", true],
    hourlyRate: ["Taux horaire", true],
    shares: ["Parts des financeurs", false],
  },
  find: async (db, ids) =>
    (
      await db
        .select({ id: learners.id, sessionId: learners.sessionId })
        .from(learners)
        .where(inArray(learners.id, ids))
    ).map((l) => ({ id: l.id, href: `/admin/stagiaires?session=${l.sessionId}` })),
};

/** Every billing record the Journal knows, in the order its filter lists them. */
export const billingAudits: AuditDeclaration[] = [
  payerAudit,
  fundingPlanAudit,
  quoteAudit,
  invoiceAudit,
  creditNoteAudit,
  paymentAudit,
  billingSettingsAudit,
];
