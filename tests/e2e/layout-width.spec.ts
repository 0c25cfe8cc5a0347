import routes from "../../app/routes";
import { signInWithoutRole } from "./support/account";
import { signInAsAdmin } from "./support/admin";
import { expect, type Page, test } from "./support/test";

// No page may scroll sideways, from 360 px up: every screen of the route table (public and console),
// signed out, signed in without a role, and as an administrator, at 360 and 1024 px.

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

// A real record for each dynamic segment, so the page renders its full layout.
const SAMPLE: Record<string, string> = {
  "routes/admin/page.tsx": "/admin/pages/notre-centre",
  "routes/site/formation.tsx": "/formation/tp-assistant-commercial",
  "routes/site/article.tsx": "/ressources/article/reconversion-professionnelle-5-etapes",
  "routes/site/apply.tsx": "/formation/tp-assistant-commercial/candidature",
  "routes/site/apply-sent.tsx": "/formation/tp-assistant-commercial/candidature/envoyee",
  // A link nobody was sent: the French page of an unknown survey (surveys.spec.ts measures a real one).
  "routes/site/survey.tsx": "/enquete/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
};

// Console records have ids only known at run time: the first link of their list page that leads to
// one. A visitor who cannot read the list (signed out, no role) gets an id that exists nowhere, which
// is still a page to measure (the sign-in form, 'Accès refusé').
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
// A `list` starting with @ is itself a linked record (a session's planning: from its formation's sessions).
const LINKED: Record<string, { list: string; href: RegExp; unknown?: string }> = {
  "routes/admin/formation-sessions.tsx": {
    list: "/admin/formations",
    href: /^\/admin\/formations\/[0-9a-f-]{36}\/sessions$/,
    unknown: `/admin/formations/${UNKNOWN_ID}/sessions`,
  },
  "routes/admin/session-timetable.tsx": {
    list: "@routes/admin/formation-sessions.tsx",
    href: /^\/admin\/formations\/[0-9a-f-]{36}\/sessions\/[0-9a-f-]{36}\/planning$/,
    unknown: `/admin/formations/${UNKNOWN_ID}/sessions/${UNKNOWN_ID}/planning`,
  },
  "routes/admin/application.tsx": {
    list: "/admin/candidatures",
    href: /^\/admin\/candidatures\/[0-9a-f-]{36}$/,
  },
  "routes/admin/complaint.tsx": {
    list: "/admin/reclamations",
    href: /^\/admin\/reclamations\/[0-9a-f-]{36}$/,
  },
  "routes/admin/publication.tsx": {
    list: "/admin/formations",
    href: /^\/admin\/publication\/formation\/[0-9a-f-]{36}$/,
    unknown: `/admin/publication/formation/${UNKNOWN_ID}`,
  },
  "routes/admin/survey-questionnaire.tsx": {
    list: "/admin/enquetes",
    href: /^\/admin\/enquetes\/[0-9a-f-]{36}$/,
  },
};

async function resolvePath(page: Page, path: string): Promise<string> {
  const entry = Object.entries(LINKED).find(([file]) => path === `@${file}`);
  if (!entry) return path;
  const [, { list, href, unknown }] = entry;
  const listPath = await resolvePath(page, list);
  await page.goto(listPath);
  const hrefs = await page
    .locator("a[href]")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const found = hrefs.find((h) => href.test(h));
  if (found) return found;
  return unknown ?? `${list}/${UNKNOWN_ID}`;
}

/** Every screen of the route table: route modules that render (.tsx), splats left out. */
function screens(entries: RouteEntry[]): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    if (entry.children) out.push(...screens(entry.children));
    else if (entry.file.endsWith(".tsx") && !entry.path?.includes("*")) {
      out.push(SAMPLE[entry.file] ?? (LINKED[entry.file] ? `@${entry.file}` : `/${entry.path ?? ""}`));
    }
  }
  return [...new Set(out)];
}

const PAGES = screens(routes as RouteEntry[]);

async function overflowing(page: Page, width: number): Promise<string[]> {
  const wide: string[] = [];
  for (const screen of PAGES) {
    const path = await resolvePath(page, screen);
    await page.goto(path);
    await page.waitForLoadState("load");
    await page.evaluate(() => document.fonts.ready);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) wide.push(`${path}: ${scrollWidth} px`);
  }
  return wide;
}

test("the route table yields every public and console screen", () => {
  expect(PAGES).toEqual(
    expect.arrayContaining([
      "/",
      "/contact",
      "/formation/tp-assistant-commercial",
      "/admin",
      "/admin/utilisateurs",
    ]),
  );
  expect(PAGES.some((p) => p.includes(":") || p.includes("*"))).toBe(false);
});

for (const width of [360, 1024]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    test.setTimeout(240_000);

    test("signed out, no page is wider than the window", async ({ page }) => {
      expect(await overflowing(page, width)).toEqual([]);
    });

    test("signed in without a role, no page is wider than the window", async ({ page }) => {
      await signInWithoutRole(page);
      expect(await overflowing(page, width)).toEqual([]);
    });

    test("as an administrator, no page is wider than the window", async ({ page }) => {
      await signInAsAdmin(page);
      expect(await overflowing(page, width)).toEqual([]);
    });
  });
}
