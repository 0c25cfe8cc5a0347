import { signInAsAdmin } from "./support/admin";
import { BILLING_CENTRE_SQL } from "./support/billing-centre";
import { expect, test } from "./support/test";

/**
 * A draft invoice edited and not saved: 'Émettre' issues what is stored, so it says the edits are not
 * saved yet and its dialog's button saves them; once saved, 'Émettre' issues the invoice as edited.
 * A centre that may issue invoices and one learner whose plan gives the employer's share, on a server
 * of its own (PostgreSQL): the numbers it draws are its own.
 */
const EMPLOYER = "Boulangerie Martin";
test.use({
  ownServer: {
    postgres: {
      setUp: `${BILLING_CENTRE_SQL}
        insert into payers (kind, name, siren, street, postal_code, city, invoicing_email) values
          ('company', '${EMPLOYER}', '552100554', '8 rue Mercière', '69002', 'Lyon', 'compta@boulangerie-martin.test');
        insert into funding_plans (learner_id, price_cents) select id, 180000 from learners;
        insert into funding_shares (learner_id, payer_id, amount_cents)
          select l.id, p.id, 180000 from learners l, payers p;`,
    },
  },
});

test("'Émettre' on a draft with unsaved edits asks to save them first, saves them, then issues the invoice as edited", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, "/admin/stagiaires");
  await page.getByRole("link", { name: "Financement de Léa Martin" }).click();
  await page.locator("body[data-hydrated]").waitFor();
  await page
    .getByTestId("share-drafts")
    .filter({ hasText: EMPLOYER })
    .getByRole("button", { name: "Facture de solde" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Brouillon de facture" })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();

  await page.getByLabel("Libellé").fill("Formation Assistant RH, 140 h");
  await page.getByRole("button", { name: "Émettre" }).click();
  const unsaved = page.getByRole("alertdialog", { name: "Modifications non enregistrées" });
  await expect(unsaved).toContainText("Enregistrez vos modifications avant d'émettre la facture.");
  await unsaved.getByRole("button", { name: "Enregistrer" }).click();
  await expect(unsaved).toBeHidden();
  await expect(page.getByText("Brouillon enregistré")).toBeVisible();

  // Saved: 'Émettre' asks its own question now, and issues the invoice with the edited line.
  await page.getByRole("button", { name: "Émettre" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Émettre la facture\u202f?" });
  await confirm.getByRole("button", { name: "Émettre" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Facture F-\d{4}-\d{5}$/ })).toBeVisible();
  await expect(page.getByText("Formation Assistant RH, 140 h")).toBeVisible();
});
