// The programme PDF's page breaks: a heading (a section, a module, a row's label) never sits alone at
// the bottom of a page, away from what it introduces. The seeded 'Formation Développeur Web' is
// printed with a summary one line longer at each step, so that every heading in turn comes near a
// page's end; each page's text is then read back as a reader would see it.
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { moduleHeading } from "~/features/catalogue/course-record";
import { renderProgramme } from "~/features/catalogue/programme-pdf.server";
import { type Formation, formations } from "~/features/catalogue/schema.server";
import { listUpcomingSessions } from "~/features/catalogue/sessions.server";
import { getCentreSettings } from "~/features/settings/centre.server";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";

const SLUG = "formation-developpeur-web";
const t = setUpTestApp();

const SECTIONS = [
  "En bref",
  "Objectifs de la formation",
  "Prérequis",
  "Programme détaillé",
  "Informations pratiques",
  "Certification",
  "Débouchés professionnels",
  "Indicateurs de résultats",
  "Prochaines sessions",
];

/** Each page's lines as extracted, without the footer every page ends with. */
async function pagesOf(bytes: Buffer): Promise<string[][]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text.map((page) =>
    page
      .split("\n")
      .map((line) => line.replace(/[\s\u00a0\u202f]+/g, " ").trim())
      .filter((line) => line && !/ — page \d+ sur \d+$/.test(line)),
  );
}

/** Headings that end a page: nothing of theirs follows them there. */
function orphans(pages: string[][], headings: string[]): string[] {
  return pages.slice(0, -1).flatMap((lines, i) => {
    const last = lines.at(-1) ?? "";
    return headings.filter((h) => last === h).map((h) => `page ${i + 1} ends with « ${h} »`);
  });
}

// Sixty renders of the PDF read back, after one read of the seeded formation: the database takes no
// part in what is tested, so the PostgreSQL run would only repeat the same CPU-bound work (55 s there,
// beside the e2e tests it slowed), as server.test.ts does not either.
describe.skipIf(DRIVER === "pg")("programme PDF page breaks", () => {
  it("never leaves a heading alone at the bottom of a page", async () => {
    const [formation] = await t.app.db.select().from(formations).where(eq(formations.slug, SLUG));
    if (!formation) throw new Error("seeded formation missing");
    const centre = await getCentreSettings(t.app.db);
    const sessions = await listUpcomingSessions(t.app.db, formation.id);
    const labels = ["Durée", "Niveau requis", "Format", "Lieu", "Blocs de compétences"];
    const modules = formation.program.map((m, i) =>
      `${moduleHeading(i, m.title)}${m.duration ? ` (${m.duration})` : ""}`.replace(
        /[\s\u00a0\u202f]+/g,
        " ",
      ),
    );
    const headings = [...SECTIONS, ...modules, ...labels];
    const line = "Une ligne de plus dans le résumé, pour déplacer chaque titre vers le bas de sa page. ";
    const found: string[] = [];
    let pagesSeen = 0;
    // 60 steps of one line: more than a page, so each heading passes every position on it.
    for (let step = 0; step < 60; step++) {
      const longer: Formation = {
        ...formation,
        longDescription: `${formation.description} ${line.repeat(step)}`,
      };
      const pages = await pagesOf(
        await renderProgramme({ formation: longer, centre, sessions, results: [] }),
      );
      pagesSeen = Math.max(pagesSeen, pages.length);
      found.push(...orphans(pages, headings).map((o) => `${step} lignes : ${o}`));
      // What the headings introduce is all there: each one is followed by its first line.
      for (const lines of pages) {
        for (const [i, text] of lines.entries()) {
          if (SECTIONS.includes(text)) expect(lines[i + 1], `${step} : « ${text} »`).toBeTruthy();
        }
      }
    }
    expect(pagesSeen).toBeGreaterThan(2);
    expect(found).toEqual([]);
    // Sixty renders of a three-page PDF: CPU-bound, slower on a busy machine.
  }, 120_000);
});
