import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listArticleTeasers } from "~/features/articles/articles.server";
import { articles } from "~/features/articles/schema.server";
import { canonicalSlugForAlias, listActiveFormations } from "~/features/catalogue/catalogue.server";
import { formations } from "~/features/catalogue/schema.server";
import { sitePages } from "~/features/pages/schema.server";
import { testimonials } from "~/features/testimonials/schema.server";
import { listActiveTestimonials } from "~/features/testimonials/testimonials.server";
import * as robots from "~/routes/api/robots";
import * as sitemap from "~/routes/api/sitemap";
import * as articleRoute from "~/routes/site/article";
import * as formationRoute from "~/routes/site/formation";
import * as formationsRoute from "~/routes/site/formations";
import * as homeRoute from "~/routes/site/home";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";
import { bodyOf, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();

const get = (path: string, params: Record<string, string> = {}) => routeArgs(t, getRequest(path), params);

/** What a loader threw or returned: redirects are thrown as Responses. */
async function settle(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

async function setActive(slug: string, active: boolean) {
  await t.app.db.update(formations).set({ active }).where(eq(formations.slug, slug));
}

type Card = { slug: string };

describe(`public site data on ${DRIVER}`, () => {
  it("lists only active formations, and hides an inactive one everywhere", async () => {
    expect((await listActiveFormations(t.app.db)).map((f) => f.slug)).toHaveLength(5);
    await setActive("bac-pro-logistique", false);
    try {
      const slugs = (await listActiveFormations(t.app.db)).map((f) => f.slug);
      expect(slugs).not.toContain("bac-pro-logistique");
      expect(slugs).toHaveLength(4);
      const page = await formationRoute.loader(
        get("/formation/bac-pro-logistique", { slug: "bac-pro-logistique" }),
      );
      expect(statusOf(page)).toBe(404);
      expect((await bodyOf(page)).formation).toBeNull();
      const xml = await ((await sitemap.loader(get("/sitemap.xml"))) as Response).text();
      expect(xml).not.toContain("/formation/bac-pro-logistique");
    } finally {
      await setActive("bac-pro-logistique", true);
    }
  });

  it("serves an active course page with its active testimonials only", async () => {
    const page = await formationRoute.loader(
      get("/formation/tp-assistant-commercial", { slug: "tp-assistant-commercial" }),
    );
    expect(statusOf(page)).toBe(200);
    const body = await bodyOf(page);
    const formation = body.formation as { title: string; program: { duration: string }[] };
    expect(formation.title).toBe("TP Assistant Commercial");
    expect(formation.program.map((m) => m.duration)).toEqual([
      "100\u00a0h",
      "120\u00a0h",
      "80\u00a0h",
      "60\u00a0h",
      "60\u00a0h",
    ]);
    expect((body.testimonials as { name: string }[]).map((x) => x.name)).toEqual(["Yanis Benali"]);

    // Julien Moreau's testimonial (Bac Pro Logistique) is inactive in the seed.
    const logistics = await bodyOf(
      await formationRoute.loader(get("/formation/bac-pro-logistique", { slug: "bac-pro-logistique" })),
    );
    expect(logistics.testimonials).toEqual([]);
  });

  it("answers 301 from an alias to the canonical slug, and 404 for an unknown slug", async () => {
    const redirect = (await settle(() =>
      formationRoute.loader(get("/formation/assistant-rh", { slug: "assistant-rh" })),
    )) as Response;
    expect(redirect).toBeInstanceOf(Response);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toBe("/formation/tp-assistant-ressources-humaines");
    expect(await canonicalSlugForAlias(t.app.db, "wordpress")).toBe("formation-wordpress");

    const unknown = await formationRoute.loader(get("/formation/inconnue", { slug: "inconnue" }));
    expect(statusOf(unknown)).toBe(404);
  });

  it("does not redirect an alias whose formation is inactive", async () => {
    await setActive("formation-wordpress", false);
    try {
      expect(await canonicalSlugForAlias(t.app.db, "wordpress")).toBeNull();
      const result = await settle(() =>
        formationRoute.loader(get("/formation/wordpress", { slug: "wordpress" })),
      );
      expect(statusOf(result)).toBe(404);
    } finally {
      await setActive("formation-wordpress", true);
    }
  });

  it("filters the catalogue on the server from the URL, with AND between filters", async () => {
    const slugsOf = async (path: string) =>
      ((await bodyOf(await formationsRoute.loader(get(path)))).formations as Card[]).map((f) => f.slug);
    // The loader sends every active formation (for live filtering) and the parsed filters.
    const body = await bodyOf(
      await formationsRoute.loader(get("/formations?q=React&type=courte&niveau=sans-niveau&requis=niveau-4")),
    );
    // 'niveau' is the level obtained, 'requis' the level needed to enter: two filters.
    expect(body.filters).toEqual({
      q: "React",
      type: "courte",
      level: "sans-niveau",
      required: "niveau-4",
      objectif: "",
    });
    expect(await slugsOf("/formations")).toHaveLength(5);
    const forced = await bodyOf(await formationsRoute.loader(get("/formations/alternance?type=courte")));
    expect((forced.filters as { type: string }).type).toBe("alternance");
    expect(forced.lockedType).toBe("alternance");
    const junk = await bodyOf(await formationsRoute.loader(get("/formations?type=xxx&niveau=yyy")));
    expect(junk.filters).toEqual({ q: "", type: "all", level: "all", required: "all", objectif: "" });
  });

  it("shows 3 of the 6 newest active testimonials and the 3 newest published articles on the home page", async () => {
    const active = await listActiveTestimonials(t.app.db, 6);
    expect(active.map((x) => x.name)).not.toContain("Julien Moreau");
    const home = await bodyOf(await homeRoute.loader(get("/")));
    const shown = home.testimonials as { name: string }[];
    expect(shown).toHaveLength(3);
    expect(shown.map((x) => x.name)).toEqual(active.slice(0, 3).map((x) => x.name));
    const articles = home.articles as { slug: string; readMinutes: number }[];
    expect(articles).toHaveLength(3);
    expect(articles.map((p) => p.slug)).not.toContain("demandeur-emploi-aides-france-travail-formation");
    expect(articles.every((p) => p.readMinutes >= 1)).toBe(true);
    expect((home.alternance as Card[]).length).toBe(3);
    expect((home.courtes as Card[]).length).toBe(2);
  });

  it("serves a published article as safe HTML and 404 for a draft or an unknown slug", async () => {
    const slug = "article-de-test-html";
    await t.app.db.insert(articles).values({
      title: "Article de test",
      slug,
      content: "## Titre\n\n<script>alert(1)</script> et [lien](javascript:alert(1)) **gras**",
      published: true,
      category: "Conseils",
    });
    const page = await articleRoute.loader(get(`/ressources/article/${slug}`, { slug }));
    expect(statusOf(page)).toBe(200);
    const article = (await bodyOf(page)).article as { html: string };
    expect(article.html).toContain("<h2>Titre</h2>");
    expect(article.html).toContain("<strong>gras</strong>");
    expect(article.html).not.toContain("<script>");
    expect(article.html).toContain("&lt;script&gt;");
    expect(article.html).not.toContain('href="javascript:');

    const draft = "demandeur-emploi-aides-france-travail-formation";
    expect(statusOf(await articleRoute.loader(get(`/ressources/article/${draft}`, { slug: draft })))).toBe(
      404,
    );
    expect(statusOf(await articleRoute.loader(get("/ressources/article/nope", { slug: "nope" })))).toBe(404);
    await t.app.db.delete(articles).where(eq(articles.slug, slug));
  });

  it("lists public pages, active formations and published articles in the sitemap; robots points to it", async () => {
    const response = (await sitemap.loader(get("/sitemap.xml"))) as Response;
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    for (const path of ["/", "/formations", "/financements", "/cgu", "/formation/tp-assistant-commercial"]) {
      expect(xml).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    expect(xml).toContain("/ressources/article/reconversion-professionnelle-5-etapes");
    expect(xml).not.toContain("demandeur-emploi-aides-france-travail-formation");
    const txt = await ((await robots.loader(get("/robots.txt"))) as Response).text();
    expect(txt).toContain("Disallow: /admin");
    expect(txt).toContain("Disallow: /auth");
    expect(txt).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });

  it("a centre without alternance nor 'Notre centre' published: the sitemap leaves them out, /formations/alternance leads to the catalogue", async () => {
    const alternance = await t.app.db
      .select({ slug: formations.slug })
      .from(formations)
      .where(and(eq(formations.formationType, "alternance"), eq(formations.active, true)));
    expect(alternance.length).toBeGreaterThan(0);
    const loc = (path: string) => `<loc>http://localhost:3000${path}</loc>`;
    const sitemapXml = async () => ((await sitemap.loader(get("/sitemap.xml"))) as Response).text();
    expect(await sitemapXml()).toContain(loc("/formations/alternance"));
    await t.app.db
      .update(formations)
      .set({ active: false })
      .where(eq(formations.formationType, "alternance"));
    await t.app.db.update(sitePages).set({ published: false }).where(eq(sitePages.id, "notre-centre"));
    try {
      const xml = await sitemapXml();
      expect(xml).not.toContain(loc("/formations/alternance"));
      expect(xml).not.toContain(loc("/notre-centre"));
      expect(xml).toContain(loc("/formations/courtes"));
      expect(xml).toContain(loc("/contact"));
      const answer = (await settle(() => formationsRoute.loader(get("/formations/alternance")))) as Response;
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/formations");
      expect(statusOf(await formationsRoute.loader(get("/formations/courtes")))).toBe(200);
    } finally {
      for (const { slug } of alternance) await setActive(slug, true);
      await t.app.db.update(sitePages).set({ published: true }).where(eq(sitePages.id, "notre-centre"));
    }
  });

  it("shows no invented testimonial nor article when the centre has none: their sections are left out", async () => {
    const savedT = await t.app.db.select().from(testimonials);
    const savedP = await t.app.db.select().from(articles);
    await t.app.db.delete(testimonials);
    await t.app.db.update(articles).set({ published: false });
    try {
      expect(await listArticleTeasers(t.app.db)).toEqual([]);
      const home = await bodyOf(await homeRoute.loader(get("/")));
      expect(home.testimonials).toEqual([]);
      expect(home.articles).toEqual([]);
    } finally {
      await t.app.db.insert(testimonials).values(savedT);
      for (const p of savedP) {
        await t.app.db.update(articles).set({ published: p.published }).where(eq(articles.id, p.id));
      }
    }
  });

  it("still renders the home page, without samples, when the database fails", async () => {
    const failing = Object.create(t.app) as typeof t.app;
    // A database handle whose every read rejects, as during an outage.
    Object.defineProperty(failing, "db", {
      value: new Proxy(t.app.db, {
        get: () => () => {
          throw new Error("connexion perdue");
        },
      }),
    });
    const home = await bodyOf(
      await homeRoute.loader({
        request: getRequest("/"),
        params: {},
        context: { app: failing, clientIp: "x" },
      } as never),
    );
    expect(home.testimonials).toEqual([]);
    expect(home.articles).toEqual([]);
    expect(home.goalFormations).toEqual([]);
  });
});
