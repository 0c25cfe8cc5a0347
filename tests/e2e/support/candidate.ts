import { expect, type Page } from "@playwright/test";

/** A small but real PDF: what the server reads as a CV. */
export const CV_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** Fills the public application form already on screen as Yanis Benali, with `email`; no file. */
export async function fillApplication(page: Page, email: string) {
  await page.getByLabel("Prénom").fill("Yanis");
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Benali");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Téléphone").fill("06 22 33 44 55");
  await page.getByLabel("Situation actuelle").selectOption({ label: "Salarié·e" });
  await page.getByLabel("Financement envisagé").selectOption({ label: "CPF" });
  await page.getByLabel("Dernier diplôme obtenu").fill("BTS SIO");
  await page.getByLabel("Vos motivations").fill("Je veux devenir développeur web et changer de métier.");
  await page.getByLabel(/J'accepte que le centre traite/).check();
}

/** Applies through the form already on screen (fields and CV) and waits for 'Candidature envoyée'. */
export async function sendApplication(page: Page, email: string) {
  await fillApplication(page, email);
  await page
    .getByLabel("CV")
    .setInputFiles({ name: "Mon CV.pdf", mimeType: "application/pdf", buffer: CV_PDF });
  await page.getByRole("button", { name: "Envoyer ma candidature" }).click();
  await expect(page.getByRole("heading", { name: "Candidature envoyée" })).toBeVisible();
}
