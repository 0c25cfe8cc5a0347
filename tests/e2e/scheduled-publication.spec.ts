// The console's own Paris reading of an instant, as the datetime-local field takes it.
import { scheduleFieldValue as parisMinute } from "../../app/features/publishing/schedule";
import { signInAsAdmin } from "./support/admin";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

// The server's wall clock is moved forward to just before the scheduled minute instead of waiting for
// it (tests/e2e/support/server-clock.mjs): the scheduler still runs on its own 15 s period, unaware.
test.use({ ownServer: "with a movable clock" });

test("an article scheduled a minute ahead stays off /ressources until then and appears after, without a restart", async ({
  warmPage: page,
  serverClock,
}) => {
  // The scheduler's round (15 s) after the clock is moved, and the pages.
  test.setTimeout(90_000);
  const title = `Programmé ${Math.random().toString(36).slice(2, 7)}`;
  const slug = title.toLowerCase().replace(" ", "-").normalize("NFD").replace(/\p{M}/gu, "");
  // The next whole minute at least 40 s away (the console takes minutes): the steps below, a sign-in and
  // a form, fit well within 40 s, so the article is checked absent before its minute comes.
  const publishAt = new Date(Math.ceil((serverClock.now() + 40_000) / 60_000) * 60_000);

  await signInAsAdmin(page, "/admin/articles");
  await page.getByRole("button", { name: "Nouvel article" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvel article" });
  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await dialog.getByRole("textbox", { name: "Contenu (Markdown)" }).fill("Paraît à l'heure dite.");
  await dialog.getByLabel("Programmer la publication le").fill(parisMinute(publishAt));
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Article créé avec succès")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Programmé");

  await gotoReady(page, "/ressources");
  await expect(page.getByText(title)).toHaveCount(0);
  expect((await page.request.get(`/ressources/article/${slug}`)).status()).toBe(404);
  expect(serverClock.now()).toBeLessThan(publishAt.getTime());

  // Ten seconds before the minute: still off the site, then on it once the minute has come.
  await serverClock.set(publishAt.getTime() - 10_000);
  await gotoReady(page, "/ressources");
  await expect(page.getByText(title)).toHaveCount(0);
  expect((await page.request.get(`/ressources/article/${slug}`)).status()).toBe(404);
  expect(serverClock.now()).toBeLessThan(publishAt.getTime());

  await expect(async () => {
    await page.goto("/ressources");
    await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  // Not before its minute, and within a minute of it.
  const seenAt = serverClock.now();
  expect(seenAt).toBeGreaterThanOrEqual(publishAt.getTime());
  expect(seenAt - publishAt.getTime()).toBeLessThan(60_000);
  expect((await page.request.get(`/ressources/article/${slug}`)).status()).toBe(200);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/ressources/article/${slug}`);

  await page.goto("/admin/articles");
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Publié");
  await page.goto("/admin/journal");
  await expect(page.getByText(`Publication programmée de l'article`).first()).toBeVisible();
});
