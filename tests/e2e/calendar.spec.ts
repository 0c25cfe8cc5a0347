import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./support/admin";

/** Today in Paris, YYYY-MM-DD, as the centre counts days. */
const parisToday = () => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Paris" }).format(new Date());

test("Calendrier: today's callback request on its day opens it in Contacts; months in the URL, 'Aujourd'hui', axe, the list at 360 px", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const lastName = `Agenda${Date.now()}`;
  const lead = await page.request.post("/api/rappel", {
    form: { firstName: "Inès", lastName, phone: "06 12 34 56 78", source: "callback_catalogue" },
    headers: { accept: "application/json" },
  });
  expect(lead.status()).toBe(200);
  const today = parisToday();

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page, "/admin/calendar");
  await expect(page.getByRole("heading", { level: 1, name: "Calendrier" })).toBeVisible();
  const grid = page.getByRole("table", { name: /^Événements de / });
  await expect(grid).toBeVisible();
  const todayCell = grid.locator("td[aria-current='date']");
  await expect(todayCell).toContainText("(aujourd'hui)");
  const event = todayCell.getByRole("link", { name: new RegExp(`Rappel demandé : Inès ${lastName}`) });
  await expect(event).toBeVisible();
  // The sign-in toast fades out first (axe would measure it mid-animation).
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  expect(violations).toEqual([]);

  const months = page.getByRole("navigation", { name: "Mois" });
  await months.getByRole("link", { name: "Mois suivant" }).click();
  const [year, month] = today.split("-").map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
  await expect(page).toHaveURL(new RegExp(`\\?mois=${next}$`));
  await expect(grid.locator("td[aria-current='date']")).toHaveCount(0);
  await months.getByRole("link", { name: "Aujourd'hui" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?mois=${today.slice(0, 7)}$`));
  await expect(todayCell).toBeVisible();

  await todayCell.getByRole("link", { name: new RegExp(`Inès ${lastName}`) }).click();
  await expect(page).toHaveURL(/\/admin\/contacts\?demande=/);
  await expect(page.getByRole("dialog")).toContainText(lastName);
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/admin/calendar");
  await expect(grid).toBeHidden();
  const list = page.getByRole("region", { name: /^Événements de / });
  const day = list.getByRole("heading", { name: /\(aujourd'hui\)$/ });
  await expect(day).toBeVisible();
  await expect(
    list.getByRole("link", { name: new RegExp(`Rappel demandé : Inès ${lastName}`) }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
