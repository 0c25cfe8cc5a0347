import { data } from "react-router";
import type { Db } from "~/platform/db/client.server";
import { entityId } from "~/platform/form-schema";
import { type ConsolePermission, type RequestArgs, requireConsolePermission } from "./access.server";
import { loadOr } from "./action.server";

export interface ConsoleRecord<Value> {
  /** The permission the page needs; checked before anything is read. */
  permission: ConsolePermission;
  /** What the failure toast names: 'Erreur lors du chargement des {what}'. */
  what: string;
  /** The 404's text when the id names no record ('Réclamation introuvable'). */
  notFound: string;
  /** Reads the record and what its page shows beside it; null when there is none. */
  read: (db: Db, id: string) => Promise<Value | null>;
}

/**
 * The loader of a console record's page (/admin/…/:id): the permission first, then the id from the
 * URL, where one that is not an id is a 404 like an unknown record, then one read whose failure
 * shows the 'Erreur lors du chargement des …' toast over an empty page instead of a 500. `value` is
 * null only with a `loadError`.
 */
export async function loadConsoleRecord<Value>(
  args: RequestArgs & { params: { id?: string } },
  record: ConsoleRecord<Value>,
): Promise<{ value: Value | null; loadError: string | null }> {
  await requireConsolePermission(args, record.permission);
  const { app } = args.context;
  const id = entityId.safeParse(args.params.id);
  if (!id.success) throw data(record.notFound, { status: 404 });
  const loaded = await loadOr(app, record.what, () => record.read(app.db, id.data), null);
  if (!loaded.value && !loaded.loadError) throw data(record.notFound, { status: 404 });
  return loaded;
}
