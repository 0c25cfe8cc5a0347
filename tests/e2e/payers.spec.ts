import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

// Financeurs and Paramètres › Facturation as an administrator uses them: a payer's SIREN checked as it
// is typed in, the French message next to the field, the register searched by SIREN; the billing
// settings saved. Nothing a public page shows changes: the worker's shared server does.

/** A real SIREN (its Luhn key holds) as a Kbis prints it, and the same with its last digit wrong. */
const SIREN = "732 829 320";
const WRONG_SIREN = "732 829 321";

test("an administrator adds an OPCO: a wrong SIREN is refused in French, corrected, then found by its SIREN", async ({
  warmPage: page,
}) => {
  const name = `OPCO Atlas ${Date.now().toString(36)}`;
  await signInAsAdmin(page, "/admin/financeurs");
  await expect(page.getByRole("heading", { level: 1, name: /^Financeurs/ })).toBeVisible();
  await page.getByRole("button", { name: "Nouveau financeur" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau financeur" });
  await dialog.getByLabel("Type").selectOption("opco");
  await dialog.getByLabel("Nom / raison sociale").fill(name);
  await dialog.getByLabel("SIREN").fill(WRONG_SIREN);
  await dialog.getByLabel("Adresse").fill("25 quai Panhard et Levassor");
  await dialog.getByLabel("Code postal").fill("75013");
  await dialog.getByLabel("Ville").fill("Paris");
  await dialog.getByLabel("E-mail de facturation").fill("factures@opco.example");
  // A private payer has no Chorus Pro code to give.
  await expect(dialog.getByLabel("Code service Chorus Pro")).toHaveCount(0);
  expect(await axeViolations(page, { include: "[role=dialog]" })).toEqual([]);
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(
    dialog.getByText("Ce SIREN n'existe pas\u202f: vérifiez les chiffres (clé de contrôle).", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(dialog.getByLabel("SIREN")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("SIREN").fill(SIREN);
  // The VAT number of this SIREN is proposed, never imposed.
  await dialog.getByRole("button", { name: "Reprendre FR44732829320" }).click();
  await expect(dialog.getByLabel("N° de TVA intracommunautaire")).toHaveValue("FR44732829320");
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Financeur créé")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("OPCO");
  await expect(row).toContainText(SIREN);
  await page.getByRole("searchbox", { name: "Rechercher un financeur" }).fill(SIREN);
  await expect(page).toHaveURL(/q=732/);
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
  await page.getByRole("searchbox", { name: "Rechercher un financeur" }).fill("introuvable-xyz");
  await expect(page.getByText("Aucun financeur trouvé")).toBeVisible();
});

test("an administrator saves the billing settings in Paramètres", async ({ warmPage: page }) => {
  await signInAsAdmin(page, "/admin/parametres");
  const card = page.getByRole("form", { name: "Facturation" });
  await card.getByLabel("Format de numérotation").fill("FAC-{AAAA}-{NNNN}");
  // The example follows what is typed.
  await expect(card.getByText(/la 42ᵉ facture de \d{4} sera la FAC-\d{4}-0042\./)).toBeVisible();
  await card.getByLabel("Délai de paiement (jours)").fill("61");
  await card.getByLabel("IBAN").fill("FR76 3000 6000 0112 3456 7890 189");
  await card.getByRole("button", { name: "Enregistrer la facturation" }).click();
  await expect(
    card.getByText("Le délai de paiement va de 0 à 60 jours (plafond légal).", { exact: true }),
  ).toBeVisible();
  await card.getByLabel("Délai de paiement (jours)").fill("45");
  await card.getByRole("button", { name: "Enregistrer la facturation" }).click();
  await expect(page.getByText("Paramètres de facturation enregistrés")).toBeVisible();
  await gotoReady(page, "/admin/parametres");
  await expect(card.getByLabel("Délai de paiement (jours)")).toHaveValue("45");
  await expect(card.getByLabel("IBAN")).toHaveValue("FR76 3000 6000 0112 3456 7890 189");
  await expect(card.getByLabel("Format de numérotation")).toHaveValue("FAC-{AAAA}-{NNNN}");
});
