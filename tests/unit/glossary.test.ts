// One word per concept: scripts/glossary.mjs (run by `npm run lint`) fails on a forbidden synonym, and
// docs/architecture.md shows its glossary and every feature folder.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findSynonyms, GLOSSARY, glossaryTable, treeFiles } from "../../scripts/glossary.mjs";

const doc = () => readFileSync("docs/architecture.md", "utf8");

describe("glossary check", () => {
  it("fails on a synonym in an identifier, a file name, a permission, a test's name and French text", () => {
    const findings: string[] = findSynonyms([
      { path: "app/features/articles/blog-list.ts", text: "export const traineeCount = 1;\n" },
      {
        path: "app/features/x.ts",
        text: 'can(role, "blog:write");\nit("lists the blog posts", () => {});\n',
      },
      { path: "app/routes/admin/y.tsx", text: "export const Y = () => <a>Blog</a>;\n" },
      { path: "app/routes/site/reclamation.tsx", text: null },
    ]);
    expect(findings).toEqual([
      expect.stringMatching(/blog-list\.ts: file name «blog-list\.ts» says "blog"/),
      expect.stringMatching(/code «traineeCount» says "trainee": write "learner"/),
      expect.stringMatching(/string «blog:write» says "blog"/),
      expect.stringMatching(/string «lists the blog posts» says "blog"/),
      expect.stringMatching(/string «lists the blog posts» says "posts"/),
      expect.stringMatching(/text «Blog» says "blog": write "article/),
      expect.stringMatching(/file name «reclamation\.tsx» says "reclamation": write "complaint"/),
    ]);
  });

  it("lets French URLs, comments, justified exceptions and words that merely contain a synonym pass", () => {
    const text = [
      "// the old blog, in a comment",
      'const url = "/admin/candidatures";',
      "const postal = blogPosts;",
      'await sql("update blog_posts set title = 1");',
      'const label = "Candidatures";',
    ].join("\n");
    expect(findSynonyms([{ path: "app/features/z.ts", text }])).toEqual([]);
  });

  it("passes on the tree", () => {
    expect(findSynonyms(treeFiles(process.cwd()))).toEqual([]);
  });
});

describe("docs/architecture.md", () => {
  it("shows the glossary of the check, émargement, réclamation, médiathèque, BPF and publication included", () => {
    const text = doc();
    const table = /<!-- glossary:start -->\n([\s\S]*?)\n<!-- glossary:end -->/.exec(text)?.[1];
    // On a change of GLOSSARY, paste the expected table shown here between the two markers.
    expect(table).toBe(glossaryTable());
    for (const word of ["émargement", "réclamation", "médiathèque", "BPF", "publication"])
      expect(
        GLOSSARY.some((e: { fr: string }) => e.fr.includes(word)),
        word,
      ).toBe(true);
  });

  it("describes every folder of app/features in its features table", () => {
    const described = new Set([...doc().matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]));
    const folders = readdirSync("app/features", { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.length).toBeGreaterThanOrEqual(23);
    expect(folders.filter((f) => !described.has(f))).toEqual([]);
  });
});
