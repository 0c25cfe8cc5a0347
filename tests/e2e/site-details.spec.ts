import { signInAsAdmin } from "./support/admin";
import { gotoReady } from "./support/page";
import { expect, type Page, test } from "./support/test";

// Details a visitor or a member of staff notices: exact prices, no console wording on public pages,
// one spelling per page, headings under the page's title, a slug derived from the title, and a
// notification area that exists before the first toast.

async function editFormation(page: Page, title: string, fields: { price: string; format: string }) {
  await page.getByRole("searchbox").fill(title);
  // The search is sent once typing pauses: the editor is opened after it, never cut short by it.
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: `Modifier ${title}` }).click();
  const dialog = page.getByRole("form", { name: /^Modifier la formation/ });
  await dialog.getByLabel("Prix (€)").fill(fields.price);
  await dialog.getByRole("textbox", { name: "Format", exact: true }).fill(fields.format);
  await dialog.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(dialog).toBeHidden();
}

test("a course page shows the exact price in French, omits an empty tile, and spells the callback button once", async ({
  warmPage: page,
  request,
}) => {
  // The live region of the notifications is in the first HTML, empty, before any toast.
  const html = await (await request.get("/formations")).text();
  expect(html).toMatch(/<div id="notifications" aria-live="polite"[^>]*><\/div>/);

  await signInAsAdmin(page, "/admin/formations");
  await editFormation(page, "Bac Pro Logistique", { price: "1200,50", format: "" });
  // The first toast is rendered inside that region, so a screen reader announces it.
  await expect(page.locator("#notifications")).toContainText("Formation mise à jour avec succès");
  try {
    await gotoReady(page, "/formation/bac-pro-logistique");
    const main = page.getByRole("main");
    await expect(main).toContainText(/1\s200,50\s€/);
    await expect(main).not.toContainText("1 201");
    const tiles = main.locator("dl").first();
    await expect(tiles).toContainText("Durée");
    await expect(tiles).not.toContainText("Format");
    await expect(main).not.toContainText("Non défini");
    await expect(main.getByText("Être rappelé(e)")).toHaveCount(0);
    await expect(
      main
        .getByRole("link", { name: "Être rappelé·e" })
        .or(main.getByRole("button", { name: "Être rappelé·e" })),
    ).toHaveCount(2);
  } finally {
    await gotoReady(page, "/admin/formations");
    await editFormation(page, "Bac Pro Logistique", { price: "0", format: "Alternance" });
  }
});

test("console: an empty slug is derived from the title; the Markdown preview keeps headings under the title", async ({
  warmPage: page,
}) => {
  await signInAsAdmin(page, "/admin/formations");
  await page.getByRole("link", { name: "Ajouter une formation" }).click();
  const dialog = page.getByRole("form", { name: "Nouvelle formation" });
  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill("Gestion de paie");
  const slug = dialog.getByLabel("Adresse de la page");
  await slug.fill("autre-chose");
  await slug.fill("");
  await expect(slug).toHaveAttribute("placeholder", "gestion-de-paie");
  await expect(
    dialog.getByText(
      /^La fin de l'adresse de la page sur le site \(\/formation\/…\)\s: déduite du titre si vous la laissez vide\.$/,
    ),
  ).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Créer le brouillon" })).toBeEnabled();
  await dialog.getByRole("link", { name: "Annuler" }).click();

  await gotoReady(page, "/admin/articles");
  await page.getByRole("button", { name: "Nouvel article" }).click();
  const article = page.getByRole("dialog", { name: "Nouvel article" });
  await article
    .getByRole("textbox", { name: "Contenu (Markdown)" })
    .fill("# Titre du texte\n\n## Une partie");
  const preview = article.getByTestId("markdown-preview");
  await expect(preview.getByRole("heading", { level: 2, name: "Titre du texte" })).toBeVisible();
  await expect(preview.getByRole("heading", { level: 3, name: "Une partie" })).toBeVisible();
  await expect(preview.locator("h1")).toHaveCount(0);
});

test("the subject and appointment mode chosen on /contact go with the request: console list, details and CSV, in French", async ({
  warmPage: page,
}) => {
  const last = `Rdv${Math.random().toString(36).slice(2, 7)}`;
  await gotoReady(page, "/contact");
  await page.getByRole("link", { name: "Rendez-vous sur place : choisir ce rendez-vous" }).click();
  await expect(page.getByLabel("Sujet")).toHaveValue("rdv");
  await expect(page.getByLabel("Type de rendez-vous")).toHaveValue("sur-place");
  await page.getByLabel("Prénom").fill("Léa");
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill(last);
  await page.getByLabel("E-mail").fill(`${last.toLowerCase()}@example.test`);
  await page.getByLabel("Téléphone").fill("06 11 22 33 44");
  await page.getByLabel("Message").fill("Je voudrais visiter le centre avant de m'inscrire.");
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByTestId("contact-confirmation")).toBeVisible();

  await signInAsAdmin(page, `/admin/contacts?q=${last}`);
  const row = page.getByRole("row").filter({ hasText: last });
  await expect(row).toContainText("Formulaire de contact");
  await expect(row).not.toContainText("contact form");
  await page.getByRole("button", { name: `Voir la demande de Léa ${last}` }).click();
  const details = page.getByRole("dialog", { name: "Détails de la demande" });
  await expect(details).toContainText("SujetPrendre rendez-vous");
  // No course chosen: the subject is not passed off as one.
  await expect(details).toContainText("FormationNon spécifiée");
  await expect(details).toContainText("Type de rendez-vousRendez-vous sur place");
  await expect(details).toContainText("SourceFormulaire de contact");
  await page.keyboard.press("Escape");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Exporter en CSV" }).click(),
  ]);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
  const [header, line] = text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(header).toContain("Sujet;Formation;");
  expect(header).toContain(";Type de rendez-vous;");
  expect(line).toContain(";Prendre rendez-vous;;");
  expect(line).toContain(";Formulaire de contact;Oui;Rendez-vous sur place;");
});

test("/ressources lists the published articles with the home page's cards and filters them by category, without JavaScript", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/ressources");
  const articles = page.getByTestId("articles");
  for (const title of [
    "Reconversion professionnelle : 5 étapes pour réussir votre changement de carrière",
    "Alternance : contrat d'apprentissage ou contrat de professionnalisation ?",
    "Financer sa formation avec le CPF : le guide pratique",
    "Réussir son entretien d'embauche après une formation",
  ]) {
    await expect(articles.getByRole("article").filter({ hasText: title })).toContainText("Par Équipe");
  }
  await expect(articles).not.toContainText("Demandeur d'emploi : les aides"); // the seeded draft
  const categories = page.getByRole("navigation", { name: "Catégories d'articles" });
  await expect(categories.getByRole("link", { name: "Tous les articles" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  await categories.getByRole("link", { name: "Alternance", exact: true }).click();
  await expect(page).toHaveURL(/\/ressources\?categorie=Alternance#articles$/);
  await expect(categories.getByRole("link", { name: "Alternance", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(articles.getByRole("article")).toHaveCount(1);
  await expect(page.getByTestId("articles-count")).toHaveText("1 article");
  const card = articles.getByRole("article").getByRole("link");
  const href = await card.getAttribute("href");
  expect(href).toMatch(/^\/ressources\/article\/[a-z0-9-]+$/);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await context.close();
});
