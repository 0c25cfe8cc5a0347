// How the Journal d'activité speaks of the Qualiopi registers and evidence packs: registered by app/boot
// (features/audit/registry.ts). Their rows name no person but the action's owner (by reference); a pack's
// entry is titled with its period, written with it.
import { inArray } from "drizzle-orm";
import { shortRef } from "~/features/audit";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { disabilityPartners, improvementActions, qualityPacks, watchEntries } from "./schema.server";
import {
  IMPROVEMENT_ORIGIN_LABELS,
  IMPROVEMENT_STATE_LABELS,
  PARTNER_KIND_LABELS,
  WATCH_KIND_LABELS,
} from "./vocabulary";

export const improvementAudit: AuditDeclaration = {
  entity: "improvement_action",
  kind: "Améliorations (Qualiopi)",
  label: "l'action d'amélioration",
  fields: {
    origin: ["Origine", true],
    title: ["Action", true],
    description: ["Description", false],
    ownerId: ["Responsable", false],
    dueOn: ["Échéance", true],
    state: ["État", true],
    result: ["Résultat", false],
  },
  values: { origin: IMPROVEMENT_ORIGIN_LABELS, state: IMPROVEMENT_STATE_LABELS },
  find: async (db, ids) =>
    (
      await db
        .select({ id: improvementActions.id })
        .from(improvementActions)
        .where(inArray(improvementActions.id, ids))
    ).map(({ id }) => ({ id, href: "/admin/qualiopi/ameliorations" })),
};

export const watchAudit: AuditDeclaration = {
  entity: "watch_entry",
  kind: "Veille (Qualiopi)",
  label: "l'entrée de veille",
  fields: {
    seenOn: ["Date", true],
    kind: ["Type de veille", true],
    source: ["Source", true],
    summary: ["Résumé", false],
    impact: ["Ce que cela change", false],
  },
  values: { kind: WATCH_KIND_LABELS },
  find: async (db, ids) =>
    (await db.select({ id: watchEntries.id }).from(watchEntries).where(inArray(watchEntries.id, ids))).map(
      ({ id }) => ({ id, href: "/admin/qualiopi/veille" }),
    ),
};

export const partnerAudit: AuditDeclaration = {
  entity: "disability_partner",
  kind: "Partenaires handicap (Qualiopi)",
  label: "le partenaire handicap",
  fields: {
    name: ["Nom", true],
    kind: ["Type", true],
    contact: ["Contact", false],
    purpose: ["Pour quoi", false],
  },
  values: { kind: PARTNER_KIND_LABELS },
  find: async (db, ids) =>
    (
      await db
        .select({ id: disabilityPartners.id })
        .from(disabilityPartners)
        .where(inArray(disabilityPartners.id, ids))
    ).map(({ id }) => ({ id, href: "/admin/qualiopi/partenaires-handicap" })),
};

const yesNo = { true: "Oui", false: "Non" };

export const qualitySettingsAudit: AuditDeclaration = {
  entity: "quality_settings",
  kind: "Qualiopi",
  label: "les réponses Qualiopi",
  fields: {
    certifying: ["Formations certifiantes", true],
    alternance: ["Alternance ou périodes en entreprise", true],
    subcontracting: ["Sous-traitance ou portage salarial", true],
    satisfactionThreshold: ["Seuil d'alerte de satisfaction", true],
  },
  values: {
    certifying: { ...yesNo, null: "Déduit du catalogue" },
    alternance: yesNo,
    subcontracting: yesNo,
  },
};

export const qualityPackAudit: AuditDeclaration = {
  entity: "quality_pack",
  kind: "Dossiers de preuves Qualiopi",
  label: "le dossier de preuves Qualiopi",
  find: async (db, ids) =>
    (await db.select({ id: qualityPacks.id }).from(qualityPacks).where(inArray(qualityPacks.id, ids))).map(
      ({ id }) => ({ id, href: "/admin/qualiopi/dossier" }),
    ),
};

export const qualityAudits = [
  improvementAudit,
  watchAudit,
  partnerAudit,
  qualitySettingsAudit,
  qualityPackAudit,
];

/** 'Action d'amélioration (réf. 1a2b3c4d)': how the Journal names an action. */
export const improvementTitle = (id: string) => `Action d'amélioration (réf. ${shortRef(id)})`;
export const watchTitle = (id: string) => `Veille (réf. ${shortRef(id)})`;
export const partnerTitle = (id: string) => `Partenaire handicap (réf. ${shortRef(id)})`;
