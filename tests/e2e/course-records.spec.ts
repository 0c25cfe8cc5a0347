import { readFile } from "node:fs/promises";
import { signInAsAdmin } from "./support/admin";
import { gotoReady } from "./support/page";
import { expect, type Page, test } from "./support/test";

// Course records as Qualiopi asks them published: the console says what each formation still lacks.

const suffix = () => Math.random().toString(36).slice(2, 7);

async function search(page: Page, text: string) {
  await page.getByRole("searchbox").fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, "(\\+|%20)")}`));
}

test("the console lists what each formation lacks, in the table and in its dialog", async ({
  warmPage: page,
}) => {
  // About twenty round trips through the formation editor: 31.1 s once with the machine's load at 33.
  test.slow();
  await signInAsAdmin(page, "/admin/formations");
  // The seeded formations publish everything.
  await search(page, "Assistant Ressources Humaines");
  await expect(page.getByRole("row").filter({ hasText: "TP Assistant Ressources Humaines" })).toContainText(
    "Informations Qualiopi complètes",
  );

  const title = `Formation certifiante ${suffix()}`;
  await page.getByRole("link", { name: "Ajouter une formation" }).click();
  const dialog = page.getByRole("form", { name: "Nouvelle formation" });
  for (const section of [
    "Informations publiées (Qualiopi, indicateur 1)",
    "Certification (Qualiopi, indicateur 3)",
  ]) {
    await expect(dialog.getByRole("group", { name: section })).toBeVisible();
  }
  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await dialog.getByRole("textbox", { name: "Durée", exact: true }).fill("35 heures");
  await dialog.getByLabel("Niveau requis").selectOption("sans-niveau");
  await dialog.getByLabel(/^Tarif/).selectOption("gratuit");
  await dialog.getByLabel("Description courte").fill("Une formation certifiante.");
  await dialog.getByRole("switch", { name: "Formation certifiante (RNCP ou RS)" }).click();
  await dialog.getByRole("button", { name: "Créer et publier" }).click();
  await expect(page.getByText("Formation créée avec succès")).toBeVisible();

  // Eight items of indicator 1 (the tariff was chosen: 'Gratuit') and seven of indicator 3 are missing (the
  // pass rate is no longer one: it is computed from the learners' certification outcomes).
  await search(page, title);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("15 informations manquantes");
  await expect(row).toContainText("Prérequis");
  await expect(row).toContainText("Code RNCP ou RS");

  await row.getByRole("link", { name: `Modifier ${title}` }).click();
  const edit = page.getByRole("form", { name: /^Modifier la formation/ });
  await expect(edit).toContainText("15 informations manquantes");
  await expect(edit).toContainText("Blocs de compétences");
  await edit.getByLabel("Code RNCP ou RS").fill("12345");
  await edit.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(
    edit.getByText("Code invalide : RNCP ou RS suivi de son numéro, par exemple RNCP 35030", { exact: true }),
  ).toBeVisible();
  // An RS certification has no skill blocks to publish.
  await edit.getByLabel("Code RNCP ou RS").fill("rs 5826");
  await edit.getByLabel("Certificateur").fill("France Compétences (exemple)");
  await edit.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByText("Formation mise à jour avec succès")).toBeVisible();
  await expect(row).toContainText("12 informations manquantes");
  await expect(row).toContainText("RS 5826");
});

test("the course page is dated and its 'Télécharger le programme (PDF)' downloads the programme", async ({
  warmPage: page,
}) => {
  await gotoReady(page, "/formation/tp-assistant-commercial");
  await expect(page.getByText(/^Mis à jour le (1er|\d{1,2}) [a-zéû]+ \d{4}$/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Fiche RNCP 35031 sur France Compétences" })).toHaveAttribute(
    "href",
    "https://www.francecompetences.fr/recherche/rncp/35031/",
  );
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger le programme (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("programme-tp-assistant-commercial.pdf");
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
});
