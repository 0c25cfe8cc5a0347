// The action of a console table edited in a dialog. It lives with the Journal because each of its
// writes is an audited change (the row and its entry committed together, the changed fields named);
// the Journal then names no feature, and every feature with such a table leans on the Journal alone.
import type { z } from "zod";
import type { ConsolePermission as Permission, ConsoleRole as Role } from "~/platform/console/access.server";
import {
  AdminInputError,
  type AlsoPosted,
  attempt,
  attemptOnRecord,
  consoleAction,
  failure,
  intentOf,
  invalid,
  pgErrorCode,
  stillReferenced,
  UNIQUE_VIOLATION,
  unknownIntent,
} from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import type { ChangeEvent } from "~/platform/events.server";
import { textFields } from "~/platform/form-data";
import { entityId } from "~/platform/form-schema";
import type { AppRuntime } from "~/platform/runtime.server";
import { type Actor, type AuditEntry, auditedChange } from "./audit.server";
import { diffFields } from "./changes";

const SAVE_ERROR = "Erreur lors de la sauvegarde";
const DELETE_ERROR = "Erreur lors de la suppression";

/** The French words of one table's screen, e.g. for the blog: 'Article inconnu.'. */
export interface CrudMessages {
  /** The id posted is not an id at all. */
  unknown: string;
  /** The row was deleted meanwhile (by someone else, or in another tab). */
  gone: string;
  created: string;
  updated: string;
  deleted: string;
  /** Set on tables with a unique slug: a unique violation then means "this slug is taken". */
  slugTaken?: string;
  /**
   * Set on tables other rows refer to with ON DELETE RESTRICT: the database's refusal to delete
   * then means "still used", said in French instead of a 500.
   */
  inUse?: string;
}

export interface CrudTable<Input> {
  /** What creating, editing and deleting a row of this table needs. */
  permission: Permission;
  schema: z.ZodType<Input>;
  entity: AuditEntry["entity"];
  table: ChangeEvent["table"];
  messages: CrudMessages;
  /**
   * Inserts the row (`id` null) or updates row `id`, inside the transaction; answers the row's
   * id, or undefined when the row to update no longer exists; or the id with the toast's title when
   * the outcome differs from `messages` (a published record's edit kept as a draft).
   */
  save: (
    tx: Db,
    input: Input,
    id: string | null,
    actor: Actor,
    app: AppRuntime,
    role: Role,
  ) => Promise<string | { id: string; toast: string } | undefined>;
  /** Row `id` as it is before an edit, in the input's shape: the Journal shows what changed. */
  current: (tx: Db, id: string) => Promise<Record<string, unknown> | undefined>;
  /** How the Journal names the saved row (never a person's name): each feature names its own rows in its journal.server.ts. */
  title: (tx: Db, input: Input, id: string) => Promise<string> | string;
  /** Deletes row `id`; answers what the audit log keeps of it (its `title`), or undefined when it was already gone. */
  remove: (tx: Db, id: string) => Promise<({ title: string } & Record<string, unknown>) | undefined>;
}

async function saveRow<Input>(
  app: AppRuntime,
  actor: Actor,
  role: Role,
  config: CrudTable<Input>,
  input: Input,
  id: string | null,
): Promise<string | undefined> {
  const { entity, table, messages } = config;
  let toast: string | undefined;
  try {
    await auditedChange(app, actor, { table, op: id ? "update" : "insert" }, async (tx) => {
      const before = id ? await config.current(tx, id) : undefined;
      const saved = await config.save(tx, input, id, actor, app, role);
      const savedId = typeof saved === "object" ? saved.id : saved;
      if (typeof saved === "object") toast = saved.toast;
      if (!savedId) {
        if (id) throw new AdminInputError(messages.gone);
        throw new Error(`${entity} not saved`);
      }
      const title = await config.title(tx, input, savedId);
      // What changed, field by field (values only where they are shown: see audit-changes.ts).
      const changes = before ? diffFields(entity, before, input as object) : undefined;
      return {
        action: id ? "update" : "create",
        entity,
        entityId: savedId,
        details: changes ? { title, changes } : { title },
      };
    });
    return toast;
  } catch (error) {
    // Two staff saving the same slug at once: the unique index decides, the message stays French.
    if (messages.slugTaken && pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw new AdminInputError(messages.slugTaken, "slug");
    }
    throw error;
  }
}

async function deleteRow<Input>(app: AppRuntime, actor: Actor, config: CrudTable<Input>, id: string) {
  const { entity, table, messages } = config;
  try {
    await auditedChange(app, actor, { table, op: "delete" }, async (tx) => {
      const deleted = await config.remove(tx, id);
      if (!deleted) throw new AdminInputError(messages.gone);
      return { action: "delete", entity, entityId: id, details: deleted };
    });
  } catch (error) {
    // The database decides, even against a reference added a moment ago; the whole transaction
    // (row and entry) is rolled back, and the refusal stays French.
    if (messages.inUse && stillReferenced(error)) {
      throw new AdminInputError(messages.inUse);
    }
    throw error;
  }
}

/**
 * The action of a console list screen whose rows are created, edited and deleted in a dialog:
 * intent = create | update | delete, each answered with a French toast. `also`: what the screen also
 * posts that another feature answers (a payer's contact invited into their space), added by the route.
 */
export function crudAction<Input, Also = never>(config: CrudTable<Input>, also?: AlsoPosted<Also>) {
  const { schema, messages, permission } = config;
  const permissions = {
    create: permission,
    update: permission,
    delete: permission,
    ...also?.permissions,
  };
  return consoleAction(permissions, async (app, actor, form, role) => {
    const intent = intentOf(form);
    if (also && Object.hasOwn(also.permissions, intent)) return also.handle(app, actor, form);
    const fields = textFields(form);
    if (intent === "create" || intent === "update") {
      const id = intent === "update" ? entityId.safeParse(fields.id) : null;
      if (id && !id.success) return failure(intent, SAVE_ERROR, 400, messages.unknown);
      const parsed = schema.safeParse(fields);
      if (!parsed.success) return invalid(intent, SAVE_ERROR, parsed.error);
      return attempt(app, intent, SAVE_ERROR, intent === "create" ? messages.created : messages.updated, () =>
        saveRow(app, actor, role, config, parsed.data, id?.data ?? null),
      );
    }
    if (intent === "delete") {
      const titles = { error: DELETE_ERROR, done: messages.deleted, unknown: messages.unknown };
      return attemptOnRecord(app, intent, fields.id, titles, (id) => deleteRow(app, actor, config, id));
    }
    return unknownIntent(intent);
  });
}
