// How the Journal d'activité speaks of articles: registered by app/boot (features/audit/registry.ts).
import { inArray } from "drizzle-orm";
import { ARTICLE_AUDIT_FIELDS } from "~/features/articles/article-entity";
import { articles } from "~/features/articles/schema.server";
import { type AuditDeclaration, listSearchedFor } from "~/features/audit/index.server";

export const articleAudit: AuditDeclaration = {
  entity: "blog_post",
  kind: "Articles",
  label: "l'article",
  fields: ARTICLE_AUDIT_FIELDS,
  find: async (db, ids) =>
    (
      await db
        .select({ id: articles.id, title: articles.title })
        .from(articles)
        .where(inArray(articles.id, ids))
    ).map((b) => ({ id: b.id, href: listSearchedFor("/admin/articles", b.title), name: b.title })),
};
