import { signInAsAdmin } from "./support/admin";
import { gotoReady } from "./support/page";
import { expect, type Page, test } from "./support/test";

const suffix = () => Math.random().toString(36).slice(2, 7);

async function search(page: Page, text: string) {
  await page.getByRole("searchbox").fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, "(\\+|%20)")}`));
}

test("formations: create with modules, search, filter by type, edit, delete with confirmation", async ({
  warmPage: page,
}) => {
  // About forty server round trips (two dialogs of some thirty fields, search, filters, edit, delete):
  // 31 s once on a 2-core machine under load, past the default 30 s; like the other long scenarios.
  test.slow();
  const title = `Formation Test ${suffix()}`;
  await signInAsAdmin(page, "/admin/formations");
  await page.getByRole("link", { name: "Ajouter une formation" }).click();
  const dialog = page.getByRole("form", { name: "Nouvelle formation" });
  for (const section of [
    "Ce que lisent les visiteurs",
    "Informations publiées (Qualiopi, indicateur 1)",
    "Certification (Qualiopi, indicateur 3)",
    "Lhéo (catalogues publics de formations)",
    "Prix et financement",
    "Sessions",
    "Sur le site",
  ]) {
    await expect(dialog.getByRole("group", { name: section })).toBeVisible();
  }
  const create = dialog.getByRole("button", { name: "Créer le brouillon" });
  await expect(create).toBeDisabled();
  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  // The slug is derived from the title: lower-cased, whitespace runs become hyphens.
  await expect(dialog.getByLabel("Adresse de la page")).toHaveValue(title.toLowerCase().replaceAll(" ", "-"));
  await expect(create).toBeEnabled();
  await dialog.getByLabel(/^Type( \*)?$/).selectOption("courte");
  await dialog.getByRole("textbox", { name: "Durée", exact: true }).fill("2 mois");
  await dialog.getByLabel("Niveau requis").selectOption("sans-niveau");
  await dialog.getByLabel(/^Tarif/).selectOption("gratuit");
  await dialog.getByLabel("Description courte").fill("Une formation de test.");
  await dialog.getByLabel("Compétences", { exact: true }).fill("HTML, , CSS");
  await dialog.getByRole("button", { name: "Ajouter un module" }).click();
  await dialog.getByRole("button", { name: "Ajouter un module" }).click();
  await dialog.getByLabel("Titre du module 1").fill("Premier");
  await dialog.getByLabel("Titre du module 2").fill("Second");
  await expect(dialog.getByRole("button", { name: "Monter le module 1" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Descendre le module 2" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Descendre le module 1" }).click();
  await expect(dialog.getByLabel("Titre du module 1")).toHaveValue("Second");
  // A new formation is a draft that claims no funding: nobody has checked either yet.
  await expect(dialog.getByRole("switch", { name: "En ligne sur le site" })).toHaveCount(0);
  await expect(dialog.getByLabel("Financements possibles")).toHaveValue("");
  await create.click();
  await expect(page.getByText("Formation créée avec succès")).toBeVisible();
  await expect(dialog).toBeHidden();

  await search(page, title);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Formation courte");
  await expect(row).toContainText("Non défini");
  await expect(row).toContainText("Brouillon");
  // No funder named.
  await expect(row).toContainText("Aucun");
  // Not on the site until someone publishes it.
  const slug = title.toLowerCase().replaceAll(" ", "-");
  expect((await page.request.get(`/formation/${slug}`)).status()).toBe(404);
  expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain(slug);
  await expect(page.getByRole("heading", { name: "Formations (1)" })).toBeVisible();
  await page.getByLabel("Type de formation").selectOption("alternance");
  await expect(page.getByText("Aucune formation trouvée")).toBeVisible();
  await page.getByLabel("Type de formation").selectOption("courte");
  await expect(row).toHaveCount(1);

  // Edit: the form is filled from the record, modules in their new order.
  await row.getByRole("link", { name: `Modifier ${title}` }).click();
  const edit = page.getByRole("form", { name: /^Modifier la formation/ });
  await expect(edit.getByLabel("Titre du module 1")).toHaveValue("Second");
  await expect(edit.getByLabel("Compétences", { exact: true })).toHaveValue("HTML, CSS");
  await edit.getByRole("textbox", { name: "Format", exact: true }).fill("En ligne");
  await edit.getByRole("button", { name: "Supprimer le module 2" }).click();
  await edit.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByText("Formation mise à jour avec succès")).toBeVisible();
  await expect(row).toContainText("En ligne");
  await expect(row).toContainText("Brouillon");

  // Publishing is its own act, on the Publication screen.
  await row.getByRole("link", { name: `Publication de ${title}` }).click();
  await page.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByText(/^Publié\s: les visiteurs voient cette version$/)).toBeVisible();
  expect((await page.request.get(`/formation/${slug}`)).status()).toBe(200);
  await gotoReady(page, `/admin/formations?q=${encodeURIComponent(title)}`);

  // A duplicate slug gets a clear French message and keeps the dialog open.
  await page.getByRole("link", { name: "Ajouter une formation" }).click();
  const dup = page.getByRole("form", { name: "Nouvelle formation" });
  await dup.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await dup.getByRole("textbox", { name: "Durée", exact: true }).fill("1 mois");
  await dup.getByLabel("Niveau requis").selectOption("sans-niveau");
  await dup.getByLabel(/^Tarif/).selectOption("gratuit");
  await dup.getByLabel("Description courte").fill("Doublon");
  await dup.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(
    dup.getByText("Ce slug est déjà utilisé par une autre formation. Choisissez-en un autre.", {
      exact: true,
    }),
  ).toBeVisible();
  await dup.getByRole("link", { name: "Annuler" }).click();
  await expect(dup).toBeHidden();

  await row.getByRole("button", { name: `Supprimer ${title}` }).click();
  const confirm = page.getByRole("alertdialog", {
    name: "Êtes-vous sûr de vouloir supprimer cette formation ?",
  });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Supprimer ${title}` }).click();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Formation supprimée avec succès")).toBeVisible();
  await expect(page.getByText("Aucune formation trouvée")).toBeVisible();
});

test("articles: create with live Markdown preview, publish, search, edit, delete", async ({
  warmPage: page,
}) => {
  const title = `Article Test ${suffix()}`;
  await signInAsAdmin(page, "/admin/articles");
  await page.getByRole("button", { name: "Nouvel article" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvel article" });
  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await dialog.getByLabel("Extrait").fill("Un extrait unique");
  await dialog
    .getByRole("textbox", { name: "Contenu (Markdown)" })
    .fill("## Sous-titre\n\nDu **gras** et <script>alert(1)</script>");
  const preview = dialog.getByTestId("markdown-preview");
  await expect(preview.getByRole("heading", { name: "Sous-titre" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("gras");
  await expect(preview.locator("script")).toHaveCount(0);
  await expect(preview).toContainText("<script>");
  await dialog.getByRole("switch", { name: "Publier l'article" }).click();
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Article créé avec succès")).toBeVisible();

  await search(page, "Un extrait unique");
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Publié");
  await row.getByRole("button", { name: `Modifier ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Modifier l'article" });
  await edit.getByRole("switch", { name: "Publier l'article" }).click();
  await edit.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByText("Article mis à jour avec succès")).toBeVisible();
  await expect(row).toContainText("Brouillon");
  await row.getByRole("button", { name: `Supprimer ${title}` }).click();
  await page
    .getByRole("alertdialog", { name: "Êtes-vous sûr de vouloir supprimer cet article ?" })
    .getByRole("button", { name: "Supprimer" })
    .click();
  await expect(page.getByText("Article supprimé avec succès")).toBeVisible();
  await expect(page.getByText("Aucun article trouvé")).toBeVisible();
});

test("testimonials: defaults, create for a formation, search, edit, delete", async ({ warmPage: page }) => {
  const name = `Témoin ${suffix()}`;
  await signInAsAdmin(page, "/admin/temoignages");
  await page.getByRole("button", { name: "Nouveau témoignage" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau témoignage" });
  await expect(dialog.getByLabel("Note")).toHaveValue("5");
  await expect(dialog.getByLabel("Note").locator("option").first()).toHaveText("1 étoile");
  await expect(dialog.getByLabel("Note").locator("option").last()).toHaveText("5 étoiles");
  await expect(dialog.getByLabel("Formation")).toHaveValue("general");
  await expect(dialog.getByRole("switch", { name: "Témoignage actif" })).toBeChecked();
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill(name);
  await dialog.getByRole("textbox", { name: "Témoignage", exact: true }).fill("Une expérience formidable.");
  await dialog.getByLabel("Note").selectOption("4");
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Témoignage créé avec succès")).toBeVisible();
  await search(page, name);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Général");
  await expect(row).toContainText("4/5");
  await expect(row).toContainText("Actif");

  await row.getByRole("button", { name: `Modifier le témoignage de ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Modifier le témoignage" });
  await edit.getByLabel("Formation").selectOption({ label: "Formation WordPress" });
  await edit.getByLabel("Entreprise").fill("Acme");
  await edit.getByRole("switch", { name: "Témoignage actif" }).click();
  await edit.getByRole("button", { name: "Modifier" }).click();
  await expect(page.getByText("Témoignage mis à jour avec succès")).toBeVisible();
  await expect(row).toContainText("Formation WordPress");
  await expect(row).toContainText("Inactif");
  await search(page, "Acme");
  await expect(row).toHaveCount(1);

  await row.getByRole("button", { name: `Supprimer le témoignage de ${name}` }).click();
  await page
    .getByRole("alertdialog", { name: "Êtes-vous sûr de vouloir supprimer ce témoignage ?" })
    .getByRole("button", { name: "Supprimer" })
    .click();
  await expect(page.getByText("Témoignage supprimé avec succès")).toBeVisible();
  await expect(page.getByText("Aucun témoignage trouvé")).toBeVisible();
});

test("contacts: a visitor's request, status change, details with mail state, export, erasure; dashboard", async ({
  warmPage: page,
  serverUrl,
}) => {
  const last = `Visiteur${suffix()}`;
  // A real request through the public callback endpoint.
  const response = await page.request.post("/api/rappel", {
    form: {
      firstName: "Inès",
      lastName: last,
      phone: "06 12 34 56 78",
      formation: "",
      source: "callback_home_hero",
    },
    headers: { origin: serverUrl },
  });
  expect(response.status()).toBeLessThan(400);

  await signInAsAdmin(page, "/admin");
  // The overview comes from the formations' recorded results (the seed's, weighted by sample).
  const overview = page.getByTestId("overview");
  await expect(overview).toContainText("Taux de satisfaction2025, 214 répondants96\u202f%");
  await expect(overview).toContainText("Taux d'insertion à 3 mois2025, 162 sortants85\u202f%");
  await expect(page.getByTestId("recent-requests")).toContainText(last);
  await expect(page.getByRole("link", { name: "Rapport" })).toHaveAttribute("href", "/admin/statistiques");
  await page.getByRole("link", { name: "Aujourd'hui" }).click();
  await expect(page).toHaveURL(`/admin/contacts?jour=aujourdhui`);
  await expect(page.getByText("Reçues aujourd'hui")).toBeVisible();

  await gotoReady(page, "/admin/contacts");
  await search(page, last);
  const row = page.getByRole("row").filter({ hasText: last });
  await expect(row).toContainText("Rappel demandé");
  await expect(row).toContainText("Nouvelle");
  await row.getByLabel(`Statut de la demande d'Inès ${last}`).selectOption("contacted");
  await expect(page.getByText("Statut mis à jour avec succès")).toBeVisible();
  await expect(row).toContainText("Contactée");
  await page.getByLabel("Statut", { exact: true }).selectOption("new");
  await expect(page.getByText("Aucune demande trouvée")).toBeVisible();
  await page.getByLabel("Statut", { exact: true }).selectOption("contacted");
  await expect(row).toHaveCount(1);

  await row.getByRole("button", { name: `Voir la demande d'Inès ${last}` }).click();
  const details = page.getByRole("dialog", { name: "Détails de la demande" });
  await expect(details).toContainText("06 12 34 56 78");
  await expect(details).toContainText("Non spécifiée");
  await expect(details).toContainText("Notification à l'équipe");
  await expect(details.getByTestId("mail-states")).toContainText(/Envoyé|En attente d'envoi/);
  await page.keyboard.press("Escape");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Exporter en CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^demandes-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain(`Inès;${last}`);
  expect(text.trim().split("\r\n")).toHaveLength(2);

  await row.getByRole("button", { name: `Effacer la demande d'Inès ${last}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Effacer" }).click();
  await expect(page.getByText("Demande effacée avec succès")).toBeVisible();
  await expect(page.getByText("Aucune demande trouvée")).toBeVisible();
});

test("users: the admin sees accounts with their role and cannot remove the last admin", async ({
  warmPage: page,
}) => {
  await signInAsAdmin(page, "/admin/utilisateurs");
  const row = page.getByRole("row").filter({ hasText: "admin@centre.test" });
  await expect(row).toContainText("(vous)");
  await row.getByLabel("Rôle de admin@centre.test").selectOption("moderator");
  await expect(
    page.getByText(
      "Impossible de retirer le dernier administrateur : nommez d'abord un autre administrateur.",
    ),
  ).toBeVisible();
  await expect(row.getByLabel("Rôle de admin@centre.test")).toHaveValue("admin");
});
