import { describe, expect, it } from "vitest";
import { csvCell } from "~/platform/csv.server";
import { safeRedirect } from "~/platform/safe-redirect";
import { SLUG_PATTERN, slugify } from "~/platform/slugify";

describe("slugs", () => {
  it.each([
    ["Développeur Web & Mobile", "developpeur-web-mobile"],
    ["  Gestion de la PAIE  ", "gestion-de-la-paie"],
    ["snake_case__titre", "snake-case-titre"],
    ["--- Titre ---", "titre"],
    ["Œuvre à l'été", "uvre-a-lete"],
    ["!!!", ""],
  ])("turns %o into %o, which the database accepts", (title, slug) => {
    expect(slugify(title)).toBe(slug);
    if (slug) expect(slug).toMatch(SLUG_PATTERN);
  });
});

describe("CSV cells for French Excel", () => {
  it("quotes separators, quotes and line breaks, and neutralises formulas", () => {
    expect(csvCell("Martin")).toBe("Martin");
    expect(csvCell(null)).toBe("");
    expect(csvCell("Dupont; Jean")).toBe('"Dupont; Jean"');
    expect(csvCell('Il a dit "bonjour"')).toBe('"Il a dit ""bonjour"""');
    expect(csvCell("ligne 1\nligne 2")).toBe('"ligne 1\nligne 2"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("+33 6 12 34 56 78")).toBe("'+33 6 12 34 56 78");
    expect(csvCell(" espace ")).toBe('" espace "');
  });
});

describe("redirects after sign-in", () => {
  it.each([
    ["/admin/formations", "/admin/formations"],
    ["/formations?type=courte", "/formations?type=courte"],
    ["https://evil.example", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["admin", "/"],
    [null, "/"],
  ])("sends %o to %o", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});
