import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { addShare, draftPartialCreditNote } from "./support/billing";
import { BILLING_CENTRE_SQL } from "./support/billing-centre";
import { linkIn, waitForMail } from "./support/mail";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

/**
 * A centre that may issue invoices (its name, SIRET, address and activity number in Paramètres), one
 * learner of a session of 'Assistant RH' (1 800 € at the catalogue), and two payers in the register:
 * the OPCO and the employer. A server of its own on PostgreSQL: the numbers it draws are its own.
 */
const OPCO = { name: "OPCO Atlas", email: "factures@opco-atlas.test" };
const EMPLOYER = { name: "Boulangerie Martin", email: "compta@boulangerie-martin.test" };
test.use({
  ownServer: {
    postgres: {
      setUp: `${BILLING_CENTRE_SQL}
        insert into payers (kind, name, siren, street, postal_code, city, invoicing_email) values
          ('opco', '${OPCO.name}', '851234567', '25 quai Panhard et Levassor', '75013', 'Paris', '${OPCO.email}'),
          ('company', '${EMPLOYER.name}', '552100554', '8 rue Mercière', '69002', 'Lyon', '${EMPLOYER.email}');`,
    },
  },
});

test("a learner's Financement: the plan shared between the OPCO (subrogation) and the employer, the OPCO's final invoice issued with its number, a partial credit note", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, "/admin/stagiaires");
  await page.getByRole("link", { name: "Financement de Léa Martin" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Financement de Léa Martin" })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  // The formation's price until a plan is saved.
  await expect(page.getByLabel("Prix de la formation HT (€)")).toHaveValue("1800,00");

  await page.getByLabel("Prix de la formation HT (€)").fill("2 000");
  await addShare(page, 1, `${OPCO.name} — OPCO, Paris`, "1 600", "subrogation");
  await expect(page.getByTestId("funding-gap")).toHaveText(
    "Le plan couvre 1\u202f600,00\u00a0€ sur 2\u202f000,00\u00a0€\u00a0: il manque 400,00\u00a0€.",
  );
  await addShare(page, 2, `${EMPLOYER.name} — Entreprise, Lyon`, "400");
  await expect(page.getByTestId("funding-gap")).toHaveText("");
  await page.getByRole("button", { name: "Enregistrer le plan" }).click();
  await expect(page.getByText("Plan de financement enregistré")).toBeVisible();
  expect(await axeViolations(page), "Financement").toEqual([]);

  // The OPCO's share gives its final invoice: a draft, opened at once.
  const opcoShare = page.getByTestId("share-drafts").filter({ hasText: OPCO.name });
  await expect(opcoShare).toContainText("1\u202f600,00\u00a0€ · subrogation");
  await opcoShare.getByRole("button", { name: "Facture de solde" }).click();
  await expect(page).toHaveURL(/\/admin\/factures\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Brouillon de facture" })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  await expect(page.getByTestId("lines-total")).toHaveText("Total HT\u00a0: 1\u202f600,00\u00a0€");
  expect(await axeViolations(page), "brouillon de facture").toEqual([]);
  await expect(page.getByRole("link", { name: "Aperçu (PDF)" })).toHaveAttribute(
    "href",
    `${new URL(page.url()).pathname}/pdf`,
  );

  await page.getByRole("button", { name: "Émettre" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Émettre la facture\u202f?" });
  await expect(confirm).toContainText(
    "Elle recevra son numéro définitif et ne pourra plus être modifiée ni supprimée.",
  );
  await confirm.getByRole("button", { name: "Émettre" }).click();
  const heading = page.getByRole("heading", { level: 1, name: /^Facture F-\d{4}-\d{5}$/ });
  await expect(heading).toBeVisible();
  const number = ((await heading.textContent()) ?? "").replace("Facture ", "");
  await expect(page.getByTestId("invoice-state")).toHaveText("Émise");
  await expect(page.getByRole("button", { name: "Supprimer" })).toHaveCount(0);
  await expect(page.getByTestId("invoice-totals")).toContainText("1\u202f600,00\u00a0€");
  expect(await axeViolations(page), "facture émise").toEqual([]);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger (PDF)" }).click();
  expect((await download).suggestedFilename()).toBe(`${number}.pdf`);

  await draftPartialCreditNote(page, number, "500", "Deux jours de formation annulés");
  await expect(page.getByTestId("lines-total")).toHaveText("Total HT\u00a0: 500,00\u00a0€");

  // The invoice lists its credit note, a draft until it is issued in its turn.
  await page.getByRole("link", { name: number, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Facture ${number}` })).toBeVisible();
  await expect(page.getByTestId("invoice-row")).toHaveCount(1);
  await expect(page.getByTestId("invoice-row")).toContainText("Brouillon");

  // Facturation › Factures lists the draft credit note first, then the invoice, issued, all of it due.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Factures" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Factures (2)" })).toBeVisible();
  const rows = page.getByTestId("invoice");
  await expect(rows.nth(0)).toContainText("Brouillon");
  await expect(rows.nth(1)).toContainText(number);
  await expect(rows.nth(1)).toContainText("Émise");
  expect(await axeViolations(page), "factures").toEqual([]);
});

test("a quote for the learner, sent to the employer, accepted through the link of its e-mail", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, "/admin/stagiaires");
  await page.getByRole("link", { name: "Financement de Léa Martin" }).click();
  await page.locator("body[data-hydrated]").waitFor();
  await page.getByRole("link", { name: "Nouveau devis" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nouveau devis" })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  await expect(page.getByLabel("Objet")).toHaveValue(
    /^Assistant RH, session du 11 janvier 2027 au 26 mars 2027$/,
  );
  await page
    .getByRole("combobox", { name: "Financeur", exact: true })
    .selectOption({ label: `${EMPLOYER.name} — Entreprise, Lyon` });
  await page.getByLabel("Libellé").fill("Formation Assistant RH");
  await page.getByLabel("Prix unitaire HT (€)").fill("2 000");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Brouillon de devis" })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();

  await page.getByRole("button", { name: "Envoyer", exact: true }).click();
  const confirm = page.getByRole("alertdialog", {
    name: `Envoyer le devis à ${EMPLOYER.name} (${EMPLOYER.email})\u202f?`,
  });
  await confirm.getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByTestId("quote-state")).toHaveText("Envoyé");
  const heading = page.getByRole("heading", { level: 1, name: /^Devis D-\d{4}-\d{4}$/ });
  await expect(heading).toBeVisible();
  const number = ((await heading.textContent()) ?? "").replace("Devis ", "");
  const quotePath = new URL(page.url()).pathname;

  const mail = await waitForMail(EMPLOYER.email, `Devis ${number}`);
  const link = linkIn(mail, `${new URL(page.url()).origin}/devis/`);
  await gotoReady(page, link);
  await expect(page.getByRole("heading", { level: 1, name: /Assistant RH/ })).toBeVisible();
  await page.getByRole("button", { name: "Accepter le devis" }).click();
  await expect(page.getByRole("status")).toContainText("Devis accepté");

  await gotoReady(page, quotePath);
  await expect(page.getByTestId("quote-state")).toHaveText("Accepté");
  expect(await axeViolations(page), "devis accepté").toEqual([]);
  await expect(page.getByText("par le financeur, en ligne")).toBeVisible();
});
