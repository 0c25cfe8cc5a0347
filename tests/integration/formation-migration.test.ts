// The migration that split the free-text 'Niveau requis' into the level required and the level
// reached, and that made the price a choice, run on records as they were before it.

import { describe, expect, it } from "vitest";
import { DRIVER } from "../support/db";
import { setUpBeforeMigration } from "../support/migration";

const before = setUpBeforeMigration("_formation_levels_pricing");

describe(`levels and prices migration on ${DRIVER}`, () => {
  it("maps the old free text to the levels' list, and a price of 0 to what it meant, or to nothing", async () => {
    const insert = (slug: string, type: string, level: string, price: number, prerequisites: string | null) =>
      before.database.query(
        `insert into formations (title, slug, formation_type, level_required, price, prerequisites, accessibility)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          slug,
          slug,
          type,
          level,
          price,
          prerequisites,
          "Formation accessible aux personnes en situation de handicap : contactez notre référente handicap, Sophie Bernard, au 01 23 45 67 89.",
        ],
      );
    await insert("tp-assistant-ressources-humaines", "alternance", "Niveau 5 (Bac+2)", 0, "Niveau Bac");
    await insert("bac-pro-logistique", "alternance", "Niveau 4", 0, "Niveau 3e");
    await insert("compta", "courte", "Bac", 1490, null);
    await insert("web", "courte", "Ouvert à tous", 0, null);
    await insert("cap", "courte", "BEP/CAP", 900, null);
    await insert("master", "courte", "Bac+5 ou expérience", 3000, null);
    await insert("libre", "courte", "Motivation", 500, null);

    await before.migrateRest();

    const rows = await before.database.query<{
      slug: string;
      entry_level: string | null;
      exit_level: string | null;
      pricing: string | null;
      prerequisites: string | null;
      accessibility: string;
    }>(
      "select slug, entry_level, exit_level, pricing, prerequisites, accessibility from formations order by slug",
    );
    const bySlug = Object.fromEntries(rows.map((r) => [r.slug, r]));
    expect(bySlug["tp-assistant-ressources-humaines"]).toMatchObject({
      entry_level: "niveau-4",
      exit_level: "niveau-5",
      pricing: "prise-en-charge",
    });
    expect(bySlug["bac-pro-logistique"]).toMatchObject({
      entry_level: "sans-niveau",
      exit_level: "niveau-4",
    });
    expect(bySlug.compta).toMatchObject({ entry_level: "niveau-4", exit_level: null, pricing: "payant" });
    // A short course at 0 € said nothing anyone chose: left for staff to state.
    expect(bySlug.web).toMatchObject({ entry_level: "sans-niveau", pricing: null });
    expect(bySlug.cap).toMatchObject({ entry_level: "niveau-3" });
    expect(bySlug.master).toMatchObject({ entry_level: "niveau-7" });
    // Text naming no level stays where visitors read it.
    expect(bySlug.libre).toMatchObject({ entry_level: null, prerequisites: "Motivation" });
    for (const row of rows) expect(row.accessibility).not.toContain("01 23 45 67 89");
    const columns = await before.database.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'formations' and column_name = 'level_required'",
    );
    expect(columns).toEqual([]);
  });
});
