import { signInWithoutRole } from "./support/account";
import { formSessionCookies, signInAsAdminThroughTheForm } from "./support/admin";
import { CONSOLE, PAGES, PUBLIC, slices, Walk } from "./support/screens";
import { test as base, expect, type Page } from "./support/test";

// No page may scroll sideways, from 360 px up: every screen of the route table (public and console),
// signed out, signed in without a role, and as an administrator, at 360 and 1024 px; at 1024 px no
// table column is cut off either. One test per
// visitor and sixth of the table, so that the walks spread over the workers; each worker signs each
// visitor in once (through the real forms) and its walks start from that session.

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

const WIDTHS = [360, 1024] as const;

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready);
}

/**
 * The header cells of the page's tables that are not wholly in view: sticking out of the nearest
 * frame that does not let content overflow (a table's scrolling wrapper, a card) or the window, or
 * covered by another cell (the actions column pinned at the right edge, over the columns that scroll
 * under it). A column a layout hides on purpose (display: none, or left to screen readers) is not
 * clipped.
 */
async function clippedColumns(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    // Visually hidden on purpose: a header left to screen readers (a table stacked in a narrow card).
    const hidden = (cell: HTMLElement) => {
      for (let el: HTMLElement | null = cell; el; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.clipPath !== "none" || style.clip !== "auto") return true;
      }
      return false;
    };
    for (const cell of document.querySelectorAll<HTMLElement>("table thead th")) {
      if (cell.getBoundingClientRect().width <= 1 || hidden(cell)) continue;
      // Into view vertically only: scrollIntoView would also scroll the table sideways to it.
      window.scrollTo(0, window.scrollY + cell.getBoundingClientRect().top - 100);
      const box = cell.getBoundingClientRect();
      let left = 0;
      let right = document.documentElement.clientWidth;
      for (let frame = cell.parentElement; frame; frame = frame.parentElement) {
        if (getComputedStyle(frame).overflowX === "visible") continue;
        const bounds = frame.getBoundingClientRect();
        left = Math.max(left, bounds.left);
        right = Math.min(right, bounds.right);
      }
      const y = box.top + box.height / 2;
      const covered = [box.left + 2, box.right - 2].some((x) => {
        const shown = document.elementFromPoint(x, y);
        return shown !== null && !cell.contains(shown);
      });
      if (box.right > right + 1 || box.left < left - 1 || covered) {
        const name = cell.textContent?.trim() || cell.getAttribute("aria-label") || "(sans titre)";
        clipped.push(`column « ${name} » clipped or covered`);
      }
    }
    return clipped;
  });
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
      // At 1024 px (a laptop, a tablet held sideways) every column of a table is in view: none cut
      // by the table's scrolling frame or the window, to be reached only by scrolling sideways.
      if (width === 1024) {
        for (const column of await clippedColumns(page)) wide.push(`${path} at ${width} px: ${column}`);
      }
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
