// Drafts, 'Aperçu', 'Publier', 'Programmer' and 'Historique' of the site's pages (Pages): an edit is
// a draft visitors never see (the public pages' own loaders; pages.test.ts goes through HTTP) until
// someone who may publish publishes it, at once from the editor or at a date; each publication is
// kept and can come back as a draft. A page is never taken off the site.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/features/audit/schema.server";
import { pageVersions } from "~/features/pages/page-versions.server";
import { readPage } from "~/features/pages/pages.server";
import { scheduleFieldValue } from "~/features/publishing";
import { scheduledPublishing } from "~/features/publishing/index.server";
import { contentVersions } from "~/features/publishing/schema.server";
import * as pageRoute from "~/routes/admin/page";
import * as publication from "~/routes/admin/publication";
import * as notreCentrePage from "~/routes/site/about";
import * as financementsPage from "~/routes/site/funding";
import * as resourcesPage from "~/routes/site/resources";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";
import { publishFromTwoInstances } from "../support/second-instance";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

type PageId = "notre-centre" | "financements" | "ressources";

/** The editor's form: every field of the page as published, with `changes` on top. */
async function pageForm(id: PageId, intent: "update" | "publish", changes: Record<string, string> = {}) {
  const { content } = await readPage(t.app.db, id);
  return { intent, page: id, ...content, ...changes };
}

/** The editor's 'Enregistrer le brouillon' (update) or 'Publier' (publish). */
async function save(fields: Record<string, string>, cookie: string) {
  try {
    const result = await pageRoute.action(
      routeArgs(t, formRequest(`/admin/pages/${fields.page}`, fields, cookie), { id: fields.page ?? "" }),
    );
    return { status: statusOf(result), body: await bodyOf(result) };
  } catch (thrown) {
    return { status: statusOf(thrown), body: {} };
  }
}

/** A button of the Publication screen. */
async function act(id: PageId, intent: string, extra: Record<string, string> = {}, cookie = admin.cookie) {
  const url = `/admin/publication/page/${id}`;
  try {
    const result = await publication.action(
      routeArgs(t, formRequest(url, { intent, kind: "page", id, ...extra }, cookie), { kind: "page", id }),
    );
    return { status: statusOf(result), body: await bodyOf(result) };
  } catch (thrown) {
    return { status: statusOf(thrown), body: {} };
  }
}

async function screen(id: PageId) {
  return (await publication.loader(
    routeArgs(t, getRequest(`/admin/publication/page/${id}`, admin.cookie), { kind: "page", id }),
  )) as Awaited<ReturnType<typeof publication.loader>>;
}

const LOADERS: Record<string, (args: never) => Promise<unknown>> = {
  "/notre-centre": notreCentrePage.loader as never,
  "/financements": financementsPage.loader as never,
  "/ressources": resourcesPage.loader as never,
};

/** A public page's introduction as its loader gives it: to a visitor, or to staff's 'Aperçu'. */
async function publicHtml(pathname: string, cookie?: string) {
  const loader = LOADERS[pathname.split("?")[0] ?? ""];
  if (!loader) throw new Error(`no loader for ${pathname}`);
  try {
    const data = await bodyOf(await loader(routeArgs(t, getRequest(pathname, cookie)) as never));
    const page = data.page as { fields: Record<string, string> };
    return { status: 200, html: page.fields.intro ?? "" };
  } catch (thrown) {
    return { status: statusOf(thrown), html: "" };
  }
}

const publicText = async (pathname: string) => (await publicHtml(pathname)).html;

const DEFAULT_INTRO = "Nous accompagnons les adultes qui veulent se former";

describe(`drafts of the site's pages on ${DRIVER}`, () => {
  it("keeps the published page until 'Publier', shows the draft in 'Aperçu', keeps each publication in 'Historique' and restores one as a draft", async () => {
    expect(await publicText("/notre-centre")).toContain(DEFAULT_INTRO);
    const draft = "Un centre à taille humaine, en brouillon.";
    const saved = await save(await pageForm("notre-centre", "update", { intro: draft }), admin.cookie);
    expect(saved).toMatchObject({
      status: 200,
      body: { ok: true, toast: { title: expect.stringContaining("Brouillon") } },
    });

    // Visitors read the published page; the editor opens on the draft, marked.
    const anonymous = await publicText("/notre-centre");
    expect(anonymous).toContain(DEFAULT_INTRO);
    expect(anonymous).not.toContain(draft);
    const editor = await bodyOf(
      await pageRoute.loader(
        routeArgs(t, getRequest("/admin/pages/notre-centre", moderator.cookie), { id: "notre-centre" }),
      ),
    );
    expect(editor).toMatchObject({ content: { intro: draft }, publication: { hasDraft: true } });
    const pending = await screen("notre-centre");
    expect(pending).toMatchObject({ state: "pending", permanent: true, preview: "/notre-centre?apercu" });
    expect(pending.draft?.changes).toEqual(["Présentation\u202f: modifié"]);

    // 'Aperçu': the public page itself with the draft, for staff only, never indexed.
    const preview = await publicHtml("/notre-centre?apercu", moderator.cookie);
    expect(preview.status).toBe(200);
    expect(preview.html).toContain(draft);
    expect((await publicHtml("/notre-centre?apercu")).status).toBe(302);
    expect((await publicHtml("/notre-centre?apercu", roleless.cookie)).status).toBe(403);
    expect(await publicText("/notre-centre")).not.toContain(draft);

    // 'Publier' on the Publication screen: the page shows it at once (the cached copy is dropped).
    expect((await act("notre-centre", "publish")).body).toMatchObject({ ok: true });
    expect(await publicText("/notre-centre")).toContain(draft);
    const history = await screen("notre-centre");
    expect(history.state).toBe("published");
    // The default text, kept before the first draft went over it, and the draft as published.
    expect(history.versions.map((v) => [v.version, v.title, v.authorEmail])).toEqual([
      [2, "Notre centre", admin.email],
      [1, "Notre centre", null],
    ]);
    expect(history.versions[0]?.changes).toEqual(["Présentation\u202f: modifié"]);

    // 'Restaurer' version 1: the default text is the draft again; visitors keep the published one.
    expect((await act("notre-centre", "restore", { version: "1" })).body).toMatchObject({ ok: true });
    expect(await publicText("/notre-centre")).toContain(draft);
    expect((await publicHtml("/notre-centre?apercu", admin.cookie)).html).toContain(DEFAULT_INTRO);
    expect((await screen("notre-centre")).state).toBe("pending");
    expect((await readPage(t.app.db, "notre-centre")).content.intro).toBe(draft);
    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "site_page"), eq(auditLog.entityId, "notre-centre")));
    expect(actions.map((a) => a.action).sort()).toEqual(["publish", "restore", "update"]);

    // 'Abandonner le brouillon': nothing pending, the published page stays.
    expect((await act("notre-centre", "discard")).body).toMatchObject({ ok: true });
    expect((await screen("notre-centre")).state).toBe("published");
  });

  it("publishes at once with the editor's 'Publier', and writes nothing when nothing changed", async () => {
    const intro = "Financer sa formation, pas à pas.";
    const published = await save(await pageForm("financements", "publish", { intro }), admin.cookie);
    expect(published.body).toMatchObject({
      ok: true,
      toast: { title: "Page «\u202fFinancements\u202f» publiée" },
    });
    expect(await publicText("/financements")).toContain(intro);
    expect(await readPage(t.app.db, "financements")).toMatchObject({
      updatedBy: admin.email,
      content: { intro },
    });
    expect((await screen("financements")).state).toBe("published");
    const versions = () =>
      t.app.db.select().from(contentVersions).where(eq(contentVersions.entityId, "financements"));
    const before = (await versions()).length;
    expect((await save(await pageForm("financements", "update"), moderator.cookie)).body).toMatchObject({
      ok: true,
    });
    expect((await save(await pageForm("financements", "publish"), admin.cookie)).body).toMatchObject({
      ok: true,
    });
    expect(await versions()).toHaveLength(before);
  });

  it("lets a moderator draft but not publish; refuses visitors and accounts without a role", async () => {
    const intro = "Texte proposé par la modération.";
    const drafted = await save(await pageForm("ressources", "update", { intro }), moderator.cookie);
    expect(drafted.body).toMatchObject({ ok: true });
    expect(await publicText("/ressources")).not.toContain(intro);
    expect((await save(await pageForm("ressources", "publish", { intro }), moderator.cookie)).status).toBe(
      403,
    );
    for (const intent of ["publish", "schedule", "restore", "discard"]) {
      expect((await act("ressources", intent, { version: "1" }, moderator.cookie)).status, intent).toBe(403);
    }
    for (const intent of ["update", "publish"] as const) {
      const fields = await pageForm("ressources", intent, { intro: "Texte d'un intrus" });
      expect((await save(fields, "")).status).toBe(302);
      expect((await save(fields, roleless.cookie)).status).toBe(403);
    }
    expect((await act("ressources", "publish", {}, "")).status).toBe(302);
    expect((await act("ressources", "publish", {}, roleless.cookie)).status).toBe(403);
    const gate = (cookie?: string) =>
      publication.loader(
        routeArgs(t, getRequest("/admin/publication/page/ressources", cookie), {
          kind: "page",
          id: "ressources",
        }),
      );
    await expect(gate()).rejects.toMatchObject({ status: 302 });
    await expect(gate(roleless.cookie)).rejects.toMatchObject({ status: 403 });
    expect(await publicText("/ressources")).not.toContain(intro);
    expect((await screen("ressources")).state).toBe("pending");
    // An administrator publishes the moderator's draft.
    expect((await act("ressources", "publish")).body).toMatchObject({ ok: true });
    expect(await publicText("/ressources")).toContain(intro);
  });

  it("never takes a page off the site: no 'Dépublier', no 'Dépublier le'", async () => {
    const refused = await act("notre-centre", "unpublish");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      ok: false,
      toast: { description: expect.stringContaining("toujours en ligne") },
    });
    const dated = await act("notre-centre", "schedule", {
      unpublishAt: scheduleFieldValue(new Date(Date.now() + 3_600_000)),
    });
    expect(dated.status).toBe(400);
    expect(dated.body.errors).toMatchObject({ unpublishAt: expect.stringContaining("toujours en ligne") });
    expect((await publicHtml("/notre-centre")).status).toBe(200);
  });

  it("publishes a programmed draft at its date, once, and announces it", async () => {
    const intro = "Financements : le texte programmé.";
    await save(await pageForm("financements", "update", { intro }), admin.cookie);
    const inAnHour = scheduleFieldValue(new Date(Date.now() + 3_600_000));
    expect((await act("financements", "schedule", { publishAt: inAnHour })).body).toMatchObject({ ok: true });
    expect((await screen("financements")).state).toBe("scheduled");
    expect(await t.app.publishing.runOnce()).toMatchObject({ published: 0 });
    expect(await publicText("/financements")).not.toContain(intro);

    await t.app.db.execute(
      sql`update site_pages set publish_at = now() - interval '1 second' where id = 'financements'`,
    );
    expect(await t.app.publishing.runOnce()).toMatchObject({ published: 1 });
    expect(await t.app.publishing.runOnce()).toMatchObject({ published: 0 });
    // The page cache dropped its copy: the next visitor reads the new text.
    expect(await publicText("/financements")).toContain(intro);
    expect((await screen("financements")).state).toBe("published");
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, "financements"),
          eq(auditLog.action, "publish"),
          sql`${auditLog.actorId} is null`,
        ),
      );
    expect(entry).toMatchObject({ details: { title: "Financements", scheduled: true } });
  });

  it.runIf(DRIVER === "pg")(
    "publishes each programmed page exactly once when two instances run at the same time",
    async () => {
      const ids = ["notre-centre", "financements", "ressources"] as const;
      const published = async (id: string) =>
        (
          await t.app.db
            .select()
            .from(contentVersions)
            .where(and(eq(contentVersions.entityId, id), eq(contentVersions.state, "published")))
        ).length;
      const before: number[] = [];
      for (const id of ids) {
        await save(await pageForm(id, "update", { intro: `Double ${id}` }), admin.cookie);
        expect(
          (await act(id, "schedule", { publishAt: scheduleFieldValue(new Date(Date.now() + 60_000)) })).body,
        ).toMatchObject({ ok: true });
        before.push(await published(id));
      }
      await t.app.db.execute(sql`update site_pages set publish_at = now() - interval '1 second'`);
      expect(await publishFromTwoInstances(t, [scheduledPublishing(pageVersions)])).toBe(ids.length);
      for (const [i, id] of ids.entries()) {
        expect(await published(id)).toBe((before[i] ?? 0) + 1);
        expect(await publicText(`/${id}`)).toContain(`Double ${id}`);
      }
    },
  );
});
