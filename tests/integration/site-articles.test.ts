import { beforeAll, describe, expect, it } from "vitest";
import { ARTICLES_PER_PAGE, type ArticlesPage } from "~/features/articles/articles.server";
import { articles } from "~/features/articles/schema.server";
import * as resourcesRoute from "~/routes/site/resources";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";
import { getRequest, routeArgs } from "../support/runtime";

const SEEDED_PUBLISHED = 4;
// Eight 'Métiers' articles, one without a category and one draft, all newer than the seed.
const added = [
  ...Array.from({ length: 8 }, (_, i) => ({
    title: `Métier ${i + 1}`,
    slug: `metier-${i + 1}`,
    content: "Un métier qui recrute.",
    category: "Métiers",
    published: true,
    createdAt: new Date(Date.UTC(2030, 0, i + 1)),
  })),
  {
    title: "Sans catégorie",
    slug: "sans-categorie",
    content: "Une annonce.",
    category: null,
    published: true,
    createdAt: new Date(Date.UTC(2030, 1, 1)),
  },
  {
    title: "Brouillon récent",
    slug: "brouillon-recent",
    content: "Pas encore publié.",
    category: "Métiers",
    published: false,
    createdAt: new Date(Date.UTC(2031, 0, 1)),
  },
];

const t = setUpTestApp();
beforeAll(async () => {
  await t.app.db.insert(articles).values(added);
});

async function view(search = ""): Promise<ArticlesPage> {
  const data = (await resourcesRoute.loader(routeArgs(t, getRequest(`/ressources${search}`)))) as {
    articles: ArticlesPage | null;
  };
  if (!data.articles) throw new Error("articles not loaded");
  return data.articles;
}

const slugs = (page: ArticlesPage) => page.articles.map((p) => p.slug);

describe(`/ressources articles on ${DRIVER}`, () => {
  it("lists every published article, newest first, a page at a time, never a draft", async () => {
    const total = SEEDED_PUBLISHED + 9;
    const first = await view();
    expect(first.total).toBe(total);
    expect(first.pages).toBe(Math.ceil(total / ARTICLES_PER_PAGE));
    expect(first.page).toBe(1);
    expect(slugs(first)).toEqual([
      "sans-categorie",
      "metier-8",
      "metier-7",
      "metier-6",
      "metier-5",
      "metier-4",
    ]);
    const all: string[] = [];
    for (let page = 1; page <= first.pages; page++) all.push(...slugs(await view(`?page=${page}`)));
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    expect(all).not.toContain("brouillon-recent");
    expect(all).not.toContain("demandeur-emploi-aides-france-travail-formation");
    expect(all).toContain("reconversion-professionnelle-5-etapes");
    // Each card has what the home page's card shows.
    expect(first.articles[1]).toMatchObject({ title: "Métier 8", category: "Métiers", readMinutes: 1 });
  });

  it("answers the last page past the end and the first page for a bad number", async () => {
    const last = await view("?page=99");
    expect(last.page).toBe(last.pages);
    expect(last.articles.length).toBeGreaterThan(0);
    expect((await view("?page=abc")).page).toBe(1);
    expect((await view("?page=-3")).page).toBe(1);
  });

  it("filters by category, offers every category of a published article, and files a blank one under 'Actualités'", async () => {
    const all = await view();
    expect(all.categories).toEqual([
      "Actualités",
      "Alternance",
      "Conseils",
      "Financement",
      "Métiers",
      "Reconversion",
    ]);
    const jobs = await view("?categorie=M%C3%A9tiers");
    expect(jobs.total).toBe(8);
    expect(jobs.pages).toBe(2);
    expect(jobs.articles.every((p) => p.category === "Métiers")).toBe(true);
    const page2 = await view("?categorie=M%C3%A9tiers&page=2");
    expect(slugs(page2)).toEqual(["metier-2", "metier-1"]);
    expect(slugs(await view("?categorie=Actualit%C3%A9s"))).toEqual(["sans-categorie"]);
    const none = await view("?categorie=Inconnue");
    expect(none).toMatchObject({ total: 0, articles: [], page: 1, pages: 1 });
  });
});
