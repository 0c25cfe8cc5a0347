import type { Db } from "../db/client.server";
import { auditLog } from "../db/schema.server";
import type { ChangeEvent } from "../events.server";
import type { AppRuntime } from "../runtime.server";
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
