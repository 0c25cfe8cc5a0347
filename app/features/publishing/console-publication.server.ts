// The console's 'Publication' screen of one record, the same for formations, articles and pages:
// its state, 'Aperçu', 'Publier', 'Dépublier', 'Programmer', the pending changes and 'Historique'
// with 'Restaurer'. The route names the kinds it serves (ConsoleKind); everything else is here.
import { data } from "react-router";
import { z } from "zod";
import { type RequestArgs, requirePermission } from "~/features/accounts/index.server";
import { changeText, diffFields } from "~/features/audit";
import { auditedChange } from "~/features/audit/index.server";
import {
  AdminInputError,
  attempt,
  consoleAction,
  failure,
  intentOf,
  invalid,
  unknownIntent,
} from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { textFields } from "~/platform/form-data";
import { entityId } from "~/platform/form-schema";
import { checkDates, publicationState, scheduleFields } from "./schedule";
import {
  discardDraft,
  pendingDraft,
  publishedVersions,
  publishRecord,
  restoreVersion,
  type Snapshot,
  scheduleRecord,
  titleOf,
  unpublishRecord,
  type VersionedKind,
} from "./versions.server";

/** One kind of record as the Publication screen shows it. */
export interface ConsoleKind {
  kind: VersionedKind;
  /** The console's list of such records, for the way back. */
  list: { href: string; label: string };
  /** Where the public page of the record is (its published address), for 'Aperçu'. */
  publicPath: (live: Snapshot, id: string) => string;
  /** The key of an id in the URL: uuid for formations and articles, a page's name for pages. */
  idPattern?: RegExp;
}

/** The preview address of a public path: the same page, its draft shown to staff (`?apercu`). */
export const previewHref = (path: string) => `${path}${path.includes("?") ? "&" : "?"}apercu`;

function changesOf(entity: string, before: Snapshot, after: Snapshot): string[] {
  return diffFields(entity, before, after).map((change) => changeText(entity, change));
}

async function readScreen(db: Db, screen: ConsoleKind, id: string) {
  const { kind } = screen;
  const live = await db.transaction((tx) => kind.read(tx, id));
  if (!live) return null;
  const [draft, versions] = await Promise.all([pendingDraft(db, kind, id), publishedVersions(db, kind, id)]);
  return {
    id,
    title: draft ? titleOf(draft.snapshot, live) : live.title,
    state: publicationState({ ...live, hasDraft: Boolean(draft) }),
    published: live.published,
    permanent: Boolean(kind.permanent),
    publishAt: live.publishAt,
    unpublishAt: live.unpublishAt,
    draft: draft
      ? {
          authorEmail: draft.authorEmail,
          savedAt: draft.savedAt,
          changes: changesOf(kind.entity, live.snapshot, draft.snapshot),
        }
      : null,
    preview: previewHref(screen.publicPath(live.snapshot, id)),
    list: screen.list,
    // Each version with what it changed from the one published before it.
    versions: versions.map((v, i) => ({
      version: v.version,
      authorEmail: v.authorEmail,
      savedAt: v.savedAt,
      title: titleOf(v.snapshot, live),
      current: i === 0 && live.published,
      changes: versions[i + 1] ? changesOf(kind.entity, versions[i + 1]?.snapshot ?? {}, v.snapshot) : null,
    })),
  };
}

export type PublicationScreen = NonNullable<Awaited<ReturnType<typeof readScreen>>>;

function screenOf(kinds: Readonly<Record<string, ConsoleKind>>, params: Record<string, string | undefined>) {
  const screen = params.kind && Object.hasOwn(kinds, params.kind) ? kinds[params.kind] : undefined;
  const id = params.id ?? "";
  const valid = screen && (screen.idPattern ? screen.idPattern.test(id) : entityId.safeParse(id).success);
  return screen && valid ? { screen, id } : null;
}

/** The screen's loader: staff only, 404 for an unknown kind or record. */
export async function publicationLoader(
  kinds: Readonly<Record<string, ConsoleKind>>,
  args: RequestArgs & { params: Record<string, string | undefined> },
) {
  await requirePermission(args, "console:access");
  const found = screenOf(kinds, args.params);
  const screen = found && (await readScreen(args.context.app.db, found.screen, found.id));
  if (!found || !screen) throw data("Introuvable", { status: 404 });
  return screen;
}

// The dates' own rules here; those that depend on the record's state are scheduleRecord's.
const scheduleSchema = z.object(scheduleFields).superRefine((value, ctx) => checkDates(value, ctx));

// Capped at PostgreSQL's integer (the column's type): a larger number would reach the query and fail
// there (a 500) instead of being an unknown version.
const versionNumber = z.coerce.number().int().positive().max(2_147_483_647);

const ERROR = "L'action n'a pas abouti";

/**
 * The screen's action: publish, unpublish, schedule, restore, discard, each audited. All are the
 * publishers' (`content:publish`): a moderator's edit stays a draft (docs/permissions.md).
 */
export function publicationAction(kinds: Readonly<Record<string, ConsoleKind>>) {
  return consoleAction(
    {
      publish: "content:publish",
      unpublish: "content:publish",
      schedule: "content:publish",
      restore: "content:publish",
      discard: "content:publish",
    },
    async (app, actor, form) => {
      // The form names the record (kind, id), as the screen's URL does.
      const params = Object.fromEntries(form.entries()) as Record<string, string>;
      const intent = intentOf(form);
      const found = screenOf(kinds, { kind: params.kind, id: params.id });
      if (!found) return failure(intent, ERROR, 404, "Cet élément n'existe pas.");
      const { kind } = found.screen;
      const { id } = found;
      const run = (
        action: "publish" | "unpublish" | "schedule" | "restore" | "discard",
        done: string,
        change: (tx: Db) => Promise<{ title: string } & Record<string, unknown>>,
      ) =>
        attempt(app, intent, ERROR, done, () =>
          auditedChange(app, actor, { table: kind.table, op: "update" }, async (tx) => {
            const { title, ...details } = await change(tx);
            return { action, entity: kind.entity, entityId: id, details: { title, ...details } };
          }),
        );
      switch (intent) {
        case "publish":
          return run("publish", "Publié : les visiteurs voient cette version", (tx) =>
            publishRecord(tx, kind, id, actor),
          );
        case "unpublish":
          return run("unpublish", "Dépublié : les visiteurs ne le voient plus", (tx) =>
            unpublishRecord(tx, kind, id),
          );
        case "discard":
          return run("discard", "Brouillon abandonné : la version publiée reste", (tx) =>
            discardDraft(tx, kind, id),
          );
        case "restore": {
          const version = versionNumber.safeParse(params.version);
          if (!version.success) return failure(intent, ERROR, 400, "Version inconnue.");
          return run("restore", `Version ${version.data} restaurée en brouillon`, async (tx) => {
            const { title } = await restoreVersion(tx, kind, id, version.data, actor);
            return { title, version: version.data };
          });
        }
        case "schedule": {
          const dates = scheduleSchema.safeParse(textFields(form));
          if (!dates.success) return invalid(intent, ERROR, dates.error);
          const { publishAt, unpublishAt } = dates.data;
          const done = publishAt || unpublishAt ? "Programmation enregistrée" : "Programmation annulée";
          return run("schedule", done, async (tx) => {
            const { title } = await scheduleRecord(tx, kind, id, { publishAt, unpublishAt });
            return { title, publishAt, unpublishAt };
          });
        }
        default:
          return unknownIntent(intent);
      }
    },
  );
}

export { AdminInputError };
