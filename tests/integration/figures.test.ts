// No invented figures: every count and rate the site and the dashboard show comes from the database.
import { eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formations } from "~/features/catalogue/schema.server";
import { formatIsoDay } from "~/platform/paris-time";
import * as dashboard from "~/routes/admin/dashboard";
import * as formationsRoute from "~/routes/admin/formations";
import * as notreCentre from "~/routes/site/about";
import * as formationPage from "~/routes/site/formation";
import * as home from "~/routes/site/home";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { publishDraft } from "../support/publishing";
import { bodyOf, formRequest, getRequest, routeArgs } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");

const homeData = async () => bodyOf(await home.loader(routeArgs(t, getRequest("/"))));

describe(`figures from archived results, on ${DRIVER}`, () => {
  it("computes the home, about and dashboard figures from the seed's results, weighted by sample", async () => {
    const data = await homeData();
    expect(data.activeCount).toBe(5);
    expect(data.figures).toEqual([
      { kind: "satisfaction", year: 2025, rate: 96, sample: 214 },
      { kind: "reussite", year: 2025, rate: 90, sample: 183 },
      { kind: "insertion", year: 2025, rate: 85, sample: 162 },
      { kind: "recommandation", year: 2025, rate: 97, sample: 214 },
    ]);
    const about = await bodyOf(await notreCentre.loader(routeArgs(t, getRequest("/notre-centre"))));
    expect(about.figures).toEqual({ activeCount: 5, figures: data.figures });
    const board = await bodyOf(await dashboard.loader(routeArgs(t, getRequest("/admin", admin.cookie))));
    expect(board.figures).toEqual(data.figures);
    // The seed was written just now: this month's additions are real counts, not slogans.
    expect(board.formations).toMatchObject({ total: 5, active: 5, month: 5 });
  });

  it("follows the archives staff record in the console, and shows nothing where nothing is recorded", async () => {
    const [row] = await t.app.db
      .select()
      .from(formations)
      .where(eq(formations.slug, "formation-developpeur-web"));
    if (!row) throw new Error("seed formation missing");
    const lastYear = Number(formatIsoDay(new Date()).slice(0, 4)) - 1;
    const archive = {
      kind: "satisfaction",
      year: lastYear,
      rate: 91.5,
      sample: 12,
      source: "enquête interne",
    };
    const result = await formationsRoute.action(
      routeArgs(
        t,
        formRequest(
          "/admin/formations",
          {
            intent: "update",
            id: row.id,
            title: row.title,
            slug: row.slug,
            formationType: row.formationType,
            description: row.description,
            duration: row.duration,
            entryLevel: row.entryLevel ?? "",
            pricing: row.pricing ?? "",
            price: String(row.price),
            active: "true",
            results: JSON.stringify([archive]),
          },
          admin.cookie,
        ),
      ),
    );
    expect(await bodyOf(result)).toMatchObject({ ok: true });
    // The seed's formation is published: the edit is a draft until 'Publier'.
    await publishDraft(t, admin.cookie, "formation", row.id);
    // The other formations' archives set aside: this one alone makes the centre's figure.
    await t.app.db.update(formations).set({ results: [] }).where(ne(formations.id, row.id));
    const figures = (await homeData()).figures as { kind: string }[];
    expect(figures).toEqual([{ kind: "satisfaction", year: lastYear, rate: 92, sample: 12 }]);

    const page = await bodyOf(
      await formationPage.loader(
        routeArgs(t, getRequest("/formation/formation-developpeur-web"), {
          slug: "formation-developpeur-web",
        }),
      ),
    );
    expect(String(page.results)).toContain(
      `Archive ${lastYear}, source\u00a0: enquête interne (12 répondants)`,
    );

    await t.app.db.update(formations).set({ results: [] });
    const empty = await homeData();
    expect(empty.figures).toEqual([]);
    expect(empty.activeCount).toBe(5);
  });

  it("refuses a result without its sample size or with a rate past 100 %", async () => {
    const [row] = await t.app.db.select().from(formations).where(eq(formations.slug, "bac-pro-logistique"));
    const save = async (results: unknown[]) =>
      bodyOf(
        await formationsRoute.action(
          routeArgs(
            t,
            formRequest(
              "/admin/formations",
              {
                intent: "update",
                id: row?.id ?? "",
                title: row?.title ?? "",
                slug: row?.slug ?? "",
                formationType: "alternance",
                description: "Logistique",
                duration: "2 ans",
                entryLevel: "niveau-3",
                pricing: "prise-en-charge",
                results: JSON.stringify(results),
              },
              admin.cookie,
            ),
          ),
        ),
      );
    expect(
      await save([{ kind: "reussite", year: 2025, rate: 90, sample: null, source: "enquête interne" }]),
    ).toMatchObject({
      ok: false,
      errors: { results: "Effectif invalide" },
    });
    expect(
      await save([{ kind: "reussite", year: 2025, rate: 120, sample: 10, source: "enquête interne" }]),
    ).toMatchObject({
      ok: false,
      errors: { results: "Taux entre 0 et 100" },
    });
  });
});
