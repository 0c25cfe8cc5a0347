import { desc, eq, ilike, or } from "drizzle-orm";
import { type BlogPostInput, blogPostSchema } from "~/lib/schemas/admin-blog";
import { entityId, likePattern } from "~/lib/schemas/admin-common";
import type { Db } from "../db/client.server";
import { blogPosts } from "../db/schema.server";
import type { AppRuntime } from "../runtime.server";
import {
  AdminInputError,
  attempt,
  failure,
  intentOf,
  invalid,
  pgErrorCode,
  UNIQUE_VIOLATION,
  unknownIntent,
} from "./action.server";
import { type Actor, writeAudit } from "./audit.server";

/** Every post, newest first, filtered on title or excerpt. */
export async function listBlogPosts(db: Db, q: string) {
  const pattern = likePattern(q);
  return db
    .select()
    .from(blogPosts)
    .where(q ? or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern)) : undefined)
    .orderBy(desc(blogPosts.createdAt));
}

export type AdminBlogPost = Awaited<ReturnType<typeof listBlogPosts>>[number];

const SLUG_TAKEN = "Ce slug est déjà utilisé par un autre article. Choisissez-en un autre.";

async function savePost(app: AppRuntime, actor: Actor, input: BlogPostInput, id: string | null) {
  try {
    await app.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(eq(blogPosts.slug, input.slug));
      if (taken && taken.id !== id) throw new AdminInputError(SLUG_TAKEN, "slug");
      let savedId = id;
      if (id) {
        // updated_at is the server's clock, never the form's.
        const updated = await tx
          .update(blogPosts)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(blogPosts.id, id))
          .returning({ id: blogPosts.id });
        if (!updated.length) throw new AdminInputError("Cet article n'existe plus.");
      } else {
        const [created] = await tx
          .insert(blogPosts)
          .values({ ...input, authorId: actor.id })
          .returning({ id: blogPosts.id });
        savedId = created?.id ?? null;
      }
      await writeAudit(tx, actor, {
        action: id ? "update" : "create",
        entity: "blog_post",
        entityId: savedId,
        details: { title: input.title, slug: input.slug, published: input.published },
      });
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AdminInputError(SLUG_TAKEN, "slug");
    throw error;
  }
  await app.events.publish({ table: "blog_posts", op: id ? "update" : "insert" });
}

async function deletePost(app: AppRuntime, actor: Actor, id: string) {
  await app.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(blogPosts)
      .where(eq(blogPosts.id, id))
      .returning({ title: blogPosts.title, slug: blogPosts.slug });
    if (!deleted.length) throw new AdminInputError("Cet article n'existe plus.");
    await writeAudit(tx, actor, { action: "delete", entity: "blog_post", entityId: id, details: deleted[0] });
  });
  await app.events.publish({ table: "blog_posts", op: "delete" });
}

/** The blog screen's action: intent = create | update | delete. */
export async function blogPostAction(app: AppRuntime, actor: Actor, form: FormData) {
  const intent = intentOf(form);
  const fields = Object.fromEntries(form) as Record<string, string>;
  if (intent === "create" || intent === "update") {
    const id = intent === "update" ? entityId.safeParse(fields.id) : null;
    if (id && !id.success) return failure(intent, "Erreur lors de la sauvegarde", 400, "Article inconnu.");
    const parsed = blogPostSchema.safeParse(fields);
    if (!parsed.success) return invalid(intent, "Erreur lors de la sauvegarde", parsed.error);
    return attempt(
      app,
      intent,
      "Erreur lors de la sauvegarde",
      intent === "create" ? "Article créé avec succès" : "Article mis à jour avec succès",
      () => savePost(app, actor, parsed.data, id?.data ?? null),
    );
  }
  if (intent === "delete") {
    const id = entityId.safeParse(fields.id);
    if (!id.success) return failure(intent, "Erreur lors de la suppression", 400, "Article inconnu.");
    return attempt(app, intent, "Erreur lors de la suppression", "Article supprimé avec succès", () =>
      deletePost(app, actor, id.data),
    );
  }
  return unknownIntent(intent);
}
