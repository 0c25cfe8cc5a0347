import { frenchTypographyFaults } from "../support/french-text";
import { formSessionCookies, signInAsAdminThroughTheForm } from "./support/admin";
import { gotoReady } from "./support/page";
import { CONSOLE, slices, Walk } from "./support/screens";
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

/**
 * What staff must never read in the console: an internal key ('attendance_link', 'learner
 * convention') instead of French words, a learner named by a reference ('réf. 1a2b3c4d'), or a
 * clock time with its seconds ('23:45:44').
 */
const CONSOLE_RULES: { name: string; pattern: RegExp }[] = [
  { name: "clé interne (mots_liés)", pattern: /\b[a-z]+_[a-z_]+\b/g },
  {
    name: "clé interne en anglais",
    pattern: /\b(?:attendance|learner|application|survey|complaint) [a-z]+\b/g,
  },
  { name: "stagiaire désigné·e par une référence", pattern: /stagiaire, réf\./g },
];

function consoleFaults(text: string): string[] {
  const faults = frenchTypographyFaults(text);
  for (const { name, pattern } of CONSOLE_RULES) {
    for (const match of text.matchAll(pattern)) {
      faults.push(`${name} : « ${text.slice(Math.max(0, match.index - 30), match.index + 30)} »`);
    }
  }
  return faults;
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
  "/espace/connexion",
  "/espace/connexion?lien=refuse",
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

// The console's screens, signed in as an administrator (who sees every one), with the same checks as
// the public pages and a few of the console's own; record screens are reached from their list. In
// four walks, so that they spread over the workers.
for (const [index, screens] of slices(CONSOLE, 4).entries()) {
  test(`French typography of the console, part ${index + 1} of 4`, async ({
    warmPage: page,
    browser,
    serverUrl,
  }) => {
    test.setTimeout(120_000);
    await page
      .context()
      .addCookies(await formSessionCookies(browser, serverUrl, "admin", signInAsAdminThroughTheForm));
    const walk = new Walk(page);
    const faults: string[] = [];
    for (const screen of screens) {
      const path = await walk.resolve(screen);
      await walk.visit(path);
      await page.locator("body[data-hydrated]").waitFor();
      for (const fault of consoleFaults(await visibleText(page))) faults.push(`${path} : ${fault}`);
    }
    expect(faults).toEqual([]);
  });
}
