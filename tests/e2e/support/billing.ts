import { expect, type Page } from "@playwright/test";

/**
 * On a learner's Financement page, hydrated: 'Ajouter un financeur', then the share's payer (the
 * option's label, 'OPCO Atlas — OPCO, Paris'), its amount excluding VAT as typed in French ('1 600'),
 * and the subrogation box when asked. The `rank`-th share of the plan, from 1; saved with the plan.
 */
export async function addShare(
  page: Page,
  rank: number,
  payer: string,
  amount: string,
  subrogation: "subrogation" | null = null,
) {
  await page.getByRole("button", { name: "Ajouter un financeur" }).click();
  await page.getByLabel(`Financeur de la part ${rank}`).selectOption({ label: payer });
  await page.getByLabel(`Montant de la part ${rank} HT (€)`).fill(amount);
  if (subrogation) await page.getByLabel("Subrogation (l'OPCO paie le centre directement)").check();
}

/**
 * On the page of the issued invoice `number`, hydrated: 'Créer un avoir', partial, of `amount` excluding
 * VAT as typed in French, for `reason`; ends on the draft credit note's page, which names the invoice.
 */
export async function draftPartialCreditNote(page: Page, number: string, amount: string, reason: string) {
  await page.getByRole("button", { name: "Créer un avoir" }).click();
  const dialog = page.getByRole("dialog", { name: `Avoir sur la facture ${number}` });
  await dialog.getByLabel("Avoir partiel").check();
  await dialog.getByLabel("Montant de l'avoir HT (€)").fill(amount);
  await dialog.getByLabel("Motif (imprimé sur l'avoir)").fill(reason);
  await dialog.getByRole("button", { name: "Créer le brouillon d'avoir" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Brouillon d'avoir" })).toBeVisible();
  await expect(page.getByText(`Avoir sur la facture ${number}`)).toBeVisible();
}
