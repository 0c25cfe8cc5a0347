import { eq, lte, sql } from "drizzle-orm";
import { sitePages } from "~/features/pages/schema.server";
import { pendingDraft, type VersionedKind } from "~/features/publishing/index.server";
import type { Db } from "~/platform/db/client.server";
import { PAGE_DEFAULTS } from "./defaults.server";
import { isPageId, type PageContent, type PageId, pageDefinition } from "./definitions";

/**
 * Every field of the page: the stored text, or the default where the row has none (a field added
 * since the row was written) or holds an empty required field, so a page is never empty.
 */
export function pageContent(id: PageId, stored: Record<string, unknown> | null): PageContent {
  const defaults = PAGE_DEFAULTS[id];
  const content: PageContent = {};
  for (const field of pageDefinition(id).fields) {
    const value = stored?.[field.name];
    content[field.name] =
      typeof value === "string" && (value.trim() !== "" || !field.required)
        ? value
        : (defaults[field.name] ?? "");
  }
  return content;
}

/** Whether visitors read a page that has no row yet: a legal page (its default text), never the centre's own. */
const publicWithoutRow = (id: PageId) => !pageDefinition(id).centreText;

/**
 * Pages for drafts, 'Publier', 'Programmer' and 'Historique' (features/publishing). A legal page is
 * always public (its default text until first published). A page of the centre's own words
 * (`centreText`) is not public until first published: its first saves are its draft, kept in its
 * row (`published` false), and visitors read none of it. Once public, every edit is a draft over
 * it, and no page has 'Dépublier'. A page never saved has no row; the row is written at its first
 * save or publication (or when a publication is programmed, which needs the column).
 */
export const pageVersions: VersionedKind = {
  entity: "site_page",
  table: "site_pages",
  noun: "la page",
  permanent: true,
  async read(tx, id) {
    if (!isPageId(id)) return undefined;
    const [row] = await tx.select().from(sitePages).where(eq(sitePages.id, id)).for("update");
    return {
      snapshot: pageContent(id, row ? row.content : null),
      published: row ? row.published : publicWithoutRow(id),
      title: pageDefinition(id).title,
      publishAt: row?.publishAt ?? null,
      unpublishAt: null,
    };
  },
  async write(tx, id, snapshot, actor) {
    const content = snapshot as PageContent;
    const updatedBy = actor?.id ?? null;
    if (!isPageId(id)) return;
    // A save by staff makes the text the centre's: it is no longer the demonstration's.
    await tx
      .insert(sitePages)
      .values({ id, content, updatedBy, published: publicWithoutRow(id) })
      .onConflictDoUpdate({
        target: sitePages.id,
        set: { content, updatedBy, demo: false, updatedAt: new Date() },
      });
  },
  async setPublished(tx, id, published) {
    // Only ever 'published' (unpublishRecord refuses a permanent kind first): the date is done.
    await tx.update(sitePages).set({ published, publishAt: null }).where(eq(sitePages.id, id));
  },
  async setSchedule(tx, id, { publishAt }) {
    if (!isPageId(id)) return;
    await tx
      .insert(sitePages)
      .values({ id, content: pageContent(id, null), publishAt, published: publicWithoutRow(id) })
      .onConflictDoUpdate({ target: sitePages.id, set: { publishAt } });
  },
  async claimDue(tx, what) {
    if (what === "unpublish") return [];
    const rows = await tx
      .update(sitePages)
      .set({ publishAt: null })
      .where(lte(sitePages.publishAt, sql`now()`))
      .returning({ id: sitePages.id });
    return rows.map((r) => r.id);
  },
};

/** A page as its draft would show it ('Aperçu'): the pending draft, or the published text. */
export async function draftPageContent(db: Db, id: PageId): Promise<PageContent | null> {
  const draft = await pendingDraft(db, pageVersions, id);
  return draft ? pageContent(id, draft.snapshot) : null;
}
