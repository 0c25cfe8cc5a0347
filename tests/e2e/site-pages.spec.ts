import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

test("financing: the schemes the centre describes in Pages, real actions and its downloadable guide", async ({
  warmPage: page,
  request,
}) => {
  await gotoReady(page, "/financements");
  await expect(page.getByText("Jusqu'à 100\u202f% de prise en charge")).toBeVisible();
  const schemes = page.getByRole("region", { name: "Les dispositifs de financement" }).getByRole("listitem");
  for (const [title, points] of [
    ["CPF – Compte Personnel de Formation", 4],
    ["France Travail (ex-Pôle Emploi) AIF – Aide Individuelle à la Formation", 4],
    ["OPCO – Opérateur de compétences", 3],
  ] as const) {
    const scheme = schemes.filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(scheme.getByRole("list").getByRole("listitem")).toHaveCount(points);
  }
  await expect(page.getByText("Pour tous les actifs, jusqu'à 5\u202f000\u00a0€.")).toBeVisible();

  // The demonstration centre's guide, served while the demo remains (demo-document.ts).
  const guide = page.getByRole("link", { name: /Télécharger le guide/ });
  const href = await guide.getAttribute("href");
  const pdf = await request.get(href ?? "");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.getByRole("link", { name: "Prendre rendez-vous" }).first().click();
  await expect(page).toHaveURL(`/contact?sujet=rdv`);
});

test("about the centre: certifications, figures, team, hours and legal information", async ({
  warmPage: page,
}) => {
  await gotoReady(page, "/notre-centre");
  // The Qualiopi mention needs a valid certificate on file (Paramètres): settings.spec.ts covers it.
  for (const text of ["OPQF", "Datadock", "Référencé France Travail (ex-Pôle Emploi)"]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  const figures = page.getByRole("region", { name: "Chiffres clés" });
  await expect(figures).toContainText("de satisfaction2025, 214 répondants96\u202f%");
  await expect(figures).toContainText("d'insertion à 3 mois2025, 162 sortants85\u202f%");
  // No invented figure: the team's size and the number of people trained are not written in the page.
  await expect(page.getByText("500+", { exact: true })).toHaveCount(0);
  await expect(
    page.getByRole("heading", { name: "Une équipe de formateurs issus du terrain" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Accompagnement" })).toBeVisible();
  await expect(page.getByText("Lundi – vendredi : 9 h – 18 h")).toBeVisible();
  await expect(page.getByText("Samedi : 9 h – 12 h")).toBeVisible();
  await expect(page.getByText("20 juin 2025")).toBeVisible();
});

test("resources: search by title or description, real downloads, FAQ accordion and help banner", async ({
  warmPage: page,
  request,
}) => {
  await gotoReady(page, "/ressources");
  const cards = page.getByRole("region", { name: "Nos ressources" }).getByRole("listitem");
  await expect(cards).toHaveCount(4);
  await page.getByLabel("Rechercher une ressource").fill("ALTERNANCE");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Guide de l'alternance");
  await page.getByLabel("Rechercher une ressource").fill("formation"); // in a description
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Manuel de l'apprenant");
  await page.getByLabel("Rechercher une ressource").fill("");
  await expect(cards).toHaveCount(4);

  for (const link of await page.getByRole("link", { name: /^Télécharger / }).all()) {
    const response = await request.get((await link.getAttribute("href")) ?? "");
    expect(response.status()).toBe(200);
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
  }

  const question = page.locator("summary", { hasText: "Suis-je accompagné·e après la formation ?" });
  const answer = page.getByText(/suivi de 6 mois après la formation/);
  await expect(answer).toBeHidden();
  await question.focus();
  await page.keyboard.press("Enter");
  await expect(answer).toBeVisible();
  await expect(page.locator("details")).toHaveCount(4);
  await expect(page.getByText(/jusqu'à 24 mois pour une formation en alternance/)).toBeHidden();

  await expect(page.getByRole("link", { name: "Nous contacter" })).toHaveAttribute("href", "/contact");
  await expect(page.getByRole("link", { name: "01 23 45 67 89" }).last()).toHaveAttribute(
    "href",
    "tel:+33123456789",
  );
});

test("an article page renders its Markdown with date, category, reading time and author", async ({
  warmPage: page,
}) => {
  await gotoReady(page, "/ressources/article/reconversion-professionnelle-5-etapes");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Reconversion professionnelle : 5 étapes pour réussir votre changement de carrière",
  );
  await expect(page.getByText("Reconversion", { exact: true })).toBeVisible();
  await expect(page.getByText(/min de lecture/)).toBeVisible();
  await expect(page.getByText(/Par Équipe · Publié le 8 septembre 2026/)).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 2, name: "1. Faire le point sur vos motivations" }),
  ).toBeVisible();
  await expect(page.locator("article strong").first()).toBeVisible();
  await page.getByRole("link", { name: "Retour aux ressources" }).click();
  await expect(page).toHaveURL(`/ressources`);
});

test("an unpublished or unknown article answers 404", async ({ warmPage: page }) => {
  for (const slug of ["demandeur-emploi-aides-france-travail-formation", "n-existe-pas"]) {
    const response = await page.goto(`/ressources/article/${slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Article introuvable" })).toBeVisible();
  }
});

test("legal pages: sections, GDPR rights and the update date", async ({ warmPage: page }) => {
  await gotoReady(page, "/mentions-legales");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mentions légales");
  await expect(page.getByText("Dernière mise à jour : 22 novembre 2026")).toBeVisible();
  // An entreprise individuelle has no share capital: none is printed.
  await expect(page.getByText(/édité par Centre de Formation Avenir, Entreprise individuelle/)).toBeVisible();
  await expect(page.getByText(/au capital/)).toHaveCount(0);
  for (const h of [
    "Directeur de la publication",
    "Hébergement",
    "Propriété intellectuelle",
    "Droit applicable",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(h) })).toBeVisible();
  }

  await gotoReady(page, "/politique-confidentialite");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(10);
  await expect(page.getByText("Dernière mise à jour : 22 novembre 2026")).toBeVisible();
  for (const right of [
    "d'accès",
    "de rectification",
    "à l'effacement",
    "à la limitation",
    "à la portabilité",
    "d'opposition",
  ]) {
    await expect(page.getByRole("listitem").filter({ hasText: `droit ${right}` })).toBeVisible();
  }

  await gotoReady(page, "/cgu");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(11);
  await expect(page.getByText("Dernière mise à jour : 22 novembre 2026")).toBeVisible();
});

test("sitemap and robots.txt", async ({ request, serverUrl }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${serverUrl}/formation/formation-developpeur-web</loc>`);
  expect(xml).toContain(`<loc>${serverUrl}/ressources/article/reconversion-professionnelle-5-etapes</loc>`);
  expect(xml).not.toContain("demandeur-emploi-aides-france-travail-formation");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain(`Sitemap: ${serverUrl}/sitemap.xml`);
});
