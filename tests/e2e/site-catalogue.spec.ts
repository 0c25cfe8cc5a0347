import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

// It counts the demo centre's formations ('5 formations trouvées'): a server of its own, where no other spec adds one.
test.use({ ownServer: true });

const count = (page: import("@playwright/test").Page) => page.getByTestId("result-count");

test("the catalogue filters live as you type, keeps the filters in the URL and resets", async ({
  warmPage: page,
}) => {
  await gotoReady(page, "/formations");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nos formations");
  await expect(count(page)).toHaveText("5 formations trouvées");

  // A skill that only the web developer course lists, typed in another case.
  await page.getByLabel("Rechercher une formation").fill("rEaCt");
  await expect(count(page)).toHaveText("1 formation trouvée");
  await expect(page.getByRole("heading", { name: "Formation Développeur Web" })).toBeVisible();
  await expect(page).toHaveURL(`/formations?q=rEaCt`);

  await page.getByLabel("Rechercher une formation").fill("");
  await page.getByLabel("Type de formation").selectOption("alternance");
  await expect(count(page)).toHaveText("3 formations trouvées");
  // The levels of the national framework. 'Niveau' is the level of the diploma or title obtained: a
  // visitor looking for a Bac+2 picks 'Niveau 5' and finds the Bac+2 titles, not the courses that
  // require one; 'Niveau requis' is the other question.
  for (const filter of ["Niveau", "Niveau requis"]) {
    await expect(page.getByLabel(filter, { exact: true }).locator("option")).toHaveText([
      "Tous les niveaux",
      "Sans niveau spécifique",
      "Niveau 3 (CAP, BEP)",
      "Niveau 4 (Bac)",
      "Niveau 5 (Bac+2)",
      "Niveau 6 (Bac+3/4)",
      "Niveau 7 (Bac+5)",
    ]);
  }
  const level = page.getByLabel("Niveau", { exact: true });
  await level.selectOption("niveau-5");
  await expect(count(page)).toHaveText("2 formations trouvées");
  await expect(page.getByRole("heading", { name: "TP Assistant Ressources Humaines" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "TP Assistant Commercial" })).toBeVisible();
  await expect(page).toHaveURL(`/formations?type=alternance&niveau=niveau-5`);
  await level.selectOption("niveau-4");
  await expect(count(page)).toHaveText("1 formation trouvée");
  await expect(page.getByRole("heading", { name: "Bac Pro Logistique" })).toBeVisible();
  await level.selectOption("all");
  await page.getByLabel("Niveau requis").selectOption("niveau-4");
  await expect(count(page)).toHaveText("2 formations trouvées");
  await expect(page).toHaveURL(`/formations?type=alternance&requis=niveau-4`);
  await page.getByLabel("Niveau requis").selectOption("sans-niveau");
  await expect(count(page)).toHaveText("1 formation trouvée");
  await expect(page.getByRole("heading", { name: "Bac Pro Logistique" })).toBeVisible();

  await level.selectOption("niveau-7");
  await expect(count(page)).toHaveText("0 formation trouvée");
  await expect(
    page.getByText("Aucune formation trouvée. Essayez de modifier vos critères de recherche ou de filtrage"),
  ).toBeVisible();
  // Said once: no heading repeating the sentence.
  await expect(page.getByText("Aucune formation trouvée")).toHaveCount(1);
  await page.getByRole("link", { name: "Réinitialiser les filtres" }).click();
  await expect(page).toHaveURL(`/formations`);
  await expect(count(page)).toHaveText("5 formations trouvées");
  await expect(page.getByLabel("Type de formation")).toHaveValue("all");
  await expect(level).toHaveValue("all");
  await expect(page.getByLabel("Niveau requis")).toHaveValue("all");
});

test("a shared filtered URL is filtered by the server, even without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // A link shared before the levels followed the national framework ('Débutant': courses open to all)
  // still works.
  await page.goto("/formations?type=courte&niveau=debutant");
  await expect(page).toHaveURL(/\/formations\?type=courte&requis=sans-niveau$/);
  await expect(count(page)).toHaveText("1 formation trouvée");
  // No diploma nor title at the end of either short course: 'Sans niveau spécifique' finds both.
  await page.goto("/formations?type=courte&niveau=sans-niveau");
  await expect(count(page)).toHaveText("2 formations trouvées");
  await page.goto("/formations?type=courte&requis=niveau-3");
  await expect(count(page)).toHaveText("1 formation trouvée");
  await expect(page.getByLabel("Type de formation")).toHaveValue("courte");
  await expect(page.getByLabel("Niveau requis")).toHaveValue("niveau-3");
  // The form is a plain GET: submitting it without JS filters on the server.
  await page.getByLabel("Rechercher une formation").fill("wordpress");
  await page.getByLabel("Rechercher une formation").press("Enter");
  await expect(page).toHaveURL(/\/formations\?q=wordpress&type=courte&niveau=all&requis=niveau-3$/);
  await expect(count(page)).toHaveText("1 formation trouvée");
  await context.close();
});

test("cards show 3 skills then +N, and the sub-pages are pre-filtered", async ({ warmPage: page }) => {
  await gotoReady(page, "/formations?q=assistant%20ressources");
  const card = page.getByRole("article").filter({ hasText: "TP Assistant Ressources Humaines" });
  await expect(card.getByRole("list", { name: "Compétences" }).getByRole("listitem")).toHaveCount(4);
  await expect(card.getByText("+4")).toBeVisible();

  await gotoReady(page, "/formations/alternance");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formations en alternance");
  await expect(count(page)).toHaveText("3 formations trouvées");
  await gotoReady(page, "/formations/courtes");
  await expect(count(page)).toHaveText("2 formations trouvées");
  await expect(page.getByRole("link", { name: "Contactez-nous" })).toHaveAttribute("href", "/contact");
});

test("a course page shows every section, its Qualiopi information and working buttons", async ({
  warmPage: page,
}) => {
  await gotoReady(page, "/formation/tp-assistant-commercial");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("TP Assistant Commercial");
  await expect(page.getByText("RNCP 35031").first()).toBeVisible();
  await expect(page.getByText("Diplômante", { exact: true })).toBeVisible();
  await expect(page.getByText("9 à 16 mois", { exact: true })).toBeVisible();
  for (const heading of [
    "Objectifs de la formation",
    "Programme détaillé",
    "Débouchés professionnels",
    "Témoignages",
    "Prérequis",
    "Informations pratiques",
    "Prêt à commencer ?",
  ]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  const program = page.locator("#programme").locator("..");
  for (const hours of ["100 h", "120 h", "80 h", "60 h"]) {
    await expect(program.getByText(hours, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText("Yanis Benali")).toBeVisible();
  await expect(page.getByText("France Travail (ex-Pôle Emploi)", { exact: true })).toBeVisible();
  await expect(page.getByText("Délai d'accès")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Indicateurs de résultats" })).toBeVisible();
  // The demo centre's typed rates are archives: dated, with their source and sample size.
  await expect(
    page.getByText(
      /^95\u202f% — Taux de satisfaction — Archive \d{4}, source\u00a0: enquête interne du centre \(45 répondants\)$/,
    ),
  ).toBeVisible();
  await expect(page.getByText("Être rappelé·e", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Demander des informations" })).toHaveAttribute(
    "href",
    "/contact?formation=tp-assistant-commercial",
  );
  await expect(page.getByRole("link", { name: "Nous contacter" })).toHaveAttribute("href", "/contact");
  await page.getByRole("link", { name: "Retour aux formations" }).click();
  await expect(page).toHaveURL(`/formations`);
});

test("footer short slugs answer 301 to the canonical page", async ({ warmPage: page, request }) => {
  const response = await request.get("/formation/wordpress", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/formation/formation-wordpress");
  await gotoReady(page, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "TP Assistant Ressources Humaines" }).click();
  await expect(page).toHaveURL(`/formation/tp-assistant-ressources-humaines`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("TP Assistant Ressources Humaines");
});

test("an unknown course answers 404 with 'Formation non trouvée' and a way home", async ({
  warmPage: page,
}) => {
  const response = await page.goto("/formation/formation-inexistante");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Formation non trouvée" })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  await page.getByRole("main").getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(`/`);
});
