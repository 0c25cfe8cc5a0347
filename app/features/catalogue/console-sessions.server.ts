import { and, asc, eq, sql } from "drizzle-orm";
import { crudAction } from "~/features/audit/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { AdminInputError, pgErrorCode } from "~/platform/console/action.server";
import { parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { plural } from "~/platform/plural";
import { applicationUses } from "./application-uses.server";
import { sessionTitleOf } from "./audit-record.server";
import { LHEO_READINESS_COLUMNS, lheoReadiness } from "./lheo/lheo.server";
import { type SessionInput, sessionSchema } from "./session-schema";
import { sessionStatus } from "./sessions";
import {
  applicationCount,
  learnerCount,
  lockSession,
  seatsRaised,
  seatsTakenOn,
  takenSeats,
} from "./sessions.server";

const FOREIGN_KEY_VIOLATION = "23503";
export const SESSION_HAS_APPLICATIONS =
  "Cette session a des candidatures : elle ne peut pas être supprimée, seulement clôturée.";
export const SESSION_HAS_LEARNERS =
  "Cette session a des stagiaires : elle ne peut pas être supprimée, seulement clôturée.";

/**
 * Seats can go down only as far as the seats already taken (seatsTakenOn): the admitted candidates',
 * any seat offered to the waiting list, and the learners added by hand or imported. Lower, the
 * session would be over-booked without anyone noticing.
 */
async function checkHeldSeats(tx: Db, sessionId: string, seats: number): Promise<void> {
  const [{ admitted, offered }, [taken]] = await Promise.all([
    applicationUses().seatHolders(tx, sessionId),
    rows<{ n: number }>(tx, sql`select ${seatsTakenOn(sql`${sessionId}::uuid`)} as n`),
  ]);
  const total = Number(taken?.n ?? 0);
  if (seats >= total) return;
  const enrolled = total - admitted - offered;
  const parts = [
    admitted > 0 ? plural(admitted, "candidat·e déjà admis·e", "candidat·es déjà admis·es") : "",
    offered > 0 ? `${plural(offered, "place proposée", "places proposées")} à la liste d'attente` : "",
    enrolled > 0 ? plural(enrolled, "stagiaire inscrit·e", "stagiaires inscrit·es") : "",
  ].filter(Boolean);
  const who = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} et ${parts.at(-1)}` : parts[0];
  throw new AdminInputError(`Cette session compte ${who} : indiquez au moins ${total} places.`, "seats");
}

/** One formation and its sessions, with seats taken and applications received, soonest first. */
export async function formationWithSessions(db: Db, formationId: string) {
  const [formation] = await db
    .select({
      id: formations.id,
      title: formations.title,
      slug: formations.slug,
      active: formations.active,
      ...LHEO_READINESS_COLUMNS,
    })
    .from(formations)
    .where(eq(formations.id, formationId));
  if (!formation) return null;
  const lheoMissing = (await lheoReadiness(db, [formation])).get(formation.id) ?? [];
  const today = parisToday();
  const rows = await db
    .select({
      session: formationSessions,
      taken: takenSeats,
      applications: applicationCount,
      learners: learnerCount,
    })
    .from(formationSessions)
    .where(eq(formationSessions.formationId, formationId))
    .orderBy(asc(formationSessions.startDate));
  return {
    formation: {
      id: formation.id,
      title: formation.title,
      slug: formation.slug,
      active: formation.active,
      lheoMissing,
    },
    sessions: rows.map((r) => ({
      ...r.session,
      taken: r.taken,
      applications: r.applications,
      learners: r.learners,
      status: sessionStatus({ ...r.session, taken: r.taken }, today),
    })),
  };
}

export type AdminSession = NonNullable<Awaited<ReturnType<typeof formationWithSessions>>>["sessions"][number];

/** The sessions screen's action: intent = create | update | delete. */
export const sessionAction = crudAction<SessionInput>({
  schema: sessionSchema,
  permission: "sessions:write",
  entity: "formation_session",
  table: "formation_sessions",
  messages: {
    unknown: "Session inconnue.",
    gone: "Cette session n'existe plus.",
    created: "Session créée avec succès",
    updated: "Session mise à jour avec succès",
    deleted: "Session supprimée avec succès",
  },
  async save(tx, input, id, actor, app) {
    const [formation] = await tx
      .select({ id: formations.id })
      .from(formations)
      .where(eq(formations.id, input.formationId));
    if (!formation) throw new AdminInputError("Cette formation n'existe plus.");
    if (!id) {
      const [created] = await tx
        .insert(formationSessions)
        .values(input)
        .returning({ id: formationSessions.id });
      return created?.id;
    }
    // Locked first, as every change to the seats: raised seats go to the waiting list in line.
    const before = await lockSession(tx, id);
    if (before && input.seats < before.seats) await checkHeldSeats(tx, id, input.seats);
    const [saved] = await tx
      .update(formationSessions)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(formationSessions.id, id), eq(formationSessions.formationId, input.formationId)))
      .returning({ id: formationSessions.id });
    if (saved && before && input.seats > before.seats) {
      const raised = { id, seats: input.seats };
      await seatsRaised(tx, actor, raised, input.seats - before.seats, app.config.publicUrl);
    }
    return saved?.id;
  },
  async current(tx, id) {
    const [row] = await tx.select().from(formationSessions).where(eq(formationSessions.id, id));
    return row;
  },
  title: (tx, _input, id) => sessionTitleOf(tx, id),
  async remove(tx, id) {
    if (await applicationUses().sessionApplied(tx, id)) throw new AdminInputError(SESSION_HAS_APPLICATIONS);
    const [{ learners } = { learners: 0 }] = await tx
      .select({ learners: learnerCount })
      .from(formationSessions)
      .where(eq(formationSessions.id, id));
    if (learners) throw new AdminInputError(SESSION_HAS_LEARNERS);
    const title = await sessionTitleOf(tx, id);
    try {
      const [deleted] = await tx
        .delete(formationSessions)
        .where(eq(formationSessions.id, id))
        .returning({ formationId: formationSessions.formationId });
      return deleted && { title, formationId: deleted.formationId };
    } catch (error) {
      // An application arrived between the check and the delete: the foreign key refuses it.
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new AdminInputError(SESSION_HAS_APPLICATIONS);
      throw error;
    }
  },
});
