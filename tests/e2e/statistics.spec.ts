import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, test } from "@playwright/test";
import { signInAsAdmin } from "./support/admin";

/** The cells of a table, header row first, as the eye reads them. */
async function tableCells(table: Locator): Promise<string[][]> {
  return table
    .locator("tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => (cell.textContent ?? "").trim())),
    );
}

test("Statistiques: the report from the dashboard, the period in the URL, each chart's table equals its CSV, no axe violation", async ({
  page,
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
  await expect(page).toHaveURL(/\/admin\/statistics$/);
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
    expect(await link.getAttribute("href")).toBe("/admin/statistics/entonnoir.csv?periode=12-mois");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^statistiques-entonnoir-12-mois-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n").filter(Boolean);
    expect(lines.map((line) => line.split(";"))).toEqual(cells);
    expect(cells.map((row) => row[0])).toEqual(["Étape", "Reçues", "Contactées", "Converties"]);
  }).toPass();

  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id} ${v.nodes[0]?.target}`)).toEqual([]);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  for (const summary of await page.getByText("Voir les données").all()) await summary.click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
