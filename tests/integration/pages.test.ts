// Pages: the site's written pages, edited in the console, validated with French messages, audited, and
// shown at once by the public pages (through the page cache, as an anonymous visitor gets them).
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/features/audit/schema.server";
import { readPage } from "~/features/pages/pages.server";
import { sitePages } from "~/features/pages/schema.server";
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
  id: "notre-centre" | "cgu" | "ressources" | "financements" | "contact" | "accueil",
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
    const before = await t.app.db.select().from(sitePages);
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
    expect(await t.app.db.select().from(sitePages)).toEqual(before);
  });

  it("lists the eight pages: the demonstration centre's five published with its text, the legal ones with their default text", async () => {
    const loaded = await bodyOf(
      await pagesRoute.loader(routeArgs(t, getRequest("/admin/pages", moderator.cookie))),
    );
    type Listed = { id: string; saved: boolean; published: boolean; demo: boolean };
    expect((loaded.pages as Listed[]).map((p) => [p.id, p.saved, p.published, p.demo])).toEqual([
      ["accueil", true, true, true],
      ["notre-centre", true, true, true],
      ["financements", true, true, true],
      ["ressources", true, true, true],
      ["contact", true, true, true],
      ["mentions-legales", false, true, false],
      ["politique-confidentialite", false, true, false],
      ["cgu", false, true, false],
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

  it("keeps a centre's own page off the site until 'Publier': hidden sections, 404 for Notre centre and Financements, out of the navigation", async () => {
    // A centre that has published none of its pages (a start without demo data, or once the demo is
    // removed), announced as the removal does: the page cache drops its copies.
    const own = ["accueil", "notre-centre", "financements", "ressources", "contact"];
    await t.app.db.delete(sitePages).where(inArray(sitePages.id, own));
    await t.app.events.publish({ table: "site_pages", op: "delete" });
    for (const path of ["/notre-centre", "/financements"]) {
      expect((await fetch(`${t.base}${path}`)).status).toBe(404);
    }
    const home = await publicHtml("/");
    // The hero names the centre (Paramètres); no text of the default draft, no link to the pages.
    expect(home).toMatch(/<h1[^>]*>Centre de Formation Avenir<\/h1>/);
    expect(home).not.toContain("Des formations professionnelles pour adultes");
    expect(home).not.toContain('href="/notre-centre"');
    expect(home).not.toContain('href="/financements"');
    expect(await publicHtml("/contact")).not.toContain("Pourquoi nous choisir");

    // A moderator's draft stays off the site.
    const intro = "Forma Rhône forme les caristes de la vallée du Rhône depuis 2012.";
    const draft = await save(await pageForm("notre-centre", { intro }, "update"), moderator.cookie);
    expect(statusOf(draft)).toBe(200);
    expect((await fetch(`${t.base}/notre-centre`)).status).toBe(404);
    expect(await readPage(t.app.db, "notre-centre")).toMatchObject({ published: false, content: { intro } });

    // 'Publier': the page, its link in the header and footer.
    expect(statusOf(await save(await pageForm("notre-centre"), admin.cookie))).toBe(200);
    expect(await publicHtml("/notre-centre")).toContain(intro);
    expect(await publicHtml("/")).toContain('href="/notre-centre"');

    // The contact page's arguments and reply delay, once the centre writes and publishes them.
    const reasons =
      "Petits groupes\nHuit stagiaires au plus par session.\n\nPlateau technique\nDes chariots de chaque catégorie.";
    const published = await save(
      await pageForm("contact", { reasons, replyDelay: "sous deux jours ouvrés" }),
      admin.cookie,
    );
    expect(statusOf(published)).toBe(200);
    const contact = await publicHtml("/contact");
    expect(contact).toContain("Pourquoi nous choisir");
    expect(contact).toContain("Huit stagiaires au plus par session.");
    expect(contact).toContain("Nous vous répondons sous deux jours ouvrés.");
  });

  it("refuses a document without an address, a question asked twice and a guide address that is not a link, in French, storing nothing", async () => {
    const before = await readPage(t.app.db, "ressources");
    const documents = "Livret d'accueil\nlivret.pdf\nTout pour votre première journée.";
    const result = await save(await pageForm("ressources", { documents }), admin.cookie);
    expect(statusOf(result)).toBe(400);
    expect((await bodyOf(result)).errors).toEqual({
      documents:
        "Paragraphe 1 («\u202fLivret d'accueil\u202f»)\u202f: la deuxième ligne doit être l'adresse du document (https://… ou /…)",
    });
    expect(await readPage(t.app.db, "ressources")).toEqual(before);
    // Two questions with the same title would read as one.
    const faq = "Qui finance\u202f?\nLe CPF.\n\nqui finance\u202f?\nL'employeur.";
    expect((await bodyOf(await save(await pageForm("ressources", { faq }), admin.cookie))).errors).toEqual({
      faq: "Paragraphe 2\u202f: «\u202fqui finance\u202f?\u202f» est déjà le titre d'un paragraphe précédent",
    });
    const guide = await save(
      await pageForm("financements", { guideUrl: "javascript:alert(1)" }),
      admin.cookie,
    );
    expect((await bodyOf(guide)).errors).toEqual({
      guideUrl: "Adresse invalide\u202f: commencez par https:// ou par / (un chemin de ce site)",
    });
  });
});
