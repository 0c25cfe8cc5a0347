// Drafts, publication and history of a publishable record, the same for formations, articles and
// pages: each feature describes its record once (a VersionedKind) and these functions do the rest.
// The record's own row is what visitors read; the draft and the published versions sit beside it in
// content_versions (the table's comment in ./schema.server.ts says why).

import { and, desc, eq, max } from "drizzle-orm";
import type { Actor, AuditEntry } from "~/features/audit/index.server";
import { contentVersions } from "~/features/publishing/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import type { ChangeEvent } from "~/platform/events.server";
import type { Publishable, ScheduledRow } from "./scheduler.server";

/** A record's content as its form saves it (the draft and each version keep one). */
export type Snapshot = Record<string, unknown>;

/** The record's own row, as the versions need it. */
export interface LiveRecord {
  /** Its content in the snapshot's shape. */
  snapshot: Snapshot;
  /** Visitors see it ('Publié'). */
  published: boolean;
  title: string;
  publishAt: Date | null;
  unpublishAt: Date | null;
}

/** One kind of publishable record, described by its feature. */
export interface VersionedKind {
  entity: AuditEntry["entity"] & ("formation" | "blog_post" | "site_page");
  table: ChangeEvent["table"];
  /** 'la formation', for French sentences. */
  noun: string;
  /**
   * Always public (a page: the site never shows it empty): no 'Dépublier', no 'Dépublier le …';
   * an edit is always a draft over the published version.
   */
  permanent?: boolean;
  /** The record's row, locked until the transaction ends (FOR UPDATE); undefined when it is gone. */
  read(tx: Db, id: string): Promise<LiveRecord | undefined>;
  /**
   * Writes a snapshot into the record's row: what visitors see from then on if it is published.
   * `actor`: who saved or published it (null: the server, at a scheduled date).
   */
  write(tx: Db, id: string, snapshot: Snapshot, actor: Actor | null): Promise<void>;
  /** Makes the record public or not, and clears the date that did it ('Programmer', 'Dépublier le'). */
  setPublished(tx: Db, id: string, published: boolean): Promise<void>;
  /** Sets or clears the two dates. */
  setSchedule(tx: Db, id: string, dates: { publishAt: Date | null; unpublishAt: Date | null }): Promise<void>;
  /**
   * Clears and answers the ids whose publication (or unpublication) date has come, in one
   * conditional UPDATE: two instances running it at once never both get a row.
   */
  claimDue(tx: Db, what: "publish" | "unpublish"): Promise<string[]>;
}

const ofRecord = (kind: VersionedKind, id: string) =>
  and(eq(contentVersions.entityType, kind.entity), eq(contentVersions.entityId, id));

/** The pending draft of a published record, if any. */
export async function pendingDraft(db: Db, kind: VersionedKind, id: string) {
  const [row] = await db
    .select()
    .from(contentVersions)
    .where(and(ofRecord(kind, id), eq(contentVersions.state, "draft")));
  return row;
}

/** The ids among `ids` with a pending draft: the lists' 'Modifications non publiées'. */
export async function idsWithDraft(db: Db, kind: VersionedKind): Promise<Map<string, Snapshot>> {
  const rows = await db
    .select({ id: contentVersions.entityId, snapshot: contentVersions.snapshot })
    .from(contentVersions)
    .where(and(eq(contentVersions.entityType, kind.entity), eq(contentVersions.state, "draft")));
  return new Map(rows.map((r) => [r.id, r.snapshot]));
}

async function nextNumber(tx: Db, kind: VersionedKind, id: string): Promise<number> {
  const [row] = await tx
    .select({ n: max(contentVersions.version) })
    .from(contentVersions)
    .where(ofRecord(kind, id));
  return (row?.n ?? 0) + 1;
}

async function addPublished(
  tx: Db,
  kind: VersionedKind,
  id: string,
  snapshot: Snapshot,
  actor: Actor | null,
) {
  await tx.insert(contentVersions).values({
    entityType: kind.entity,
    entityId: id,
    version: await nextNumber(tx, kind, id),
    state: "published",
    snapshot,
    authorId: actor?.id ?? null,
    authorEmail: actor?.email ?? null,
  });
}

/**
 * A record published before versions existed (or by a direct save) has no version of what visitors
 * see: it is kept as one before the first draft goes over it, so 'Historique' can bring it back.
 */
async function keepPublishedBaseline(tx: Db, kind: VersionedKind, id: string, live: LiveRecord) {
  const [any] = await tx
    .select({ id: contentVersions.id })
    .from(contentVersions)
    .where(and(ofRecord(kind, id), eq(contentVersions.state, "published")))
    .limit(1);
  if (!any) await addPublished(tx, kind, id, live.snapshot, null);
}

async function mustRead(tx: Db, kind: VersionedKind, id: string, gone: string): Promise<LiveRecord> {
  const live = await kind.read(tx, id);
  if (!live) throw new AdminInputError(gone);
  return live;
}

const GONE = "Cet élément n'existe plus.";

/** A version's title: its own (formations, articles), or the record's (a page's name). */
export const titleOf = (snapshot: Snapshot, live: { title: string }) => String(snapshot.title ?? live.title);

/** Said rather than offered: a page is never taken off the site. */
export const NEVER_UNPUBLISHED =
  "Une page reste toujours en ligne (le site ne la montre jamais vide) : elle ne se dépublie pas. Publiez plutôt une autre version.";

/**
 * Saves an edit. A record visitors do not see takes it in its own row ('Brouillon'); a published one
 * keeps what visitors see and takes it as its draft, replacing the previous draft
 * ('Modifications non publiées'). Answers which of the two happened.
 */
export async function saveEdit(
  tx: Db,
  kind: VersionedKind,
  id: string,
  snapshot: Snapshot,
  actor: Actor,
): Promise<"saved" | "draft"> {
  const live = await mustRead(tx, kind, id, GONE);
  if (!live.published) {
    await kind.write(tx, id, snapshot, actor);
    return "saved";
  }
  await keepPublishedBaseline(tx, kind, id, live);
  const draft = await pendingDraft(tx, kind, id);
  if (draft) {
    await tx
      .update(contentVersions)
      .set({ snapshot, authorId: actor.id, authorEmail: actor.email, savedAt: new Date() })
      .where(eq(contentVersions.id, draft.id));
  } else {
    await tx.insert(contentVersions).values({
      entityType: kind.entity,
      entityId: id,
      version: await nextNumber(tx, kind, id),
      state: "draft",
      snapshot,
      authorId: actor.id,
      authorEmail: actor.email,
    });
  }
  return "draft";
}

/**
 * 'Publier': the pending draft (or, for a record not yet public, its own row) becomes what visitors
 * see, and a published version of it is kept. `actor` null: the server, at a scheduled date.
 */
export async function publishRecord(tx: Db, kind: VersionedKind, id: string, actor: Actor | null) {
  const live = await mustRead(tx, kind, id, GONE);
  const draft = await pendingDraft(tx, kind, id);
  if (draft) {
    await kind.write(tx, id, draft.snapshot, actor);
    await tx
      .update(contentVersions)
      .set({
        state: "published",
        authorId: actor?.id ?? null,
        authorEmail: actor?.email ?? null,
        savedAt: new Date(),
      })
      .where(eq(contentVersions.id, draft.id));
  } else if (live.published) {
    throw new AdminInputError("Rien à publier : la version en ligne est déjà la dernière.");
  } else {
    await addPublished(tx, kind, id, live.snapshot, actor);
  }
  await kind.setPublished(tx, id, true);
  return { title: draft ? titleOf(draft.snapshot, live) : live.title };
}

/**
 * 'Dépublier': visitors no longer see it. A pending draft goes into its row, which is its draft from
 * now on (a record not public has no separate draft).
 */
export async function unpublishRecord(tx: Db, kind: VersionedKind, id: string) {
  if (kind.permanent) throw new AdminInputError(NEVER_UNPUBLISHED);
  const live = await mustRead(tx, kind, id, GONE);
  if (!live.published) throw new AdminInputError("Déjà hors ligne.");
  const draft = await pendingDraft(tx, kind, id);
  if (draft) {
    await kind.write(tx, id, draft.snapshot, null);
    await tx.delete(contentVersions).where(eq(contentVersions.id, draft.id));
  }
  await kind.setPublished(tx, id, false);
  return { title: live.title };
}

/** 'Abandonner le brouillon': the pending changes go, the published version stays. */
export async function discardDraft(tx: Db, kind: VersionedKind, id: string) {
  const live = await mustRead(tx, kind, id, GONE);
  const [gone] = await tx
    .delete(contentVersions)
    .where(and(ofRecord(kind, id), eq(contentVersions.state, "draft")))
    .returning({ id: contentVersions.id });
  if (!gone) throw new AdminInputError("Aucun brouillon en attente.");
  // A publication programmed for that draft has nothing left to publish.
  if (live.published && live.publishAt) {
    await kind.setSchedule(tx, id, { publishAt: null, unpublishAt: live.unpublishAt });
  }
  return { title: live.title };
}

/** 'Restaurer': published version `version` comes back as the draft (or the row of a record not public). */
export async function restoreVersion(tx: Db, kind: VersionedKind, id: string, version: number, actor: Actor) {
  const [row] = await tx
    .select()
    .from(contentVersions)
    .where(
      and(ofRecord(kind, id), eq(contentVersions.version, version), eq(contentVersions.state, "published")),
    );
  if (!row) throw new AdminInputError("Cette version n'existe pas.");
  const live = await mustRead(tx, kind, id, GONE);
  const outcome = await saveEdit(tx, kind, id, row.snapshot, actor);
  return { title: titleOf(row.snapshot, live), outcome };
}

/** 'Programmer': publication (of the draft, or of a record not yet public) and unpublication dates. */
export async function scheduleRecord(
  tx: Db,
  kind: VersionedKind,
  id: string,
  dates: { publishAt: Date | null; unpublishAt: Date | null },
) {
  const live = await mustRead(tx, kind, id, GONE);
  if (dates.unpublishAt && kind.permanent) throw new AdminInputError(NEVER_UNPUBLISHED, "unpublishAt");
  if (dates.publishAt && live.published && !(await pendingDraft(tx, kind, id))) {
    throw new AdminInputError(
      "Déjà publié, sans modification en attente : il n'y a rien à programmer.",
      "publishAt",
    );
  }
  if (dates.unpublishAt && !live.published && !dates.publishAt) {
    throw new AdminInputError(
      "Rien à dépublier : publiez ou programmez d'abord la publication.",
      "unpublishAt",
    );
  }
  await kind.setSchedule(tx, id, dates);
  return { title: live.title };
}

/** Every published version of a record, newest first, with who published it and when. */
export async function publishedVersions(db: Db, kind: VersionedKind, id: string) {
  return db
    .select({
      version: contentVersions.version,
      snapshot: contentVersions.snapshot,
      authorEmail: contentVersions.authorEmail,
      savedAt: contentVersions.savedAt,
    })
    .from(contentVersions)
    .where(and(ofRecord(kind, id), eq(contentVersions.state, "published")))
    .orderBy(desc(contentVersions.version));
}

/** A deleted record's versions go with it (no foreign key can: see the table's comment). */
export async function forgetVersions(tx: Db, kind: VersionedKind, id: string) {
  await tx.delete(contentVersions).where(ofRecord(kind, id));
}

/**
 * The scheduler's view of a kind of record: at its date, 'Programmé' publishes the draft (or the
 * record not yet public) exactly as 'Publier' would, and 'Dépublier le …' takes it off the site.
 * Each row is claimed by one conditional UPDATE first, so only one instance ever acts on it.
 */
export function scheduledPublishing(kind: VersionedKind): Publishable {
  return {
    entity: kind.entity,
    table: kind.table,
    async publishDue(tx) {
      const done: ScheduledRow[] = [];
      for (const id of await kind.claimDue(tx, "publish")) {
        const live = await kind.read(tx, id);
        // Already public with no draft left (it was thrown away): nothing to publish.
        if (!live || (live.published && !(await pendingDraft(tx, kind, id)))) continue;
        done.push({ id, ...(await publishRecord(tx, kind, id, null)) });
      }
      return done;
    },
    async unpublishDue(tx) {
      const done: ScheduledRow[] = [];
      for (const id of await kind.claimDue(tx, "unpublish")) {
        const live = await kind.read(tx, id);
        if (live?.published) done.push({ id, ...(await unpublishRecord(tx, kind, id)) });
      }
      return done;
    },
  };
}
