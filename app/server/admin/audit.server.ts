import { desc } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { auditLog } from "../db/schema.server";
import type { SessionUser } from "../session.server";

export type Actor = Pick<SessionUser, "id" | "email">;

export interface AuditEntry {
  action: "create" | "update" | "delete" | "status" | "erase" | "export" | "role";
  entity: "formation" | "blog_post" | "contact_request" | "testimonial" | "user";
  entityId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Records who changed what. Pass the transaction that makes the change: the entry and the change
 * are committed, or rolled back, together.
 */
export async function writeAudit(tx: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
  });
}

export async function latestAudit(db: Db, limit = 50) {
  return db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit);
}
