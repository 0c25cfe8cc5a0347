// How the Journal d'activité speaks of formations and their sessions: registered by app/boot (features/audit/registry.ts).
import { eq, inArray } from "drizzle-orm";
import { shortRef } from "~/features/audit";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { listSearchedFor } from "~/features/audit/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import type { Db } from "~/platform/db/client.server";
import { FORMATION_BPF_OBJECTIVE_LABELS } from "./bpf-objective";
import { FORMATION_AUDIT_FIELDS } from "./formation-entity";
import { FORMATION_LEVEL_LABELS } from "./levels";
import { SESSION_AUDIT_FIELDS } from "./session-entity";
import { SESSION_MODES } from "./sessions";
import { FORMATION_TYPE_LABELS } from "./vocabulary";

export const formationAudit: AuditDeclaration = {
  entity: "formation",
  kind: "Formations",
  label: "la formation",
  // Every field of the form, as formation-entity.ts declares it; then columns the form never sets.
  fields: {
    ...FORMATION_AUDIT_FIELDS,
    // Entries written before the levels were a list.
    levelRequired: ["Niveau requis (texte)", true],
    active: ["Active", true],
    financingEligible: ["Éligible au financement", true],
    imageUrl: ["Image (URL)", false],
  },
  values: {
    formationType: FORMATION_TYPE_LABELS,
    entryLevel: FORMATION_LEVEL_LABELS,
    exitLevel: FORMATION_LEVEL_LABELS,
    bpfObjective: FORMATION_BPF_OBJECTIVE_LABELS,
    pricing: { payant: "Payant", gratuit: "Gratuit", "prise-en-charge": "Sans frais pour l'apprenant" },
  },
  find: async (db, ids) =>
    (
      await db
        .select({ id: formations.id, title: formations.title })
        .from(formations)
        .where(inArray(formations.id, ids))
    ).map((f) => ({ id: f.id, href: listSearchedFor("/admin/formations", f.title), name: f.title })),
};

export const sessionAudit: AuditDeclaration = {
  entity: "formation_session",
  kind: "Sessions",
  label: "la session",
  fields: SESSION_AUDIT_FIELDS,
  values: { mode: Object.fromEntries(SESSION_MODES.map((m) => [m.value, m.label])) },
  find: async (db, ids) =>
    (
      await db
        .select({ id: formationSessions.id, formationId: formationSessions.formationId })
        .from(formationSessions)
        .where(inArray(formationSessions.id, ids))
    ).map((s) => ({ id: s.id, href: `/admin/formations/${s.formationId}/sessions` })),
};

// Titles: how the Journal names a record, written with each entry at the time of the change, never a
// person (the log outlives an erased candidate or request). The migration that named older entries
// writes the same shapes in SQL (the migration journal_record_titles).

/** '04/01/2027' from '2027-01-04'. */
const numericDay = (iso: string) => iso.split("-").reverse().join("/");

export const sessionTitle = (formationTitle: string, startDate: string) =>
  `${formationTitle}, session du ${numericDay(startDate)}`;

export async function sessionTitleOf(tx: Db, sessionId: string): Promise<string> {
  const [row] = await tx
    .select({ title: formations.title, startDate: formationSessions.startDate })
    .from(formationSessions)
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(formationSessions.id, sessionId));
  return row ? sessionTitle(row.title, row.startDate) : `Session (réf. ${shortRef(sessionId)})`;
}
