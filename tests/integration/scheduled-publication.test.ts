import { and, eq, inArray, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getPublishedPost, listPublishedArticles } from "~/features/articles/articles.server";
import { articleVersions } from "~/features/articles/index.server";
import { articles } from "~/features/articles/schema.server";
import { auditLog } from "~/features/audit/schema.server";
import { scheduleFieldValue } from "~/features/publishing";
import { scheduledPublishing } from "~/features/publishing/index.server";
import { contentVersions } from "~/features/publishing/schema.server";
import * as articlesRoute from "~/routes/admin/articles";
import * as publication from "~/routes/admin/publication";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, routeArgs } from "../support/runtime";
import { publishFromTwoInstances } from "../support/second-instance";

const t = setUpTestApp();
// Publishing and scheduling are the administrators' (content:publish).
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");

const save = async (fields: Record<string, string>, cookie = admin.cookie) =>
  bodyOf(await articlesRoute.action(routeArgs(t, formRequest("/admin/articles", fields, cookie))));

const inMinutes = (minutes: number) => scheduleFieldValue(new Date(Date.now() + minutes * 60_000));

const bySlug = async (slug: string) => {
  const [row] = await t.app.db.select().from(articles).where(eq(articles.slug, slug));
  if (!row) throw new Error(`${slug} not saved`);
  return row;
};

const publicTitles = async () =>
  (await listPublishedArticles(t.app.db, { category: null, page: 1 })).articles.map((p) => p.title);

/** Moves a saved date into the past, as the clock would. */
const due = (slug: string, column: "publish_at" | "unpublish_at") =>
  t.app.db.execute(
    sql`update blog_posts set ${sql.raw(column)} = now() - interval '1 second' where slug = ${slug}`,
  );

describe(`scheduled publication of articles on ${DRIVER}`, () => {
  it("keeps a scheduled article off the site until its date, then publishes it once, audited as the server's", async () => {
    const saved = await save({
      intent: "create",
      title: "Article programmé",
      content: "Paraîtra plus tard.",
      publishAt: inMinutes(60),
    });
    expect(saved).toMatchObject({ ok: true });
    const row = await bySlug("article-programme");
    expect(row.published).toBe(false);
    expect(row.publishAt?.getTime()).toBeGreaterThan(Date.now() + 58 * 60_000);
    expect(await t.app.publishing.runOnce()).toEqual({ published: 0, unpublished: 0 });
    expect(await publicTitles()).not.toContain("Article programmé");

    await due("article-programme", "publish_at");
    expect(await t.app.publishing.runOnce()).toEqual({ published: 1, unpublished: 0 });
    expect(await t.app.publishing.runOnce()).toEqual({ published: 0, unpublished: 0 });
    expect(await bySlug("article-programme")).toMatchObject({ published: true, publishAt: null });
    expect(await publicTitles()).toContain("Article programmé");
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row.id), eq(auditLog.action, "publish")));
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: null,
        entity: "blog_post",
        details: { title: "Article programmé", scheduled: true },
      }),
    ]);
  });

  it("takes an article off the site at its 'Dépublier le' date", async () => {
    expect(
      await save({
        intent: "create",
        title: "Offre limitée",
        content: "Jusqu'à demain.",
        published: "true",
        unpublishAt: inMinutes(24 * 60),
      }),
    ).toMatchObject({ ok: true });
    expect(await publicTitles()).toContain("Offre limitée");
    await due("offre-limitee", "unpublish_at");
    expect(await t.app.publishing.runOnce()).toEqual({ published: 0, unpublished: 1 });
    expect(await bySlug("offre-limitee")).toMatchObject({ published: false, unpublishAt: null });
    expect(await publicTitles()).not.toContain("Offre limitée");
  });

  it("refuses, in French and storing nothing, a past date, a date on a published article, an end before the start, an unreadable date", async () => {
    const base = { intent: "create", title: "Refusé", content: "x" };
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ publishAt: inMinutes(-10) }, { publishAt: "Cette date est passée." }],
      [
        { publishAt: inMinutes(60), published: "true" },
        { publishAt: expect.stringContaining("Déjà publié") },
      ],
      [
        { publishAt: inMinutes(120), unpublishAt: inMinutes(60) },
        { unpublishAt: "La dépublication doit suivre la publication." },
      ],
      [{ unpublishAt: inMinutes(60) }, { unpublishAt: expect.stringContaining("Rien à dépublier") }],
      [{ publishAt: "2027-02-30T10:00" }, { publishAt: expect.stringContaining("invalides") }],
    ];
    for (const [fields, errors] of cases) {
      expect((await save({ ...base, ...fields })).errors).toMatchObject(errors);
    }
    expect(await t.app.db.select().from(articles).where(eq(articles.slug, "refuse"))).toEqual([]);
  });

  it("lets a scheduled article be edited again in its dialog: the draft changes, the date stays or moves", async () => {
    const article = { title: "Article à reprendre", slug: "article-a-reprendre" };
    expect(
      await save({ intent: "create", ...article, content: "En ligne.", published: "true" }),
    ).toMatchObject({
      ok: true,
    });
    const { id } = await bySlug("article-a-reprendre");
    // A draft over the published article, its publication programmed on the Publication screen.
    await save({ intent: "update", id, ...article, content: "Brouillon 1.", published: "true" });
    const scheduled = await publication.action(
      routeArgs(
        t,
        formRequest(
          `/admin/publication/article/${id}`,
          { intent: "schedule", kind: "article", id, publishAt: inMinutes(60) },
          admin.cookie,
        ),
        { kind: "article", id },
      ),
    );
    expect(await bodyOf(scheduled)).toMatchObject({ ok: true });
    const publishAt = scheduleFieldValue((await bySlug("article-a-reprendre")).publishAt);

    // The dialog posts the article as it shows it: 'Publier l'article' on, the programmed date.
    const dialog = { intent: "update", id, ...article, published: "true", publishAt };
    expect(await save({ ...dialog, content: "Brouillon 2." })).toMatchObject({ ok: true });
    expect(await save({ ...dialog, content: "Brouillon 3." }, moderator.cookie)).toMatchObject({ ok: true });
    const [draft] = await t.app.db
      .select()
      .from(contentVersions)
      .where(and(eq(contentVersions.entityId, id), eq(contentVersions.state, "draft")));
    expect(draft?.snapshot).toMatchObject({ content: "Brouillon 3." });
    expect(scheduleFieldValue((await bySlug("article-a-reprendre")).publishAt)).toBe(publishAt);
    // An administrator moves the date from the dialog; a moderator may not.
    const later = inMinutes(120);
    expect(
      await save({ ...dialog, content: "Brouillon 3.", publishAt: later }, moderator.cookie),
    ).toMatchObject({
      ok: false,
    });
    expect(await save({ ...dialog, content: "Brouillon 3.", publishAt: later })).toMatchObject({ ok: true });
    expect(scheduleFieldValue((await bySlug("article-a-reprendre")).publishAt)).toBe(later);
    expect((await getPublishedPost(t.app.db, "article-a-reprendre"))?.content).toBe("En ligne.");

    await due("article-a-reprendre", "publish_at");
    expect(await t.app.publishing.runOnce()).toMatchObject({ published: 1 });
    expect((await getPublishedPost(t.app.db, "article-a-reprendre"))?.content).toBe("Brouillon 3.");
  });

  it.runIf(DRIVER === "pg")(
    "publishes each due article exactly once when two instances sharing the database run at the same time",
    async () => {
      const count = 40;
      await t.app.db.insert(articles).values(
        Array.from({ length: count }, (_, i) => ({
          title: `Course ${i}`,
          slug: `course-${i}`,
          content: "x",
          publishAt: new Date(Date.now() - 1000),
        })),
      );
      // The rows are claimed by whoever comes first.
      expect(await publishFromTwoInstances(t, [scheduledPublishing(articleVersions)])).toBe(count);
      const rows = await t.app.db.select().from(articles).where(like(articles.slug, "course-%"));
      expect(rows.every((r) => r.published && r.publishAt === null)).toBe(true);
      const entries = await t.app.db
        .select({ entityId: auditLog.entityId })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, "publish"),
            inArray(
              auditLog.entityId,
              rows.map((r) => r.id),
            ),
          ),
        );
      expect(entries).toHaveLength(count);
      expect(new Set(entries.map((e) => e.entityId)).size).toBe(count);
    },
  );
});
