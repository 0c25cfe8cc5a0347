import { ADMIN } from "../../playwright.config";
import { gotoReady } from "./support/page";
import { expect, type Page, test } from "./support/test";

// It reads the demo centre as seeded (the teaser's first formations, the three newest testimonials): a server
// of its own, where no other spec adds any.
test.use({ ownServer: true });

test("the hero shows the three figures and its buttons lead somewhere", async ({ warmPage: page }) => {
  await gotoReady(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Révélez votre potentiel avec nos formations",
  );
  const hero = page.locator("section").first();
  // Real figures: the open formations (other tests may add some) and the seed's recorded results.
  const figures = hero.locator("dl > div");
  await expect(figures).toHaveCount(3);
  await expect(figures.nth(0)).toHaveText(/^formations disponibles\d+$/);
  await expect(figures.nth(1)).toHaveText("de satisfaction2025, 214 répondants96\u202f%");
  await expect(figures.nth(2)).toHaveText("de réussite2025, 183 candidats90\u202f%");
  // A link or a dialog trigger, depending on the callback feature: both show this label.
  await expect(hero.getByText("Être rappelé·e", { exact: true })).toBeVisible();
  await hero.getByRole("link", { name: "Découvrir nos formations" }).click();
  await expect(page).toHaveURL(`/formations`);
});

test("the goal picker shows counts with agreement, replaces the selection and filters the catalogue", async ({
  warmPage: page,
}) => {
  await gotoReady(page, "/");
  await expect(page.getByRole("heading", { name: "Choisissez votre objectif" })).toBeVisible();
  const reconversion = page.getByRole("button", { name: /Me reconvertir/ });
  const outil = page.getByRole("button", { name: /Apprendre un outil/ });
  await expect(reconversion).toContainText("3 formations recommandées");
  await expect(outil).toContainText("1 formation recommandée");
  await expect(page.getByRole("button", { name: /Développer mes compétences/ })).toContainText(
    "2 formations recommandées",
  );
  await expect(page.getByRole("button", { name: "Découvrir ces formations" })).toHaveCount(0);

  await reconversion.click();
  await expect(reconversion).toHaveAttribute("aria-pressed", "true");
  const result = page.getByTestId("goal-result");
  await expect(result.getByRole("link", { name: "TP Assistant Ressources Humaines" })).toBeVisible();
  await expect(result.getByRole("link", { name: "Formation Développeur Web" })).toBeVisible();

  // Keyboard: choosing another goal replaces the first.
  await outil.focus();
  await page.keyboard.press("Enter");
  await expect(outil).toHaveAttribute("aria-pressed", "true");
  await expect(reconversion).toHaveAttribute("aria-pressed", "false");
  await expect(result.getByRole("link")).toHaveCount(2); // the formation and the button
  await expect(result.getByRole("link", { name: "Formation WordPress" })).toBeVisible();

  await result.getByRole("link", { name: "Découvrir ces formations" }).click();
  await expect(page).toHaveURL(`/formations?objectif=outil`);
  await expect(page.getByTestId("result-count")).toHaveText("1 formation trouvée");
  await expect(page.getByRole("heading", { name: "Formation WordPress" })).toBeVisible();
});

test("the teaser shows 3 work-study and 2 short formations from the database, linking to their pages", async ({
  warmPage: page,
}) => {
  await gotoReady(page, "/");
  await expect(page.getByTestId("teaser-alternance").getByRole("article")).toHaveCount(3);
  await expect(page.getByTestId("teaser-courtes").getByRole("article")).toHaveCount(2);
  await page.getByTestId("teaser-alternance").getByRole("link", { name: "TP Assistant Commercial" }).click();
  await expect(page).toHaveURL(`/formation/tp-assistant-commercial`);
  await gotoReady(page, "/");
  await page.getByRole("link", { name: "Voir toutes les formations" }).click();
  await expect(page).toHaveURL(`/formations`);
});

test("method, testimonials and articles sections (the demonstration centre's Pages › Accueil)", async ({
  warmPage: page,
}) => {
  await gotoReady(page, "/");
  for (const title of [
    "Accompagnement individuel",
    "Plateforme e-learning",
    "Masterclasses exclusives",
    "Support technique",
  ]) {
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  }
  const testimonials = page.getByTestId("home-testimonials").getByRole("listitem");
  await expect(testimonials).toHaveCount(3);
  // No avatar in the seed: initials are shown; ratings are read out.
  await expect(page.getByTestId("home-testimonials").getByRole("img", { name: /sur 5 étoiles/ })).toHaveCount(
    3,
  );
  await expect(page.getByText("Nos entreprises partenaires")).toBeVisible();
  await expect(page.locator("main").getByText("Être rappelé·e", { exact: true })).toHaveCount(2);

  const articles = page.getByTestId("home-articles").getByRole("article");
  await expect(articles).toHaveCount(3);
  await expect(articles.first()).toContainText("min de lecture");
  await expect(articles.first()).toContainText("Par Équipe");
  const first = articles.first().getByRole("link");
  const href = await first.getAttribute("href");
  expect(href).toMatch(/^\/ressources\/article\/[a-z0-9-]+$/);
  await first.click();
  await expect(page).toHaveURL(`${href}`);
  await gotoReady(page, "/");
  await page.getByRole("link", { name: "Voir toutes les ressources" }).click();
  await expect(page).toHaveURL(`/ressources#articles`);
  await expect(page.getByRole("heading", { name: "Articles", exact: true })).toBeInViewport();
});

async function signInAdmin(page: Page) {
  await gotoReady(page, "/auth");
  await page.getByRole("tabpanel").getByLabel("E-mail").fill(ADMIN.email);
  await page.getByRole("tabpanel").getByLabel("Mot de passe").fill(ADMIN.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(`/`);
}

test("testimonials refresh without reload when staff add one", async ({ page, browser, serverUrl }) => {
  await gotoReady(page, "/");
  const list = page.getByTestId("home-testimonials");
  await expect(list.getByRole("listitem")).toHaveCount(3);
  // Wait until the event stream is open before writing.
  await page.locator("body[data-live='open']").waitFor();

  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signInAdmin(admin);
  const name = `Zoé Temps-Réel ${Date.now()}`;
  const response = await admin.request.post("/admin/temoignages", {
    headers: { origin: serverUrl },
    form: {
      intent: "create",
      name,
      content: "Ajouté pendant que la page était ouverte.",
      rating: "4",
      active: "on",
    },
  });
  expect(response.status()).toBeLessThan(400);
  await staff.close();

  await expect(list.getByText(name)).toBeVisible({ timeout: 8_000 });
  await expect(list.getByText("ZT", { exact: true })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(3);
});
