/**
 * The improvement register (Qualiopi indicator 32), kept in the console: a list edited in a dialog
 * (crudAction: every change in the Journal); an action is also proposed in one click from a complaint
 * or from a formation whose satisfaction is under the threshold, linked to that record. The watch and
 * the disability partners' registers are in watch-partners.server.ts.
 */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { userRoles, users } from "~/features/accounts/schema.server";
import { type Actor, auditedChange, crudAction } from "~/features/audit/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { complaints } from "~/features/complaints/schema.server";
import { indicatorCounts } from "~/features/indicators/index.server";
import { AdminInputError, attempt, failure, loadOr } from "~/platform/console/action.server";

import { CSV_BOM, csvLine } from "~/platform/csv.server";
import type { Db } from "~/platform/db/client.server";
import { textFields } from "~/platform/form-data";
import { entityId } from "~/platform/form-schema";
import { formatIsoDay } from "~/platform/paris-time";
import type { AppRuntime } from "~/platform/runtime.server";
import { redirectWithToast } from "~/platform/toast.server";
import { improvementTitle } from "./audit-record.server";
import { IMPROVEMENT_ERRORS, type ImprovementInput, improvementSchema } from "./registers";
import { improvementActions } from "./schema.server";
import { IMPROVEMENT_ORIGIN_LABELS, IMPROVEMENT_STATE_LABELS } from "./vocabulary";

export const IMPROVEMENTS_PATH = "/admin/qualiopi/ameliorations";

/** The staff (users holding a role), who may carry an improvement action: the dialog's choices. */
export async function staffOptions(db: Db): Promise<{ value: string; label: string }[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
  return rows.map((u) => ({ value: u.id, label: u.name.trim() || u.email }));
}

/**
 * Every improvement action, newest first, with the name of its owner and the record it answers (its
 * label and console link): the register is short, one page.
 */
export async function improvementRegister(db: Db) {
  const rows = await db
    .select({
      action: improvementActions,
      owner: users.name,
      ownerEmail: users.email,
      complaintReference: complaints.reference,
      formationTitle: formations.title,
      sessionStart: formationSessions.startDate,
      sessionFormationId: formationSessions.formationId,
    })
    .from(improvementActions)
    .leftJoin(users, eq(users.id, improvementActions.ownerId))
    .leftJoin(complaints, eq(complaints.id, improvementActions.complaintId))
    .leftJoin(formations, eq(formations.id, improvementActions.formationId))
    .leftJoin(formationSessions, eq(formationSessions.id, improvementActions.sessionId))
    .orderBy(desc(improvementActions.createdAt), asc(improvementActions.id));
  return rows.map((r) => ({
    ...r.action,
    ownerName: r.owner?.trim() || r.ownerEmail || null,
    originRecord: originRecord(r.action, r),
  }));
}

export type ImprovementRow = Awaited<ReturnType<typeof improvementRegister>>[number];

function originRecord(
  a: { complaintId: string | null; formationId: string | null; sessionId: string | null },
  r: { complaintReference: string | null; formationTitle: string | null; sessionFormationId: string | null },
): { label: string; href: string } | null {
  if (a.complaintId && r.complaintReference) {
    return { label: `Réclamation ${r.complaintReference}`, href: `/admin/reclamations/${a.complaintId}` };
  }
  if (a.sessionId && r.sessionFormationId) {
    return { label: "Session", href: `/admin/formations/${r.sessionFormationId}/sessions` };
  }
  if (a.formationId && r.formationTitle) {
    return { label: r.formationTitle, href: `/admin/formations/${a.formationId}` };
  }
  return null;
}

/** An owner posted must be one of the staff: the foreign key would refuse anyone else with a 500. */
async function refuseUnknownOwner(tx: Db, ownerId: string | null) {
  if (!ownerId) return;
  const [found] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, ownerId));
  if (!found) throw new AdminInputError(IMPROVEMENT_ERRORS.owner, "ownerId");
}

/** 'Réalisée' stamps the day it was done (once); leaving that state clears it. */
const doneAtFor = (state: ImprovementInput["state"], before: Date | null) =>
  state === "done" ? (before ?? new Date()) : null;

const IMPROVEMENT_PERMISSION = "quality:write";

/**
 * The improvement register's action: create | update | delete from the dialog (quality:write), and
 * `propose`, the one click of a complaint's page or of a formation under the satisfaction threshold:
 * an action 'Proposée' linked to that record, then the register.
 */
export const improvementAction = crudAction<ImprovementInput, Response | ReturnType<typeof failure>>(
  {
    permission: IMPROVEMENT_PERMISSION,
    schema: improvementSchema,
    entity: "improvement_action",
    table: "improvement_actions",
    messages: {
      unknown: IMPROVEMENT_ERRORS.unknown,
      gone: "Cette action d'amélioration n'existe plus.",
      created: "Action d'amélioration ajoutée",
      updated: "Action d'amélioration mise à jour",
      deleted: "Action d'amélioration supprimée",
    },
    async save(tx, input, id) {
      await refuseUnknownOwner(tx, input.ownerId);
      if (!id) {
        const [saved] = await tx
          .insert(improvementActions)
          .values({ ...input, doneAt: doneAtFor(input.state, null) })
          .returning({ id: improvementActions.id });
        return saved?.id;
      }
      const [before] = await tx
        .select({ doneAt: improvementActions.doneAt })
        .from(improvementActions)
        .where(eq(improvementActions.id, id));
      if (!before) return undefined;
      const [saved] = await tx
        .update(improvementActions)
        .set({ ...input, doneAt: doneAtFor(input.state, before.doneAt), updatedAt: new Date() })
        .where(eq(improvementActions.id, id))
        .returning({ id: improvementActions.id });
      return saved?.id;
    },
    async current(tx, id) {
      const [row] = await tx.select().from(improvementActions).where(eq(improvementActions.id, id));
      if (!row) return undefined;
      const { origin, title, description, ownerId, dueOn, state, result } = row;
      return { origin, title, description, ownerId, dueOn, state, result };
    },
    title: (_tx, _input, id) => improvementTitle(id),
    async remove(tx, id) {
      const [deleted] = await tx
        .delete(improvementActions)
        .where(eq(improvementActions.id, id))
        .returning({ id: improvementActions.id });
      return deleted && { title: improvementTitle(deleted.id) };
    },
  },
  {
    permissions: { propose: IMPROVEMENT_PERMISSION },
    handle: proposeImprovement,
  },
);

const PROPOSE_ERROR = "Erreur lors de la proposition";

/** What a one-click proposal links to and its first title, read from the record it answers. */
async function proposalFor(
  db: Db,
  fields: Record<string, string>,
): Promise<Pick<
  typeof improvementActions.$inferInsert,
  "origin" | "complaintId" | "formationId" | "title"
> | null> {
  if (fields.origin === "complaint") {
    const id = entityId.safeParse(fields.complaintId);
    if (!id.success) return null;
    const [c] = await db
      .select({ reference: complaints.reference })
      .from(complaints)
      .where(eq(complaints.id, id.data));
    return c
      ? { origin: "complaint", complaintId: id.data, title: `Suite à la réclamation ${c.reference}` }
      : null;
  }
  if (fields.origin === "survey") {
    const id = entityId.safeParse(fields.formationId);
    if (!id.success) return null;
    const [f] = await db
      .select({ title: formations.title })
      .from(formations)
      .where(eq(formations.id, id.data));
    return f
      ? { origin: "survey", formationId: id.data, title: `Satisfaction sous le seuil\u00a0: ${f.title}` }
      : null;
  }
  return null;
}

async function proposeImprovement(app: AppRuntime, actor: Actor, form: FormData) {
  const fields = textFields(form);
  const proposal = await proposalFor(app.db, fields);
  if (!proposal) return failure("propose", PROPOSE_ERROR, 400, IMPROVEMENT_ERRORS.origin404);
  let created = "";
  const outcome = await attempt(app, "propose", PROPOSE_ERROR, "Action d'amélioration proposée", async () => {
    await auditedChange(app, actor, { table: "improvement_actions", op: "insert" }, async (tx) => {
      const [row] = await tx
        .insert(improvementActions)
        .values({ ...proposal, ownerId: actor.id })
        .returning({ id: improvementActions.id });
      if (!row) throw new Error("improvement action not saved");
      created = row.id;
      return {
        action: "create",
        entity: "improvement_action",
        entityId: row.id,
        details: { title: improvementTitle(row.id), origin: proposal.origin },
      };
    });
  });
  if (!created) return outcome;
  return redirectWithToast(
    `${IMPROVEMENTS_PATH}?action=${created}`,
    {
      type: "success",
      title: "Action d'amélioration proposée",
      description: "Complétez-la\u00a0: responsable, échéance.",
    },
    app.config.authSecret,
  );
}

/** A register screen's rows, or the French load error over an empty list (after the loader's permission check). */
export async function loadRegister<T>(app: AppRuntime, what: string, read: (db: Db) => Promise<T[]>) {
  const { value, loadError } = await loadOr(app, what, () => read(app.db), []);
  return { rows: value, loadError };
}

const CSV_HEADER = [
  "Créée le",
  "Origine",
  "Enregistrement",
  "Action",
  "Description",
  "Responsable",
  "Échéance",
  "État",
  "Réalisée le",
  "Résultat",
];

/** The improvement register as CSV for French Excel (the auditor's copy). */
export async function improvementsCsv(db: Db): Promise<string> {
  const register = await improvementRegister(db);
  return (
    CSV_BOM +
    csvLine(CSV_HEADER) +
    register
      .map((a) =>
        csvLine([
          formatIsoDay(a.createdAt),
          IMPROVEMENT_ORIGIN_LABELS[a.origin],
          a.originRecord?.label ?? "",
          a.title,
          a.description,
          a.ownerName ?? "",
          a.dueOn ?? "",
          IMPROVEMENT_STATE_LABELS[a.state],
          a.doneAt ? formatIsoDay(a.doneAt) : "",
          a.result,
        ]),
      )
      .join("")
  );
}

export interface FormationUnderThreshold {
  id: string;
  title: string;
  year: number;
  /** Satisfied answers over answers to the overall question, in %. */
  rate: number;
  answers: number;
  /** An action already answers it (one not abandoned). */
  proposed: boolean;
}

/**
 * The formations whose latest year of à-chaud answers (the published satisfaction's counts) is under
 * the centre's threshold: the improvement register offers an action on each in one click.
 */
export async function formationsUnderThreshold(
  db: Db,
  threshold: number,
): Promise<FormationUnderThreshold[]> {
  const [counts, titles, answered] = await Promise.all([
    indicatorCounts(db),
    db.select({ id: formations.id, title: formations.title }).from(formations),
    db
      .selectDistinct({ formationId: improvementActions.formationId })
      .from(improvementActions)
      .where(and(eq(improvementActions.origin, "survey"), ne(improvementActions.state, "abandoned"))),
  ]);
  const proposed = new Set(answered.map((a) => a.formationId));
  return titles
    .flatMap((f) => {
      const latest = (counts.get(f.id) ?? [])
        .filter((c) => c.overallAnswered > 0)
        .sort((a, b) => b.year - a.year)[0];
      if (!latest) return [];
      const rate = Math.round((latest.satisfied / latest.overallAnswered) * 100);
      if (rate >= threshold) return [];
      return [
        {
          id: f.id,
          title: f.title,
          year: latest.year,
          rate,
          answers: latest.overallAnswered,
          proposed: proposed.has(f.id),
        },
      ];
    })
    .sort((a, b) => a.rate - b.rate);
}

/** The improvement actions answering one complaint (its page lists them beside 'Proposer…'). */
export const complaintImprovements = (db: Db, complaintId: string) =>
  db
    .select({ id: improvementActions.id, title: improvementActions.title, state: improvementActions.state })
    .from(improvementActions)
    .where(eq(improvementActions.complaintId, complaintId))
    .orderBy(asc(improvementActions.createdAt));
