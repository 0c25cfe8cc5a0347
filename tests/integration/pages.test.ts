// Pages: the site's written pages, edited in the console, validated with French messages, audited, and
// shown at once by the public pages (through the page cache, as an anonymous visitor gets them).
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readPage } from "~/features/pages/pages.server";
import { auditLog, sitePages } from "~/platform/db/schema.server";
import * as pageRoute from "~/routes/admin/page";
import * as pagesRoute from "~/routes/admin/pages";
import { DRIVER } from "../support/db";
import { setUpHttpApp, setUpSignedIn } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpHttpApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

/**
 * The form as the editor posts it: every field of the page as stored, with `changes` on top, sent
 * with 'Publier' (an administrator's one step) or 'Enregistrer le brouillon' (`update`).
 */
async function pageForm(
  id: "notre-centre" | "cgu",
  changes: Record<string, string> = {},
  intent: "publish" | "update" = "publish",
) {
  const { content } = await readPage(t.app.db, id);
  return { intent, page: id, ...content, ...changes };
}

async function save(fields: Record<string, string>, cookie: string) {
  try {
    return await pageRoute.action(routeArgs(t, formRequest(`/admin/pages/${fields.page}`, fields, cookie)));
  } catch (thrown) {
    return thrown;
  }
}

/** A public page as an anonymous visitor gets it (through the page cache). */
async function publicHtml(pathname: string) {
  const response = await fetch(`${t.base}${pathname}`);
  expect(response.status).toBe(200);
  return response.text();
}

const entries = (id: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "site_page"), eq(auditLog.entityId, id)));

describe(`Pages on ${DRIVER}`, () => {
  it("refuses anonymous visitors (sent to /auth) and accounts without a role (403), and changes nothing", async () => {
    for (const [loader, url, params] of [
      [pagesRoute.loader, "/admin/pages", {}],
      [pageRoute.loader, "/admin/pages/notre-centre", { id: "notre-centre" }],
    ] as const) {
      await expect(loader(routeArgs(t, getRequest(url), params))).rejects.toMatchObject({ status: 302 });
      await expect(loader(routeArgs(t, getRequest(url, roleless.cookie), params))).rejects.toMatchObject({
        status: 403,
      });
    }
    const fields = await pageForm("notre-centre", { intro: "Texte d'un intrus" });
    expect(statusOf(await save(fields, ""))).toBe(302);
    expect(statusOf(await save(fields, roleless.cookie))).toBe(403);
    expect(await t.app.db.select().from(sitePages)).toEqual([]);
  });

  it("lists the seven pages, each showing its default text until saved", async () => {
    const loaded = await bodyOf(
      await pagesRoute.loader(routeArgs(t, getRequest("/admin/pages", moderator.cookie))),
    );
    expect((loaded.pages as { id: string; saved: boolean }[]).map((p) => [p.id, p.saved])).toEqual([
      ["accueil", false],
      ["notre-centre", false],
      ["financements", false],
      ["ressources", false],
      ["mentions-legales", false],
      ["politique-confidentialite", false],
      ["cgu", false],
    ]);
    const html = await publicHtml("/notre-centre");
    expect(html).toContain("Nous accompagnons les adultes qui veulent se former");
    expect(html).not.toContain("20 formateurs");
    const unknown = pageRoute.loader(routeArgs(t, getRequest("/admin/pages/x", admin.cookie), { id: "x" }));
    await expect(unknown).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("saves Notre centre: stored, audited, and the public page shows the new text at once", async () => {
    // The page is in the cache before the change: the change must not wait for the copy to expire.
    expect(await publicHtml("/notre-centre")).toContain("Nous accompagnons les adultes");
    const intro = "Un centre à taille humaine, ouvert à toutes et à tous.";
    const result = await save(await pageForm("notre-centre", { intro }), admin.cookie);
    expect(statusOf(result)).toBe(200);
    expect(await bodyOf(result)).toMatchObject({
      ok: true,
      toast: { title: "Page «\u202fNotre centre\u202f» publiée" },
    });

    const stored = await readPage(t.app.db, "notre-centre");
    expect(stored).toMatchObject({ saved: true, updatedBy: admin.email, content: { intro } });
    const [entry, ...more] = await entries("notre-centre");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      action: "publish",
      details: { title: "Notre centre", changes: [{ field: "intro" }] },
    });

    const html = await publicHtml("/notre-centre");
    expect(html).toContain("Un centre à taille humaine, ouvert à toutes et à tous.");
    expect(html).not.toContain("Nous accompagnons les adultes");

    // Saving the same text again writes nothing and leaves no second entry.
    expect(statusOf(await save(await pageForm("notre-centre", {}, "update"), moderator.cookie))).toBe(200);
    expect(await entries("notre-centre")).toHaveLength(1);
  });

  it("refuses an empty required field and a line break in a title, in French, storing nothing", async () => {
    const before = await readPage(t.app.db, "notre-centre");
    const result = await save(
      await pageForm("notre-centre", { intro: "   ", teamTitle: "Une équipe\nsur deux lignes" }),
      admin.cookie,
    );
    expect(statusOf(result)).toBe(400);
    expect(await bodyOf(result)).toMatchObject({
      ok: false,
      toast: { title: "Erreur lors de l'enregistrement de la page" },
      errors: {
        intro: "Ce champ est obligatoire",
        teamTitle: "Une seule ligne\u202f: retirez les retours à la ligne",
      },
    });
    expect(await readPage(t.app.db, "notre-centre")).toEqual(before);
    expect(await entries("notre-centre")).toHaveLength(1);
    expect(await publicHtml("/notre-centre")).toContain("Un centre à taille humaine");
  });

  it("renders a legal page's Markdown on the server: raw HTML escaped, placeholders from Paramètres", async () => {
    const body = ["## 1. Objet", "", "Contact : {{email}}, {{telephone}}. <script>alert(1)</script>"].join(
      "\n",
    );
    expect(statusOf(await save(await pageForm("cgu", { body }), admin.cookie))).toBe(200);
    const html = await publicHtml("/cgu");
    expect(html).toContain("contact@centre-formation-avenir.fr, 01 23 45 67 89.");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toMatch(/<h2>1\. Objet<\/h2>/);

    const refused = await save(await pageForm("cgu", { body: "Notre SIRET : {{siret}}" }), admin.cookie);
    expect(statusOf(refused)).toBe(400);
    expect(((await bodyOf(refused)).errors as Record<string, string>).body).toMatch(
      /^Champ inconnu\u202f: \{\{siret\}\}\. Champs disponibles\u202f: \{\{nom\}\}/,
    );
    expect(await publicHtml("/cgu")).not.toContain("{{siret}}");
  });
});
