import { describe, expect, it } from "vitest";
import {
  type CatalogueItem,
  currentLevelSearch,
  filterCatalogue,
  filtersToSearch,
  matchesReachedLevel,
  matchesRequiredLevel,
  parseFilters,
} from "~/features/catalogue/catalogue";
import { skillsPreview } from "~/features/catalogue/components/formation-card";
import { filterResources, resourcesOf } from "~/features/pages/resources";
import { initials } from "~/features/testimonials/components/testimonial-card";
import { formatDate } from "~/platform/dates";
import { reconnectDelay } from "~/platform/live";
import { plural } from "~/platform/plural";

const item = (over: Partial<CatalogueItem>): CatalogueItem => ({
  slug: "x",
  title: "Titre",
  description: "Description",
  formationType: "alternance",
  entryLevel: "niveau-4",
  exitLevel: null,
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

  it("filters on the level reached and on the level required, from the national framework's list", () => {
    expect(matchesRequiredLevel("niveau-4", "niveau-4")).toBe(true);
    expect(matchesRequiredLevel("niveau-5", "niveau-4")).toBe(false);
    expect(matchesRequiredLevel(null, "sans-niveau")).toBe(false);
    expect(matchesRequiredLevel(null, "all")).toBe(true);
    expect(matchesReachedLevel("niveau-5", "niveau-5")).toBe(true);
    // No level of exit: the course leads to no diploma nor title.
    expect(matchesReachedLevel(null, "sans-niveau")).toBe(true);
    expect(matchesReachedLevel(null, "niveau-3")).toBe(false);
    // An unknown value shows everything rather than nothing.
    expect(parseFilters(new URLSearchParams({ niveau: "bac" })).level).toBe("all");
    expect(parseFilters(new URLSearchParams({ requis: "bac" })).required).toBe("all");
  });

  it("sends the filter's old values (shared links) to the level they stood for", () => {
    expect(currentLevelSearch(new URLSearchParams("niveau=debutant&q=web"))).toBe(
      "?q=web&requis=sans-niveau",
    );
    expect(currentLevelSearch(new URLSearchParams("niveau=niveau4"))).toBe("?niveau=niveau-4");
    expect(currentLevelSearch(new URLSearchParams("niveau=niveau5&type=alternance"))).toBe(
      "?niveau=niveau-5&type=alternance",
    );
    expect(currentLevelSearch(new URLSearchParams("niveau=niveau-5"))).toBeNull();
  });

  it("searches title, description and skills case-insensitively and combines filters with AND", () => {
    const items = [
      item({
        slug: "a",
        title: "Développeur Web",
        skills: ["React"],
        formationType: "courte",
        entryLevel: "sans-niveau",
      }),
      item({ slug: "b", description: "La PAIE et le recrutement" }),
      item({ slug: "c", title: "Logistique", entryLevel: "niveau-3", goals: ["emploi"] }),
    ];
    const f = (q: string, type = "all", requis = "all") =>
      filterCatalogue(items, parseFilters(new URLSearchParams({ q, type, requis }))).map((i) => i.slug);
    expect(f("react")).toEqual(["a"]);
    expect(f("paie")).toEqual(["b"]);
    expect(f("", "alternance")).toEqual(["b", "c"]);
    expect(f("", "alternance", "niveau-3")).toEqual(["c"]);
    expect(f("react", "alternance")).toEqual([]);
    expect(filterCatalogue(items, parseFilters(new URLSearchParams()), "emploi").map((i) => i.slug)).toEqual([
      "c",
    ]);
    expect(filtersToSearch({ q: "web", type: "all", level: "niveau-5", required: "all", objectif: "" })).toBe(
      "?q=web&niveau=niveau-5",
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

  it("reads the documents of Pages › Ressources, filters them by title or description and formats dates in Paris time", () => {
    const resources = resourcesOf(
      "Guide de l'alternance\n/docs/alternance.pdf\nContrats et rémunération\n\n  \nLivret d'accueil\r\nhttps://example.fr/livret.pdf\n",
    );
    expect(resources).toEqual([
      {
        title: "Guide de l'alternance",
        href: "/docs/alternance.pdf",
        description: "Contrats et rémunération",
      },
      { title: "Livret d'accueil", href: "https://example.fr/livret.pdf", description: "" },
    ]);
    expect(filterResources(resources, "ALTERNANCE").map((r) => r.href)).toEqual(["/docs/alternance.pdf"]);
    expect(filterResources(resources, "rémunération").map((r) => r.title)).toEqual(["Guide de l'alternance"]);
    expect(filterResources(resources, "")).toHaveLength(2);
    expect(formatDate(new Date("2025-08-15T23:30:00Z"))).toBe("16 août 2025");
  });

  it("reconnects after 1, 2, 5 then 10 s", () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
  });
});
