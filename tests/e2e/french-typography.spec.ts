import { frenchTypographyFaults } from "../support/french-text";
import { gotoReady } from "./support/page";
import { expect, type Page, test } from "./support/test";

/**
 * What a reader sees on a public page: its rendered text (innerText: hidden parts left out), its
 * title and description, and the words given to assistive technology or shown in empty fields.
 */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll("[placeholder], [aria-label], [title], img[alt]")].map(
      (element) =>
        ["placeholder", "aria-label", "title", "alt"]
          .map((name) => element.getAttribute(name) ?? "")
          .filter(Boolean)
          .join("\n"),
    );
    const description = document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "";
    // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out (hidden parts out) is what a reader sees.
    return [document.title, description, document.body.innerText, ...attributes].join("\n");
  });
}

async function expectFrenchTypography(page: Page, what: string) {
  expect(frenchTypographyFaults(await visibleText(page)), what).toEqual([]);
}

const PAGES = [
  "/",
  "/formations",
  "/formations/alternance",
  "/formations/courtes",
  "/formation/formation-developpeur-web",
  "/formation/tp-assistant-ressources-humaines",
  "/formation/tp-assistant-commercial",
  "/formation/bac-pro-logistique",
  "/formation/formation-wordpress",
  "/formation/formation-developpeur-web/candidature/envoyee",
  "/formation/formation-developpeur-web/candidature/envoyee?attente=1",
  "/financements",
  "/notre-centre",
  "/contact",
  "/contact?sujet=rdv",
  "/reclamation",
  "/ressources",
  "/ressources/article/reconversion-professionnelle-5-etapes",
  "/ressources/article/alternance-apprentissage-ou-professionnalisation",
  "/ressources/article/financer-sa-formation-avec-le-cpf",
  "/ressources/article/reussir-son-entretien-apres-une-formation",
  "/ressources/article/demandeur-emploi-aides-france-travail-formation",
  "/mentions-legales",
  "/politique-confidentialite",
  "/cgu",
  "/auth",
  "/auth/mot-de-passe-oublie",
  "/auth/nouveau-mot-de-passe",
  "/auth/nouveau-mot-de-passe?token=inconnu",
  "/page-qui-n-existe-pas",
];

for (const path of PAGES) {
  test(`French typography on ${path}`, async ({ warmPage: page }) => {
    await gotoReady(page, path);
    await expectFrenchTypography(page, path);
  });
}

test("French typography of the application form, its errors and the callback dialog", async ({
  warmPage: page,
}) => {
  const emailError = page.getByText("Veuillez entrer une adresse e-mail valide");
  await gotoReady(page, "/formation/formation-developpeur-web");
  await page
    .getByRole("link", { name: /Candidater/ })
    .first()
    .click();
  await page.locator("body[data-hydrated]").waitFor();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectFrenchTypography(page, "formulaire de candidature");
  await page.getByRole("button", { name: "Envoyer ma candidature" }).click();
  await expect(emailError).toBeVisible();
  await expectFrenchTypography(page, "formulaire de candidature, erreurs affichées");

  await gotoReady(page, "/contact");
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(emailError).toBeVisible();
  await expectFrenchTypography(page, "formulaire de contact, erreurs affichées");

  await page.getByRole("button", { name: "Être rappelé·e" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Demander un rappel" }).click();
  await expect(dialog.getByText("Veuillez entrer un numéro de téléphone valide")).toBeVisible();
  await expectFrenchTypography(page, "fenêtre « Être rappelé·e », erreurs affichées");
});
