// The migration that made 'Financements possibles' the formation's one funding field (the switch
// 'Éligible au financement' is gone), run on records as they were before it.
import { describe, expect, it } from "vitest";
import { DRIVER } from "../support/db";
import { setUpBeforeMigration } from "../support/migration";

const migration = setUpBeforeMigration("_funding-one-field");

describe(`funding migration on ${DRIVER}`, () => {
  it("keeps what each formation said: the switch alone becomes the CPF, a named funder makes it finançable", async () => {
    const insert = (slug: string, eligible: boolean, funding: string[]) =>
      migration.database.query(
        `insert into formations (title, slug, formation_type, financing_eligible, funding)
         values ($1, $1, 'courte', $2, $3)`,
        [slug, eligible, funding],
      );
    // 'Éligible CPF' on its page with no funder named.
    await insert("switch-seul", true, []);
    await insert("switch-et-liste", true, ["CPF", "OPCO"]);
    // Funders listed but the switch left off: the page listed them without 'Finançable'.
    await insert("liste-seule", false, ["OPCO"]);
    await insert("rien", false, []);
    // A pending draft of the first one: publishing it later must say the same.
    await migration.database.query(
      `insert into content_versions (entity_type, entity_id, version, state, snapshot)
       values ('formation', 'switch-seul', 2, 'draft', $1)`,
      [JSON.stringify({ title: "switch-seul", financingEligible: true, funding: [] })],
    );

    await migration.migrateRest();

    const rows = await migration.database.query<{
      slug: string;
      funding: string[];
      financing_eligible: boolean;
    }>("select slug, funding, financing_eligible from formations order by slug");
    expect(rows).toEqual([
      { slug: "liste-seule", funding: ["OPCO"], financing_eligible: true },
      { slug: "rien", funding: [], financing_eligible: false },
      { slug: "switch-et-liste", funding: ["CPF", "OPCO"], financing_eligible: true },
      { slug: "switch-seul", funding: ["CPF"], financing_eligible: true },
    ]);
    const [draft] = await migration.database.query<{ snapshot: Record<string, unknown> }>(
      "select snapshot from content_versions where entity_id = 'switch-seul'",
    );
    expect(draft?.snapshot).toMatchObject({ financingEligible: true, funding: ["CPF"] });
  });
});
