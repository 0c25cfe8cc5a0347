import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { AUDIT_ENTITIES, AUDIT_PAGE_SIZE, type AuditEntity } from "~/lib/audit-log";
import type { Db } from "../db/client.server";
import { auditLog } from "../db/schema.server";
import type { ChangeEvent } from "../events.server";
import type { AppRuntime } from "../runtime.server";
import type { SessionUser } from "../session.server";

export type Actor = Pick<SessionUser, "id" | "email">;

export interface AuditEntry {
  action:
    | "create"
    | "update"
    | "delete"
    | "status"
    | "erase"
    | "export"
    | "role"
    | "note"
    | "purge"
    | "offer"
    | "offer-mail";
  entity: AuditEntity;
  entityId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Records who changed what; `null` is the server itself (the retention purge). Pass the transaction
 * that makes the change: the entry and the change are committed, or rolled back, together.
 */
export async function writeAudit(tx: Db, actor: Actor | null, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
  });
}

/** The Journal d'activité's filters, read from the URL (?personne=&type=&du=&au=&page=). */
export interface AuditFilters {
  actor: string | null;
  entity: AuditEntity | null;
  /** YYYY-MM-DD, Paris days, both included. */
  from: string | null;
  to: string | null;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function auditFiltersFrom(params: URLSearchParams): AuditFilters {
  const entity = params.get("type");
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
  };
  const page = Number(params.get("page"));
  return {
    actor: (params.get("personne") ?? "").trim().slice(0, 254) || null,
    entity: AUDIT_ENTITIES.includes(entity as AuditEntity) ? (entity as AuditEntity) : null,
    from: day("du"),
    to: day("au"),
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 100_000) : 1,
  };
}

/** Midnight of a Paris day, as a timestamp the database compares. */
const parisMidnight = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Paris')`;

/** One page of the audit log, newest first, with the people who appear in it (for the filter). */
export async function listAuditLog(db: Db, filters: AuditFilters) {
  const where: SQL[] = [];
  if (filters.actor) where.push(eq(auditLog.actorEmail, filters.actor));
  if (filters.entity) where.push(eq(auditLog.entity, filters.entity));
  if (filters.from) where.push(gte(auditLog.createdAt, parisMidnight(filters.from)));
  if (filters.to) where.push(lt(auditLog.createdAt, sql`${parisMidnight(filters.to)} + interval '1 day'`));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total], actors] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((filters.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(condition),
    db
      .selectDistinct({ email: auditLog.actorEmail })
      .from(auditLog)
      .where(sql`${auditLog.actorEmail} is not null`)
      .orderBy(auditLog.actorEmail),
  ]);
  return {
    entries: rows,
    total: total?.n ?? 0,
    actors: actors.map((a) => a.email).filter((e): e is string => e !== null),
  };
}

/**
 * The shape of every console write: `change` runs in one transaction with the audit entry it
 * answers, and only once both are committed is the change announced to the public pages, so a
 * rolled-back write never empties their cache or reaches an open /api/events stream.
 */
export async function auditedChange(
  app: AppRuntime,
  actor: Actor,
  event: ChangeEvent,
  change: (tx: Db) => Promise<AuditEntry>,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    await writeAudit(tx, actor, await change(tx));
  });
  await app.events.publish(event);
}
