import { signInAsAdmin } from "./support/admin";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

// The console's long dialogs list the fields in error at their top, as Paramètres does: a field
// refused at the bottom of the formation editor is found without scrolling through it.

test("the formation editor lists its refused fields at the top, links to them, and keeps what was typed", async ({
  warmPage: page,
}) => {
  await signInAsAdmin(page, "/admin/formations");
  await page.getByRole("link", { name: "Ajouter une formation" }).click();
  const dialog = page.getByRole("form", { name: "Nouvelle formation" });
  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill("Formation au résumé d'erreurs");
  await dialog.getByLabel("Description courte").fill("Une description valable.");
  await dialog.getByLabel("Code RNCP ou RS").fill("abc");
  await dialog.getByLabel("Ordre d'affichage").fill("-3");
  await dialog.getByRole("button", { name: "Créer le brouillon" }).click();

  const summary = dialog.getByRole("region", { name: "Vérifiez les champs signalés" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toContainText([
    /^Durée\s: /,
    /^Code RNCP ou RS\s: Code invalide/,
    /^Ordre d'affichage\s: /,
  ]);
  await summary.getByRole("link", { name: /^Ordre d'affichage/ }).click();
  await expect(dialog.getByLabel("Ordre d'affichage")).toBeFocused();
  await expect(dialog.getByRole("textbox", { name: "Titre", exact: true })).toHaveValue(
    "Formation au résumé d'erreurs",
  );
  await expect(dialog.getByLabel("Description courte")).toHaveValue("Une description valable.");
});

test("the formation editor asks what the learner pays and refuses a negative price next to the field", async ({
  warmPage: page,
}) => {
  await signInAsAdmin(page, "/admin/formations");
  await page.getByRole("link", { name: "Ajouter une formation" }).click();
  const dialog = page.getByRole("form", { name: "Nouvelle formation" });
  await expect(dialog.getByLabel(/^Tarif/).locator("option")).toHaveText([
    "Choisissez…",
    "Payant (prix ci-dessous)",
    "Gratuit",
    "Sans frais pour l'apprenant (prise en charge par un financeur)",
  ]);
  // The image field is gone (uploads come later); the presentation says where it shows.
  await expect(dialog.getByLabel("Image (URL)")).toHaveCount(0);
  await expect(dialog.getByLabel("Présentation", { exact: true })).toBeVisible();
  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill("Formation au prix négatif");
  await dialog.getByRole("textbox", { name: "Durée", exact: true }).fill("3 jours");
  await dialog.getByLabel("Description courte").fill("Une description valable.");
  await dialog.getByLabel("Niveau requis").selectOption("sans-niveau");
  await dialog.getByLabel(/^Tarif/).selectOption("payant");
  await dialog.getByLabel("Prix (€)").fill("-50");
  await dialog.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(dialog.getByLabel("Prix (€)")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Le prix ne peut pas être négatif", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Prix (€)")).toHaveValue("-50");
});

test("the module editor says the site numbers the modules, and a typed 'Module 1 :' reads once on the page", async ({
  warmPage: page,
}) => {
  const title = `Modules numérotés ${Math.random().toString(36).slice(2, 7)}`;
  await signInAsAdmin(page, "/admin/formations");
  await page.getByRole("link", { name: "Ajouter une formation" }).click();
  const dialog = page.getByRole("form", { name: "Nouvelle formation" });
  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await dialog.getByRole("textbox", { name: "Durée", exact: true }).fill("2 jours");
  await dialog.getByLabel("Description courte").fill("Deux modules.");
  await dialog.getByLabel("Niveau requis").selectOption("sans-niveau");
  await dialog.getByLabel(/^Tarif/).selectOption("gratuit");
  await dialog.getByRole("button", { name: "Ajouter un module" }).click();
  await expect(
    dialog.getByText("Le site affiche «\u00a0Module 1\u00a0:\u00a0» devant le titre."),
  ).toBeVisible();
  await dialog.getByLabel("Titre du module 1").fill("Module 1 : Accueil");
  await dialog.getByRole("button", { name: "Créer et publier" }).click();
  await expect(page.getByText("Formation créée avec succès")).toBeVisible();

  await gotoReady(page, `/formation/${title.toLowerCase().replaceAll(" ", "-").replaceAll("é", "e")}`);
  const programme = page.getByRole("region", { name: "Programme détaillé" });
  await expect(programme.getByRole("heading", { level: 3 })).toHaveText(/^Module 1\s:\sAccueil$/);
});
