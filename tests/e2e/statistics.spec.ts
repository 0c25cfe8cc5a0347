import { readFile } from "node:fs/promises";
import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { expect, type Locator, test } from "./support/test";

/** The cells of a table, header row first, as the eye reads them. */
async function tableCells(table: Locator): Promise<string[][]> {
  return table
    .locator("tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => (cell.textContent ?? "").trim())),
    );
}

test("Statistiques: the report from the dashboard, the period in the URL, each chart's table equals its CSV, no axe violation", async ({
  warmPage: page,
}) => {
  test.setTimeout(60_000);
  const lead = await page.request.post("/api/rappel", {
    form: {
      firstName: "Nadia",
      lastName: `Stats${Date.now()}`,
      phone: "06 12 34 56 78",
      source: "callback_catalogue",
    },
    headers: { accept: "application/json" },
  });
  expect(lead.status()).toBe(200);

  await signInAsAdmin(page, "/admin");
  await page.getByRole("link", { name: "Rapport" }).click();
  await expect(page).toHaveURL(/\/admin\/statistiques$/);
  await expect(page.getByRole("heading", { level: 1, name: "Statistiques" })).toBeVisible();
  const period = page.getByRole("navigation", { name: "Période" });
  await expect(period.getByRole("link", { name: "30 jours" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Demandes par semaine et par source" })).toBeVisible();

  await period.getByRole("link", { name: "12 mois" }).click();
  await expect(page).toHaveURL(/\?periode=12-mois$/);
  await expect(period.getByRole("link", { name: "12 mois" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Demandes par mois et par source" })).toBeVisible();

  // Other specs add requests meanwhile: the table and the CSV are compared until they were read
  // between the same two changes.
  await expect(async () => {
    await page.reload();
    const card = page.locator("[data-chart='entonnoir']");
    await card.getByText("Voir les données").click();
    const table = card.getByRole("table");
    await expect(table).toBeVisible();
    const cells = await tableCells(table);
    const link = card.getByRole("link", { name: /Télécharger les données/ });
    expect(await link.getAttribute("href")).toBe("/admin/statistiques/entonnoir.csv?periode=12-mois");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^statistiques-entonnoir-12-mois-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n").filter(Boolean);
    expect(lines.map((line) => line.split(";"))).toEqual(cells);
    expect(cells.map((row) => row[0])).toEqual(["Étape", "Reçues", "Contactées", "Converties"]);
  }).toPass();

  expect(await axeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  for (const summary of await page.getByText("Voir les données").all()) await summary.click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

/** What the page fetched: its loader's own loads (at the page's clock), and the console layout's refreshes. */
interface Loads {
  statistics: number[];
  layout: number;
}

test("Statistiques follows new requests without a reload, at most once per 15 s, and says when its figures were computed", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // The page's clock is Playwright's: it runs at the real pace, and the 15 s wait is skipped over
  // (fastForward) instead of slept through. The server keeps the real clock.
  await page.clock.install();
  // Loads of this page's loader without a reload: the console layout's own refresh on each change
  // names only its routes (`_routes=root,…layout`); a load of the statistics comes at most every 15 s.
  // Counted in the page, at the page's clock (React Router loads data with the page's fetch).
  await page.addInitScript(() => {
    const loads: Loads = { statistics: [], layout: 0 };
    Object.assign(window, { e2eLoads: loads });
    const fetch = window.fetch;
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      const routes = url.searchParams.get("_routes");
      if (url.pathname === "/admin/statistiques.data") {
        if (routes === null || routes.includes("statistics")) loads.statistics.push(Date.now());
        else loads.layout++;
      }
      return fetch(input, init);
    };
  });
  const loads = () => page.evaluate(() => (window as unknown as { e2eLoads: Loads }).e2eLoads);
  await signInAsAdmin(page, "/admin/statistiques");
  const computedAt = page.getByTestId("computed-at");
  // Staff read the hour ('9 h 30', or '14 h' on the hour); the exact instant is the <time>'s datetime,
  // which must change.
  await expect(computedAt).toHaveText(/^Chiffres à jour à \d{1,2}\sh(?:\s\d{2})?$/u);
  const before = await computedAt.locator("time").getAttribute("datetime");
  // The server's clock when it computed the figures on screen (same machine as this test).
  const shownAt = Date.parse((await computedAt.locator("time").getAttribute("datetime")) ?? "");
  const received = page
    .getByRole("heading", { name: "Demandes reçues", exact: true })
    .locator("xpath=ancestor::*[2]")
    .locator("p")
    .first();
  const count = Number(await received.textContent());
  await page.locator("body[data-live='open']").waitFor();

  const layoutBefore = (await loads()).layout;

  // A burst of three leads from a visitor.
  for (const n of [1, 2, 3]) {
    const lead = await request.post("/api/rappel", {
      form: {
        firstName: "Live",
        lastName: `Stats${n}-${Date.now()}`,
        phone: "06 12 34 56 78",
        source: "callback_catalogue",
      },
      headers: { accept: "application/json" },
    });
    expect(lead.status()).toBe(200);
  }
  // The console layout refreshes at once on a change: once it has, the page has heard of the leads
  // and its own refresh waits for the end of the interval, which the clock then reaches.
  await expect.poll(async () => (await loads()).layout).toBeGreaterThan(layoutBefore);
  await page.clock.fastForward(15_000);
  await expect(async () =>
    expect(Number(await received.textContent())).toBeGreaterThanOrEqual(count + 3),
  ).toPass({ timeout: 30_000 });
  await expect(computedAt.locator("time")).not.toHaveAttribute("datetime", before ?? "");
  await expect(page.getByRole("heading", { level: 1, name: "Statistiques" })).toBeVisible();

  // The leads came within 15 s of the page's load: they waited for the end of the interval, and
  // later changes (other specs add requests too) load again at most every 15 s (slack for a busy CI).
  const statisticsLoads = (await loads()).statistics;
  expect(statisticsLoads.length).toBeGreaterThan(0);
  expect(statisticsLoads[0] ?? 0).toBeGreaterThanOrEqual(shownAt + 14_000);
  for (let i = 1; i < statisticsLoads.length; i++) {
    expect((statisticsLoads[i] ?? 0) - (statisticsLoads[i - 1] ?? 0)).toBeGreaterThanOrEqual(10_000);
  }
});
