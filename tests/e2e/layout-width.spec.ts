import routes from "../../app/routes";
import { signInWithoutRole } from "./support/account";
import { formSessionCookies, signInAsAdminThroughTheForm } from "./support/admin";
import { test as base, expect, type Page } from "./support/test";

// No page may scroll sideways, from 360 px up: every screen of the route table (public and console),
// signed out, signed in without a role, and as an administrator, at 360 and 1024 px. One test per
// visitor and sixth of the table, so that the walks spread over the workers; each worker signs each
// visitor in once (through the real forms) and its walks start from that session.

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
  // An unknown attendance link: its French page (attendance.spec.ts measures a real one at 360 px).
  "routes/site/attendance-sign.tsx": "/emargement/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
};

// Console records have ids only known at run time: the first link of their list page that leads to
// one. A visitor who cannot read the list (signed out, no role) gets an id that exists nowhere, which
// is still a page to measure (the sign-in form, 'Accès refusé').
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
// A `list` starting with @ is itself a linked record (a session's planning: from its formation's sessions).
const LINKED: Record<string, { list: string; href: RegExp; unknown?: string }> = {
  // The formation editor, a page of its own (its 'nouvelle' form has the same sections).
  "routes/admin/formation.tsx": {
    list: "/admin/formations",
    href: /^\/admin\/formations\/[0-9a-f-]{36}$/,
    unknown: `/admin/formations/${UNKNOWN_ID}`,
  },
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
  "routes/admin/session-attendance.tsx": {
    list: "@routes/admin/session-timetable.tsx",
    href: /^\/admin\/formations\/[0-9a-f-]{36}\/sessions\/[0-9a-f-]{36}\/emargement$/,
    unknown: `/admin/formations/${UNKNOWN_ID}/sessions/${UNKNOWN_ID}/emargement`,
  },
  "routes/admin/session-attendance-slot.tsx": {
    list: "@routes/admin/session-attendance.tsx",
    href: /^\/admin\/formations\/[0-9a-f-]{36}\/sessions\/[0-9a-f-]{36}\/emargement\/[0-9a-f-]{36}$/,
    unknown: `/admin/formations/${UNKNOWN_ID}/sessions/${UNKNOWN_ID}/emargement/${UNKNOWN_ID}`,
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
const isConsole = (screen: string) => screen.startsWith("/admin") || screen.startsWith("@routes/admin/");
const CONSOLE = PAGES.filter(isConsole);
const PUBLIC = PAGES.filter((screen) => !isConsole(screen));

/**
 * `list` cut into `count` runs of consecutive screens, in the route table's order; a record screen whose
 * list page falls in another run has that list page visited first (Walk.resolve).
 */
function slices(list: string[], count: number): string[][] {
  const size = Math.ceil(list.length / count);
  return Array.from({ length: count }, (_, i) => list.slice(i * size, (i + 1) * size));
}

const [public1 = [], public2 = []] = slices(PUBLIC, 2);
const [console1 = [], console2 = [], console3 = [], console4 = []] = slices(CONSOLE, 4);
const PARTS = {
  "first half of the public screens": public1,
  "second half of the public screens": public2,
  "first quarter of the console screens": console1,
  "second quarter of the console screens": console2,
  "third quarter of the console screens": console3,
  "fourth quarter of the console screens": console4,
};

/**
 * One walk's visits: the links of each page seen, so that a record screen is reached from its list
 * page without loading that list a second time.
 */
class Walk {
  private readonly links = new Map<string, string[]>();

  constructor(private readonly page: Page) {}

  async visit(path: string): Promise<void> {
    await this.page.goto(path);
    const hrefs = await this.page
      .locator("a[href]")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    this.links.set(path, hrefs);
  }

  async resolve(path: string): Promise<string> {
    const entry = Object.entries(LINKED).find(([file]) => path === `@${file}`);
    if (!entry) return path;
    const [, { list, href, unknown }] = entry;
    const listPath = await this.resolve(list);
    if (!this.links.has(listPath)) await this.visit(listPath);
    const found = this.links.get(listPath)?.find((h) => href.test(h));
    if (found) return found;
    return unknown ?? `${list}/${UNKNOWN_ID}`;
  }
}

const WIDTHS = [360, 1024] as const;

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Each screen is loaded once and measured at both widths: loaded at one, then the window is resized
 * to the other (a phone turned sideways, a desktop window narrowed), which applies the other width's
 * media queries and lets the page's own resize handlers run. Screens alternate the width they are
 * loaded at, so both widths are met at load and after a resize. Half the page loads of a walk per
 * width, for the same screens, widths and visitors.
 */
async function overflowing(page: Page, paths: string[]): Promise<string[]> {
  const wide: string[] = [];
  const walk = new Walk(page);
  for (const [index, screen] of paths.entries()) {
    const path = await walk.resolve(screen);
    const widths = index % 2 === 0 ? WIDTHS : [...WIDTHS].reverse();
    for (const [step, width] of widths.entries()) {
      if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height: 800 });
      if (step === 0) await walk.visit(path);
      // After a resize, two frames: the browser lays the page out again and React re-renders what
      // listens to the width before it is measured.
      else
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
      await settled(page);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) wide.push(`${path} at ${width} px: ${scrollWidth} px`);
    }
  }
  return wide;
}

type Visitor = "signed out" | "signed in without a role" | "as an administrator";

const test = base.extend<{ visitor: Visitor }>({
  visitor: ["signed out", { option: true }],
});

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
  expect(Object.values(PARTS).flat().sort()).toEqual([...PAGES].sort());
});

for (const visitor of ["signed out", "signed in without a role", "as an administrator"] as const) {
  test.describe(visitor, () => {
    test.use({ visitor });
    test.setTimeout(120_000);

    for (const [part, paths] of Object.entries(PARTS)) {
      test(`no page of the ${part} is wider than the window at 360 or 1024 px`, async ({
        warmPage: page,
        browser,
        serverUrl,
        visitor,
      }) => {
        // Each worker signs each visitor in once (through the real forms) and its walks start from
        // that session. Kept in a map of the support module rather than a worker fixture of this
        // spec: a worker fixture of one file alone gives its tests a fixture pool of their own, and
        // Playwright runs such tests only in workers of their own, started after every other test
        // has finished (three more servers and browsers, and a tail where these walks run alone).
        if (visitor === "as an administrator") {
          await page
            .context()
            .addCookies(await formSessionCookies(browser, serverUrl, "admin", signInAsAdminThroughTheForm));
        } else if (visitor === "signed in without a role") {
          await page
            .context()
            .addCookies(await formSessionCookies(browser, serverUrl, "without a role", signInWithoutRole));
        }
        expect(await overflowing(page, paths)).toEqual([]);
      });
    }
  });
}
