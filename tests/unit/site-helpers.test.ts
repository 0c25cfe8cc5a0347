import { describe, expect, it } from "vitest";
import { skillsPreview } from "~/components/site/formation-card";
import { initials } from "~/components/site/testimonial-card";
import { filterResources, RESOURCES } from "~/content/resources";
import {
  type CatalogueItem,
  filterCatalogue,
  filtersToSearch,
  matchesLevel,
  parseFilters,
} from "~/lib/catalogue";
import { formatDate } from "~/lib/dates";
import { reconnectDelay } from "~/lib/live";
import { plural } from "~/lib/plural";

const item = (over: Partial<CatalogueItem>): CatalogueItem => ({
  slug: "x",
  title: "Titre",
  description: "Description",
  formationType: "alternance",
  levelRequired: "Niveau 5 (Bac+2)",
  skills: [],
  duration: "",
  format: null,
  badge: null,
  rncpCode: null,
  funding: [],
  goals: [],
  ...over,
});

describe("site helpers", () => {
  it("agrees plurals the French way", () => {
    expect(plural(1, "formation trouvée", "formations trouvées")).toBe("1 formation trouvée");
    expect(plural(0, "formation trouvée", "formations trouvées")).toBe("0 formation trouvée");
    expect(plural(5, "formation trouvée", "formations trouvées")).toBe("5 formations trouvées");
  });

  it("files a level text under Débutant, Niveau 4 or Niveau 5", () => {
    expect(matchesLevel("Niveau 4", "niveau4")).toBe(true);
    expect(matchesLevel("Niveau 5 (Bac+2)", "niveau4")).toBe(false);
    expect(matchesLevel("Niveau 5 (Bac+2)", "niveau5")).toBe(true);
    expect(matchesLevel("Ouvert à tous", "debutant")).toBe(true);
    expect(matchesLevel("BEP/CAP", "debutant")).toBe(true);
    expect(matchesLevel("Niveau 4", "debutant")).toBe(false);
  });

  it("searches title, description and skills case-insensitively and combines filters with AND", () => {
    const items = [
      item({
        slug: "a",
        title: "Développeur Web",
        skills: ["React"],
        formationType: "courte",
        levelRequired: "Ouvert à tous",
      }),
      item({ slug: "b", description: "La PAIE et le recrutement" }),
      item({ slug: "c", title: "Logistique", levelRequired: "Niveau 4", goals: ["emploi"] }),
    ];
    const f = (q: string, type = "all", niveau = "all") =>
      filterCatalogue(items, parseFilters(new URLSearchParams({ q, type, niveau }))).map((i) => i.slug);
    expect(f("react")).toEqual(["a"]);
    expect(f("paie")).toEqual(["b"]);
    expect(f("", "alternance")).toEqual(["b", "c"]);
    expect(f("", "alternance", "niveau4")).toEqual(["c"]);
    expect(f("react", "alternance")).toEqual([]);
    expect(filterCatalogue(items, parseFilters(new URLSearchParams()), "emploi").map((i) => i.slug)).toEqual([
      "c",
    ]);
    expect(filtersToSearch({ q: "web", type: "all", level: "niveau5", objectif: "" })).toBe(
      "?q=web&niveau=niveau5",
    );
  });

  it("shows 3 skills then +N, and initials or ??", () => {
    expect(skillsPreview(["a", "b", "c", "d", "e"])).toEqual({ shown: ["a", "b", "c"], more: 2 });
    expect(skillsPreview(["a"])).toEqual({ shown: ["a"], more: 0 });
    expect(initials("Camille Martin")).toBe("CM");
    expect(initials("émilie")).toBe("É");
    expect(initials("")).toBe("??");
    expect(initials(null)).toBe("??");
  });

  it("filters resources by title or category and formats dates in Paris time", () => {
    expect(filterResources(RESOURCES, "ALTERNANCE").map((r) => r.id)).toEqual(["guide-alternance"]);
    expect(filterResources(RESOURCES, "témoignages").map((r) => r.id)).toEqual(["temoignages-anciens"]);
    expect(filterResources(RESOURCES, "")).toHaveLength(4);
    expect(formatDate(new Date("2025-08-15T23:30:00Z"))).toBe("16 août 2025");
  });

  it("reconnects after 1, 2, 5 then 10 s", () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
  });
});
