import { parisToday } from "../../app/platform/dates";
import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { sendApplication } from "./support/candidate";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, test } from "./support/test";

// Interviews planned here are not admitted: this course's seats stay as they were.
const COURSE = "/formation/bac-pro-logistique";

test("Calendrier: today's callback request on its day opens it in Contacts; months in the URL, 'Aujourd'hui', axe, the list at 360 px", async ({
  warmPage: page,
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
  await signInAsAdmin(page, "/admin/calendrier");
  await expect(page.getByRole("heading", { level: 1, name: "Calendrier" })).toBeVisible();
  const grid = page.getByRole("table", { name: /^Événements de / });
  await expect(grid).toBeVisible();
  const todayCell = grid.locator("td[aria-current='date']");
  await expect(todayCell).toContainText("(aujourd'hui)");
  const event = todayCell.getByRole("link", { name: new RegExp(`Rappel demandé : Inès ${lastName}`) });
  await expect(event).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

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
  await page.goto("/admin/calendrier");
  await expect(grid).toBeHidden();
  const list = page.getByRole("region", { name: /^Événements de / });
  const day = list.getByRole("heading", { name: /\(aujourd'hui\)$/ });
  await expect(day).toBeVisible();
  await expect(
    list.getByRole("link", { name: new RegExp(`Rappel demandé : Inès ${lastName}`) }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("an interview planned on the application's page shows in the Calendrier on its day, opens the application, and is in the member's iCalendar feed until the link is regenerated", async ({
  page,
  browser,
}) => {
  test.slow();
  const candidateContext = await browser.newContext();
  const email = uniqueEmail("agenda");
  try {
    const candidate = await candidateContext.newPage();
    await gotoReady(candidate, COURSE);
    const sessionId = await candidate.getByTestId("session").first().getAttribute("data-session-id");
    await gotoReady(candidate, `${COURSE}/candidature?session=${sessionId}`);
    await sendApplication(candidate, email);
  } finally {
    await candidateContext.close();
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page, `/admin/candidatures?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: "Voir la candidature de Yanis Benali" }).click();
  await expect(page.getByRole("heading", { name: "Candidature de Yanis Benali" })).toBeVisible();
  const applicationPath = new URL(page.url()).pathname;
  await page.getByLabel("Nouveau statut").selectOption({ label: "Entretien planifié" });
  await page.getByRole("textbox", { name: "Date", exact: true }).fill("2027-02-10");
  await page.getByRole("textbox", { name: "Heure", exact: true }).fill("09:15");
  await page.getByLabel("Lieu ou lien de visioconférence").fill("Salle 7");
  await page.getByRole("button", { name: "Confirmer le changement de statut" }).click();
  await expect(page.getByTestId("application-status")).toHaveText("Entretien planifié");

  await gotoReady(page, "/admin/calendrier?mois=2027-02");
  await expect(page.getByRole("heading", { level: 2, name: "février 2027" })).toBeVisible();
  const cell = page
    .getByRole("table", { name: /^Événements de février 2027/ })
    .getByRole("cell", { name: /^10/ });
  const interview = cell.locator(`a[href='${applicationPath}']`);
  await expect(interview).toHaveText(/Entretien 09 h 15.*Yanis Benali/);
  await interview.click();
  await expect(page).toHaveURL(new RegExp(`${applicationPath}$`));
  await expect(page.getByRole("heading", { name: "Candidature de Yanis Benali" })).toBeVisible();

  await gotoReady(page, "/admin/calendrier");
  const section = page.getByRole("heading", { name: "Abonnement iCalendar" }).locator("xpath=../..");
  const oldUrl = await section.getByLabel("Adresse de votre calendrier").inputValue();
  expect(oldUrl).toMatch(/\/calendrier\/[A-Za-z0-9_-]{43}\.ics$/);
  const feed = await page.request.get(oldUrl);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect((await feed.text()).replace(/\r\n /g, "")).toContain(
    `/admin/candidatures/${applicationPath.split("/").pop()}`,
  );
  // 'Copier' puts the address in the clipboard (granted here as a browser asks the member to).
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await section.getByRole("button", { name: "Copier" }).click();
  await expect(page.getByText("Lien copié")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);
  await section.getByRole("button", { name: "Régénérer le lien" }).click();
  await expect(page.getByText("Nouveau lien créé, l'ancien ne fonctionne plus")).toBeVisible();
  await expect(section.getByLabel("Adresse de votre calendrier")).not.toHaveValue(oldUrl);
  expect((await page.request.get(oldUrl)).status()).toBe(404);
});
