import { eq } from "drizzle-orm";
import type { RequestArgs } from "~/features/accounts/index.server";
import { users } from "~/features/accounts/schema.server";
import { auditedChange } from "~/features/audit/index.server";
import { sitePages } from "~/features/pages/schema.server";
import { idsWithDraft, publishRecord, saveEdit, wantsPreview } from "~/features/publishing/index.server";
import { type CentreSettings, fullAddress, retentionLabel } from "~/features/settings";
import { getCentreSettings, startingSettings } from "~/features/settings/index.server";
import { attempt, consoleAction, failure, intentOf, invalid } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { textFields } from "~/platform/form-data";
import type { Logger } from "~/platform/logger.server";
import { renderMarkdown } from "~/platform/markdown";
import { formatIsoDay } from "~/platform/paris-time";
import { readOrNull } from "~/platform/safe-read.server";
import { DEFAULT_LEGAL_UPDATED } from "./defaults.server";
import { isPageId, PAGES, type PageContent, type PageId, pageDefinition } from "./definitions";
import { pageSchema } from "./page-schema";
import { draftPageContent, pageContent, pageVersions } from "./page-versions.server";
import { fillPlaceholders, type PlaceholderValues } from "./placeholders";

/**
 * A page as visitors read it: its published fields (the default text for any field never saved),
 * when and by whom it was last published, and when its draft is programmed to go public.
 */
export interface StoredPage {
  id: PageId;
  content: PageContent;
  /** False while the page shows its default text (never saved). */
  saved: boolean;
  /** Whether visitors read it (a page of the centre's own words is not public until first published). */
  published: boolean;
  /** The demonstration centre's text, not yet saved by staff. */
  demo: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
  publishAt: Date | null;
}

const COLUMNS = {
  id: sitePages.id,
  content: sitePages.content,
  updatedAt: sitePages.updatedAt,
  updatedBy: users.email,
  publishAt: sitePages.publishAt,
  published: sitePages.published,
  demo: sitePages.demo,
};

type Row = {
  content: unknown;
  updatedAt: Date;
  updatedBy: string | null;
  publishAt: Date | null;
  published: boolean;
  demo: boolean;
};

function fromRow(id: PageId, row: Row | undefined): StoredPage {
  return {
    id,
    content: pageContent(id, row ? (row.content as Record<string, unknown>) : null),
    saved: Boolean(row),
    published: row ? row.published : !pageDefinition(id).centreText,
    demo: row?.demo ?? false,
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? null,
    publishAt: row?.publishAt ?? null,
  };
}

export async function readPage(db: Db, id: PageId): Promise<StoredPage> {
  const [row] = await db
    .select(COLUMNS)
    .from(sitePages)
    .leftJoin(users, eq(users.id, sitePages.updatedBy))
    .where(eq(sitePages.id, id));
  return fromRow(id, row);
}

/** A page in the console's editor: the published page, and the draft the editor opens on. */
export async function editedPage(db: Db, id: PageId) {
  const [stored, draft] = await Promise.all([readPage(db, id), draftPageContent(db, id)]);
  return { ...stored, draft };
}

/** Every editable page in the console's order, saved or not, and whether a draft waits. */
export async function listPages(db: Db) {
  const [rows, drafts] = await Promise.all([
    db.select(COLUMNS).from(sitePages).leftJoin(users, eq(users.id, sitePages.updatedBy)),
    idsWithDraft(db, pageVersions),
  ]);
  return PAGES.map((page) => {
    const stored = fromRow(
      page.id,
      rows.find((row) => row.id === page.id),
    );
    return { ...stored, hasDraft: drafts.has(page.id) };
  });
}

/**
 * The pages of the centre's own words that visitors can read: the navigation and the footer link
 * only to those. A failed read links to none (it never offers a page that may not be there).
 */
export async function publishedPageIds(db: Db): Promise<PageId[]> {
  const rows = await db.select({ id: sitePages.id }).from(sitePages).where(eq(sitePages.published, true));
  return rows.map((row) => row.id).filter(isPageId);
}

/** What a public page's loader hands its component: plain text as is, Markdown already rendered. */
export interface PublicPage {
  /**
   * False for a page of the centre's own words not yet published: every field is then empty, so each
   * of its sections is hidden (the route answers 404 when nothing else is left on the page).
   */
  published: boolean;
  fields: PageContent;
  /** The Paris day of the last save, YYYY-MM-DD ('Dernière mise à jour' of the legal pages). */
  updatedOn: string;
}

/**
 * The placeholders' values: from Paramètres (the learners' retention among them) and from the
 * server's configuration (the refused applications' retention, APPLICATION_RETENTION_MONTHS).
 */
export function placeholderValues(centre: CentreSettings, retentionMonths: number): PlaceholderValues {
  return {
    nom: centre.name,
    adresse: fullAddress(centre),
    telephone: centre.phone,
    email: centre.email,
    directeur: centre.publicationDirector,
    duree_conservation_candidatures: `${retentionMonths} mois`,
    duree_conservation_stagiaires: retentionLabel(centre.learnerRetentionMonths),
  };
}

/** A page's fields ready to show: Markdown rendered on the server (raw HTML escaped), placeholders filled. */
export function renderPage(id: PageId, content: PageContent, values?: PlaceholderValues): PageContent {
  const page = pageDefinition(id);
  const fields: PageContent = {};
  for (const field of page.fields) {
    const source = content[field.name] ?? "";
    if (field.kind !== "markdown") fields[field.name] = source;
    else {
      const html = source ? renderMarkdown(source, { topLevel: field.topLevel ?? 2 }) : "";
      fields[field.name] = values && page.placeholders ? fillPlaceholders(html, values) : html;
    }
  }
  return fields;
}

/** What a public page's loader passes: the request (for 'Aperçu') and the application. */
type PageArgs = RequestArgs & { context: { app: { db: Db; logger: Logger } } };

/**
 * A public page's text: the published version, or for staff asking 'Aperçu' (`?apercu`) its
 * pending draft (for a page not yet public, its saved text or default draft), rendered by the same
 * code. A page of the centre's own words not yet published gives empty fields: visitors read
 * nothing the centre did not publish. A failed read shows a legal page's default text rather than
 * an error, and a page of the centre's own words as unpublished.
 */
export async function publicPage(
  args: PageArgs,
  id: PageId,
  values?: PlaceholderValues,
): Promise<PublicPage> {
  const { app } = args.context;
  const preview = await wantsPreview(args);
  const stored =
    (await readOrNull(app.logger, "site_pages", () => readPage(app.db, id))) ?? fromRow(id, undefined);
  const draft = preview ? ((await draftPageContent(app.db, id)) ?? stored.content) : null;
  const shown = draft ?? (stored.published ? stored.content : null);
  return {
    published: shown !== null,
    fields: renderPage(id, shown ?? {}, values),
    updatedOn: stored.updatedAt ? formatIsoDay(stored.updatedAt) : DEFAULT_LEGAL_UPDATED,
  };
}

/**
 * A legal page's text with its placeholders filled from Paramètres (and the retention period the
 * server applies), and the centre for its generated sections.
 */
export async function publicLegalPage(
  args: PageArgs & { context: { app: { config: { applicationRetentionMonths: number } } } },
  id: PageId,
) {
  const { app } = args.context;
  const centre =
    (await readOrNull(app.logger, "centre_settings", () => getCentreSettings(app.db))) ?? startingSettings();
  const page = await publicPage(args, id, placeholderValues(centre, app.config.applicationRetentionMonths));
  return { html: page.fields.body ?? "", updatedOn: page.updatedOn };
}

const EVENT = { table: "site_pages", op: "update" } as const;
const ERROR_TITLE = "Erreur lors de l'enregistrement de la page";
const DRAFT_SAVED = "Brouillon enregistré : la version publiée reste en ligne jusqu'à « Publier »";
const UNCHANGED = "Aucune modification : rien n'a été enregistré";

/**
 * Pages: saving a page (`page` names it). 'Enregistrer le brouillon' (`update`, pages:write) leaves
 * what visitors read as it is and keeps the text as the page's draft ('Modifications non publiées');
 * 'Publier' (`publish`, content:publish) saves it and makes it public in one step. Every field is
 * validated (French message per field, nothing stored on a refusal); a save that changes nothing
 * writes nothing. The draft or the page, the version and the journal entry are written together,
 * then the change is announced: the page cache of every instance drops its copies and open pages
 * reload their text.
 */
export const pagesAction = consoleAction(
  { update: "pages:write", publish: "content:publish" },
  async (app, actor, form) => {
    const intent = intentOf(form);
    const id = form.get("page");
    if (!isPageId(id)) return failure(intent, ERROR_TITLE, 400, "Cette page n'existe pas.");
    const page = pageDefinition(id);
    const parsed = pageSchema(page).safeParse(textFields(form));
    if (!parsed.success) return invalid(intent, ERROR_TITLE, parsed.error);
    const values = parsed.data;
    const publish = intent === "publish";
    return attempt(app, intent, ERROR_TITLE, `Page «\u202f${page.title}\u202f» publiée`, async () => {
      const stored = await readPage(app.db, id);
      const published = stored.content;
      const draft = await draftPageContent(app.db, id);
      const changedFrom = (before: PageContent) =>
        page.fields.filter((field) => before[field.name] !== values[field.name]);
      // A draft's changes are from the draft it replaces; a publication's, from what visitors read.
      const changed = changedFrom(publish ? published : (draft ?? published));
      // Publishing a page not yet public (its text unchanged since its last draft) is a change too.
      if (changed.length === 0 && !(publish && (draft || !stored.published))) return UNCHANGED;
      await auditedChange(app, actor, EVENT, async (tx) => {
        await saveEdit(tx, pageVersions, id, values, actor);
        if (publish) await publishRecord(tx, pageVersions, id, actor);
        return {
          action: publish ? "publish" : "update",
          entity: "site_page",
          entityId: id,
          details: { title: page.title, changes: changed.map((field) => ({ field: field.name })) },
        };
      });
      return publish ? undefined : DRAFT_SAVED;
    });
  },
);
