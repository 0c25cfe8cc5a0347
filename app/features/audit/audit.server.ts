import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { auditLog } from "~/features/audit/schema.server";
import { isCalendarDay } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import type { ChangeEvent } from "~/platform/events.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { shortRef } from "./changes";
import { AUDIT_ENTITIES, AUDIT_PAGE_SIZE, type AuditEntity } from "./log";
import { type AuditRecord, type AuditRow, auditDeclaration, auditDeclarations } from "./registry.server";

export type { AuditRecord };

/** Who made a change: the signed-in account's id and e-mail (accounts' SignedInUser has both). */
export interface Actor {
  id: string;
  email: string;
}

export interface AuditEntry {
  action:
    | "create"
    | "update"
    | "delete"
    | "status"
    | "erase"
    | "export"
    | "import"
    | "role"
    | "note"
    | "purge"
    | "offer"
    | "offer-mail"
    | "reply"
    | "publish"
    | "unpublish"
    | "send"
    | "schedule"
    | "restore"
    | "discard"
    | "issue"
    | "sign"
    | "cancel"
    | "invite";
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

export function auditFiltersFrom(params: URLSearchParams): AuditFilters {
  const entity = params.get("type");
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return isCalendarDay(value) ? value : null;
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
  const records = await recordsOf(db, rows);
  return {
    entries: rows.map((row) => ({ ...row, record: records(row) })),
    total: total?.n ?? 0,
    actors: actors.map((a) => a.email).filter((e): e is string => e !== null),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Looks up, in one query per kind of record on the page, which records still exist: each entry
 * then links to its record (the list searched on its title, the application's page, the request
 * opened in Contacts…), as each kind's declaration says (registry.server.ts). The name is the one
 * written with the entry; an older entry without one is named by the record as it is now, or by its
 * short reference.
 */
async function recordsOf(db: Db, rows: AuditRow[]): Promise<(row: AuditRow) => AuditRecord> {
  const live = new Map<string, { href: string; name?: string }>();
  await Promise.all(
    auditDeclarations().map(async ({ entity, find, anyId }) => {
      const ids = [
        ...new Set(
          rows
            .filter((r) => r.entity === entity && r.entityId && (anyId || UUID.test(r.entityId)))
            .map((r) => r.entityId as string),
        ),
      ];
      if (!find || !ids.length) return;
      for (const { id, ...found } of await find(db, ids)) live.set(`${entity}:${id}`, found);
    }),
  );

  return (row) => {
    const found = row.entityId ? live.get(`${row.entity}:${row.entityId}`) : undefined;
    const own = auditDeclaration(row.entity)?.record?.(row, found);
    if (own) return own;
    const written = typeof row.details?.title === "string" ? row.details.title : "";
    const fallback = row.entityId ? `(réf. ${shortRef(row.entityId)})` : "";
    return { name: written || found?.name || fallback, href: found?.href ?? null };
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
