// Drafts, 'Aperçu', 'Publier', 'Programmer' and 'Historique' of a formation: an edit of a published
// formation is a draft visitors never see (course page, catalogue, sitemap, Lhéo) until someone who
// may publish publishes it; each publication is kept and can come back as a draft.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getPublishedPost } from "~/features/articles/articles.server";
import { articles } from "~/features/articles/schema.server";
import { auditLog } from "~/features/audit/schema.server";
import { getActiveFormation, listActiveFormations } from "~/features/catalogue/catalogue.server";
import { formationVersions } from "~/features/catalogue/index.server";
import { formations } from "~/features/catalogue/schema.server";
import { scheduleFieldValue } from "~/features/publishing";
import { scheduledPublishing } from "~/features/publishing/index.server";
import { contentVersions } from "~/features/publishing/schema.server";
import * as articlesRoute from "~/routes/admin/articles";
import * as formationsRoute from "~/routes/admin/formations";
import * as publication from "~/routes/admin/publication";
import * as sitemap from "~/routes/api/sitemap";
import * as articlePage from "~/routes/site/article";
import * as coursePage from "~/routes/site/formation";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { publishDraft } from "../support/publishing";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";
import { publishFromTwoInstances } from "../support/second-instance";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");

const form = (title: string, slug: string, overrides: Record<string, string> = {}) => ({
  title,
  slug,
  formationType: "courte",
  duration: "3 mois",
  entryLevel: "niveau-4",
  pricing: "gratuit",
  description: "Une formation pour les brouillons.",
  active: "true",
  financingEligible: "true",
  ...overrides,
});

async function save(fields: Record<string, string>, cookie = admin.cookie) {
  const posted = { intent: "create", ...fields };
  const result = await formationsRoute.action(routeArgs(t, formRequest("/admin/formations", posted, cookie)));
  return { status: statusOf(result), body: await bodyOf(result) };
}

async function act(id: string, intent: string, extra: Record<string, string> = {}, cookie = admin.cookie) {
  const url = `/admin/publication/formation/${id}`;
  const call = publication.action(
    routeArgs(t, formRequest(url, { intent, kind: "formation", id, ...extra }, cookie), {
      kind: "formation",
      id,
    }),
  );
  const result = await call;
  return { status: statusOf(result), body: await bodyOf(result) };
}

async function screen(id: string, cookie = admin.cookie) {
  return (await publication.loader(
    routeArgs(t, getRequest(`/admin/publication/formation/${id}`, cookie), { kind: "formation", id }),
  )) as Awaited<ReturnType<typeof publication.loader>>;
}

async function idOf(slug: string) {
  const [row] = await t.app.db.select().from(formations).where(eq(formations.slug, slug));
  if (!row) throw new Error(`${slug} not saved`);
  return row;
}

const publicTitle = async (slug: string) => (await getActiveFormation(t.app.db, slug))?.title ?? null;

async function coursePageTitle(slug: string, cookie?: string, preview = false) {
  const path = `/formation/${slug}${preview ? "?apercu" : ""}`;
  const data = await bodyOf(
    await coursePage.loader(routeArgs(t, getRequest(path, cookie), { slug }) as never),
  );
  return (data.formation as { title: string } | null)?.title ?? null;
}

describe(`drafts of a published formation on ${DRIVER}`, () => {
  it("keeps the published version public until 'Publier', shows the draft in 'Aperçu', and keeps every publication in 'Historique'", async () => {
    expect((await save(form("Brouillon A", "brouillon-a"))).status).toBe(200);
    const { id } = await idOf("brouillon-a");
    expect(await publicTitle("brouillon-a")).toBe("Brouillon A");

    // The edit of a published formation is a draft: every public read is unchanged.
    const edited = await save({ intent: "update", id, ...form("Brouillon A modifié", "brouillon-a") });
    expect(edited.body).toMatchObject({ ok: true, toast: { title: expect.stringContaining("Brouillon") } });
    expect(await publicTitle("brouillon-a")).toBe("Brouillon A");
    expect(await coursePageTitle("brouillon-a")).toBe("Brouillon A");
    expect((await listActiveFormations(t.app.db)).map((f) => f.title)).not.toContain("Brouillon A modifié");
    const xml = await ((await sitemap.loader(routeArgs(t, getRequest("/sitemap.xml")))) as Response).text();
    expect(xml).toContain("/formation/brouillon-a");
    expect((await screen(id)).state).toBe("pending");

    // 'Aperçu': staff see the draft through the public page's own loader; visitors are refused.
    expect(await coursePageTitle("brouillon-a", admin.cookie, true)).toBe("Brouillon A modifié");
    expect(await coursePageTitle("brouillon-a", moderator.cookie, true)).toBe("Brouillon A modifié");
    await expect(coursePageTitle("brouillon-a", undefined, true)).rejects.toMatchObject({ status: 302 });

    // 'Publier'.
    expect((await act(id, "publish")).body).toMatchObject({ ok: true });
    expect(await publicTitle("brouillon-a")).toBe("Brouillon A modifié");
    const history = await screen(id);
    expect(history.state).toBe("published");
    expect(history.versions.map((v) => [v.version, v.title])).toEqual([
      [2, "Brouillon A modifié"],
      [1, "Brouillon A"],
    ]);
    expect(history.versions[0]?.changes).toEqual([
      expect.stringMatching(/^Titre\u202f: «\u202fBrouillon A\u202f» → «\u202fBrouillon A modifié\u202f»$/),
    ]);

    // 'Restaurer' version 1: a draft again, the public page unchanged; audited.
    expect((await act(id, "restore", { version: "1" })).body).toMatchObject({ ok: true });
    expect(await publicTitle("brouillon-a")).toBe("Brouillon A modifié");
    expect(await coursePageTitle("brouillon-a", admin.cookie, true)).toBe("Brouillon A");
    const restored = await screen(id);
    expect(restored.state).toBe("pending");
    expect(restored.title).toBe("Brouillon A");
    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "formation"), eq(auditLog.entityId, id)));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["publish", "restore"]));

    // 'Abandonner le brouillon': the published version stays, nothing pending.
    expect((await act(id, "discard")).body).toMatchObject({ ok: true });
    expect((await screen(id)).state).toBe("published");
    expect(await coursePageTitle("brouillon-a", admin.cookie, true)).toBe("Brouillon A modifié");
  });

  it("answers a French 400, never a 500, to a version number that is out of range, malformed or unknown", async () => {
    await save(form("Brouillon V", "brouillon-v"));
    const { id } = await idOf("brouillon-v");
    await save({ intent: "update", id, ...form("Brouillon V modifié", "brouillon-v") });
    expect((await act(id, "publish")).body).toMatchObject({ ok: true });
    // Beyond a PostgreSQL integer, past the last version, zero, negative, decimal, text, empty.
    for (const version of ["99999999999", "2147483648", "42", "0", "-1", "1.5", "1e3", "abc", ""]) {
      const { status, body } = await act(id, "restore", { version });
      expect(status, version).toBe(400);
      expect(body, version).toMatchObject({ ok: false });
      expect(JSON.stringify(body), version).toMatch(/Version inconnue|Cette version n'existe pas/);
    }
    // A real one still comes back.
    expect((await act(id, "restore", { version: "1" })).body).toMatchObject({ ok: true });
  });

  it("lets a moderator draft but not publish, unpublish, schedule, restore or discard", async () => {
    await save(form("Brouillon B", "brouillon-b"));
    const { id } = await idOf("brouillon-b");
    const drafted = await save(
      { intent: "update", id, ...form("Brouillon B du modérateur", "brouillon-b") },
      moderator.cookie,
    );
    expect(drafted.body).toMatchObject({ ok: true });
    expect(await publicTitle("brouillon-b")).toBe("Brouillon B");
    for (const intent of ["publish", "unpublish", "schedule", "restore", "discard"]) {
      await expect(act(id, intent, { version: "1" }, moderator.cookie), intent).rejects.toMatchObject({
        status: 403,
      });
    }
    expect(await publicTitle("brouillon-b")).toBe("Brouillon B");
    // Nor by the form: a new formation made public, or a published one taken off, by a moderator.
    const created = await save(form("Brouillon C", "brouillon-c"), moderator.cookie);
    expect(created.status).toBe(400);
    expect(created.body.errors).toMatchObject({ active: expect.stringContaining("administrateurs") });
    expect(await t.app.db.select().from(formations).where(eq(formations.slug, "brouillon-c"))).toEqual([]);
    const off = await save(
      { intent: "update", id, ...form("Brouillon B", "brouillon-b", { active: "false" }) },
      moderator.cookie,
    );
    expect(off.status).toBe(400);
    expect(await publicTitle("brouillon-b")).toBe("Brouillon B");
    // A moderator's new formation is a 'Brouillon', which an administrator publishes.
    expect(
      (await save(form("Brouillon D", "brouillon-d", { active: "false" }), moderator.cookie)).status,
    ).toBe(200);
    const d = await idOf("brouillon-d");
    expect(d.active).toBe(false);
    expect((await screen(d.id)).state).toBe("draft");
    expect((await act(d.id, "publish")).body).toMatchObject({ ok: true });
    expect(await publicTitle("brouillon-d")).toBe("Brouillon D");
  });

  it("publishes a scheduled draft at its date, once, and refuses a past date in French", async () => {
    await save(form("Programmée", "programmee"));
    const { id } = await idOf("programmee");
    await save({ intent: "update", id, ...form("Programmée, nouvelle version", "programmee") });
    const past = await act(id, "schedule", {
      publishAt: scheduleFieldValue(new Date(Date.now() - 3_600_000)),
    });
    expect(past.status).toBe(400);
    expect(past.body.errors).toMatchObject({ publishAt: "Cette date est passée." });
    const inAnHour = scheduleFieldValue(new Date(Date.now() + 3_600_000));
    expect((await act(id, "schedule", { publishAt: inAnHour })).body).toMatchObject({ ok: true });
    expect((await screen(id)).state).toBe("scheduled");
    expect(await t.app.publishing.runOnce()).toMatchObject({ published: 0 });
    expect(await publicTitle("programmee")).toBe("Programmée");

    await t.app.db.execute(
      sql`update formations set publish_at = now() - interval '1 second' where id = ${id}`,
    );
    expect(await t.app.publishing.runOnce()).toMatchObject({ published: 1 });
    expect(await t.app.publishing.runOnce()).toMatchObject({ published: 0 });
    expect(await publicTitle("programmee")).toBe("Programmée, nouvelle version");
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "publish")));
    expect(entry).toMatchObject({ actorId: null, details: { scheduled: true } });
  });

  it("deletes a formation's versions with it", async () => {
    await save(form("Supprimée", "supprimee"));
    const { id } = await idOf("supprimee");
    await save({ intent: "update", id, ...form("Supprimée bis", "supprimee") });
    expect((await save({ intent: "delete", id })).status).toBe(200);
    expect(await t.app.db.select().from(contentVersions).where(eq(contentVersions.entityId, id))).toEqual([]);
  });

  it("keeps a published article as it is until 'Publier', and a moderator's article a draft", async () => {
    const post = async (fields: Record<string, string>, cookie = admin.cookie) => {
      const result = await articlesRoute.action(
        routeArgs(t, formRequest("/admin/articles", { intent: "create", ...fields }, cookie)),
      );
      return { status: statusOf(result), body: await bodyOf(result) };
    };
    const article = { title: "Article brouillon", slug: "article-brouillon", content: "Première version." };
    expect((await post({ ...article, published: "true" })).status).toBe(200);
    const [row] = await t.app.db.select().from(articles).where(eq(articles.slug, "article-brouillon"));
    if (!row) throw new Error("article not saved");
    const edited = await post({
      ...article,
      intent: "update",
      id: row.id,
      content: "Seconde version.",
      published: "true",
    });
    expect(edited.body).toMatchObject({ ok: true, toast: { title: expect.stringContaining("Brouillon") } });
    expect((await getPublishedPost(t.app.db, "article-brouillon"))?.content).toBe("Première version.");
    const preview = await bodyOf(
      await articlePage.loader(
        routeArgs(t, getRequest("/ressources/article/article-brouillon?apercu", admin.cookie), {
          slug: "article-brouillon",
        }) as never,
      ),
    );
    expect((preview.article as { html: string }).html).toContain("Seconde version.");
    await publishDraft(t, admin.cookie, "article", row.id);
    expect((await getPublishedPost(t.app.db, "article-brouillon"))?.content).toBe("Seconde version.");
    // A moderator writes; publishing is an administrator's.
    const refused = await post({ title: "Du modérateur", content: "x", published: "true" }, moderator.cookie);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({ published: expect.stringContaining("administrateurs") });
    expect((await post({ title: "Du modérateur", content: "x" }, moderator.cookie)).status).toBe(200);
    expect(await getPublishedPost(t.app.db, "du-moderateur")).toBeNull();
  });

  it.runIf(DRIVER === "pg")(
    "publishes a scheduled formation exactly once when two instances run at the same time",
    async () => {
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) {
        await save(form(`Double ${i}`, `double-${i}`));
        const { id } = await idOf(`double-${i}`);
        await save({ intent: "update", id, ...form(`Double ${i} publiée`, `double-${i}`) });
        ids.push(id);
      }
      await t.app.db.execute(
        sql`update formations set publish_at = now() - interval '1 second' where slug like 'double-%'`,
      );
      expect(await publishFromTwoInstances(t, [scheduledPublishing(formationVersions)])).toBe(10);
      for (let i = 0; i < 10; i++) expect(await publicTitle(`double-${i}`)).toBe(`Double ${i} publiée`);
      const versions = await t.app.db
        .select()
        .from(contentVersions)
        .where(and(eq(contentVersions.entityType, "formation"), eq(contentVersions.state, "published")));
      // Each: the version first published, and the scheduled one, never twice.
      for (const id of ids) expect(versions.filter((v) => v.entityId === id)).toHaveLength(2);
    },
  );
});
