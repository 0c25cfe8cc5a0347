import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/platform/markdown";
import { formatEuros } from "~/platform/money";

// Intl writes French amounts with no-break spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatEuros", () => {
  it("shows cents exactly, never rounding them away", () => {
    expect(plain(formatEuros(1200.5))).toBe("1 200,50 €");
    expect(plain(formatEuros(1490.99))).toBe("1 490,99 €");
    expect(plain(formatEuros(0.05))).toBe("0,05 €");
  });

  it("writes a whole amount without ',00'", () => {
    expect(plain(formatEuros(1200))).toBe("1 200 €");
    expect(plain(formatEuros(2990))).toBe("2 990 €");
  });
});

describe("renderMarkdown headings", () => {
  const tags = (html: string) => [...html.matchAll(/<(h[1-6])>/g)].map((m) => m[1]);

  it("never produces a second <h1>: '# Titre' becomes an h2 and the levels below follow", () => {
    const html = renderMarkdown("# Titre\n\nTexte\n\n## Partie\n\n### Détail\n\n###### Fin");
    expect(tags(html)).toEqual(["h2", "h3", "h4", "h6"]);
    expect(html).toContain("<h2>Titre</h2>");
  });

  it("leaves a text that already starts at '##' as written", () => {
    expect(tags(renderMarkdown("## Partie\n\n### Détail"))).toEqual(["h2", "h3"]);
  });

  it("counts only real headings (a '#' in code is not one)", () => {
    const html = renderMarkdown("```\n# pas un titre\n```\n\n## Partie");
    expect(tags(html)).toEqual(["h2"]);
    expect(html).toContain("# pas un titre");
  });
});
