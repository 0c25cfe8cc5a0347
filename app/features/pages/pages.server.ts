import { eq } from "drizzle-orm";
import { attempt, consoleAction, failure, invalid } from "~/features/console/index.server";
import { auditedChange } from "~/features/journal/index.server";
import { type CentreIdentity, fullAddress } from "~/features/settings";
import { getCentreSettings, startingSettings } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/client.server";
import { sitePages, users } from "~/platform/db/schema.server";
import { textFields } from "~/platform/form-data";
import type { Logger } from "~/platform/logger.server";
import { renderMarkdown } from "~/platform/markdown";
import { formatIsoDay } from "~/platform/paris-time";
import { readOrNull } from "~/platform/safe-read.server";
import { DEFAULT_LEGAL_UPDATED, PAGE_DEFAULTS } from "./defaults.server";
import { isPageId, PAGES, type PageContent, type PageId, pageDefinition } from "./definitions";
import { pageSchema } from "./page-schema";
import { fillPlaceholders, type PlaceholderValues } from "./placeholders";

/** A page as stored: its fields (the default text for any field never saved), when and by whom. */
export interface StoredPage {
  id: PageId;
  content: PageContent;
  /** False while the page shows its default text (never saved). */
  saved: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/**
 * Every field of the page: the stored text, or the default where the row has none (a field added
 * since the row was written) or holds an empty required field, so a page is never empty.
 */
function withDefaults(id: PageId, stored: Record<string, unknown> | null): PageContent {
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

const COLUMNS = {
  id: sitePages.id,
  content: sitePages.content,
  updatedAt: sitePages.updatedAt,
  updatedBy: users.email,
};

function fromRow(
  id: PageId,
  row: { content: unknown; updatedAt: Date; updatedBy: string | null } | undefined,
) {
  return {
    id,
    content: withDefaults(id, row ? (row.content as Record<string, unknown>) : null),
    saved: Boolean(row),
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? null,
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

/** Every editable page in the console's order, saved or not. */
export async function listPages(db: Db): Promise<StoredPage[]> {
  const rows = await db.select(COLUMNS).from(sitePages).leftJoin(users, eq(users.id, sitePages.updatedBy));
  return PAGES.map((page) =>
    fromRow(
      page.id,
      rows.find((row) => row.id === page.id),
    ),
  );
}

/** What a public page's loader hands its component: plain text as is, Markdown already rendered. */
export interface PublicPage {
  fields: PageContent;
  /** The Paris day of the last save, YYYY-MM-DD ('Dernière mise à jour' of the legal pages). */
  updatedOn: string;
}

/** The placeholders' values: from Paramètres and from the server's configuration. */
export function placeholderValues(centre: CentreIdentity, retentionMonths: number): PlaceholderValues {
  return {
    nom: centre.name,
    adresse: fullAddress(centre),
    telephone: centre.phone,
    email: centre.email,
    directeur: centre.publicationDirector,
    duree_conservation_candidatures: `${retentionMonths} mois`,
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

/**
 * A public page's text. A failed read shows the default text rather than an error: the page is
 * never empty, and the navigation and footer around it never depend on what staff wrote.
 */
export async function publicPage(
  app: { db: Db; logger: Logger },
  id: PageId,
  values?: PlaceholderValues,
): Promise<PublicPage> {
  const stored =
    (await readOrNull(app.logger, "site_pages", () => readPage(app.db, id))) ?? fromRow(id, undefined);
  return {
    fields: renderPage(id, stored.content, values),
    updatedOn: stored.updatedAt ? formatIsoDay(stored.updatedAt) : DEFAULT_LEGAL_UPDATED,
  };
}

/**
 * A legal page's text with its placeholders filled from Paramètres (and the retention period the
 * server applies), and the centre for its generated sections.
 */
export async function publicLegalPage(
  app: { db: Db; logger: Logger; config: { applicationRetentionMonths: number } },
  id: PageId,
) {
  const centre =
    (await readOrNull(app.logger, "centre_settings", () => getCentreSettings(app.db))) ?? startingSettings();
  const page = await publicPage(app, id, placeholderValues(centre, app.config.applicationRetentionMonths));
  return { html: page.fields.body ?? "", updatedOn: page.updatedOn };
}

const EVENT = { table: "site_pages", op: "update" } as const;
const ERROR_TITLE = "Erreur lors de l'enregistrement de la page";

/**
 * Pages: saving a page (`update`, with the page's id in `page`). Every field is validated (French
 * message per field, nothing stored on a refusal); a save that changes nothing writes nothing. The
 * row and its journal entry are written together, then the change is announced: the page cache of
 * every instance drops its copies and open pages reload their text.
 */
export const pagesAction = consoleAction({ update: "pages:write" }, async (app, actor, form) => {
  const intent = "update";
  const id = form.get("page");
  if (!isPageId(id)) return failure(intent, ERROR_TITLE, 400, "Cette page n'existe pas.");
  const page = pageDefinition(id);
  const parsed = pageSchema(page).safeParse(textFields(form));
  if (!parsed.success) return invalid(intent, ERROR_TITLE, parsed.error);
  const values = parsed.data;
  return attempt(app, intent, ERROR_TITLE, `Page « ${page.title} » enregistrée`, async () => {
    const current = await readPage(app.db, id);
    const changed = page.fields.filter((field) => current.content[field.name] !== values[field.name]);
    if (changed.length === 0) return;
    await auditedChange(app, actor, EVENT, async (tx) => {
      await tx
        .insert(sitePages)
        .values({ id, content: values, updatedBy: actor.id })
        .onConflictDoUpdate({
          target: sitePages.id,
          set: { content: values, updatedBy: actor.id, updatedAt: new Date() },
        });
      return {
        action: "update",
        entity: "site_page",
        entityId: id,
        details: { title: page.title, changes: changed.map((field) => ({ field: field.name })) },
      };
    });
  });
});
