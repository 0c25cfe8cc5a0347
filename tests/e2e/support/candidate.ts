import { expect, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin";
import { gotoReady, uniqueEmail } from "./page";

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

/**
 * Applies as Yanis Benali with `email` to the first session of `course` (its public path), then
 * admits the application as the administrator (no e-mail to the candidate): a learner of that
 * session. Answers the session's id, signed in.
 */
export async function applyAndAdmit(page: Page, course: string, email: string): Promise<string> {
  await gotoReady(page, course);
  const sessionId = (await page.getByTestId("session").first().getAttribute("data-session-id")) ?? "";
  await gotoReady(page, `${course}/candidature?session=${sessionId}`);
  await sendApplication(page, email);
  await signInAsAdmin(page, `/admin/candidatures?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: "Voir la candidature de Yanis Benali" }).click();
  await page.getByLabel("Nouveau statut").selectOption({ label: "Admis·e" });
  await page.getByLabel("Envoyer un e-mail au candidat").uncheck();
  await page.getByRole("button", { name: "Confirmer le changement de statut" }).click();
  await expect(page.getByTestId("application-status")).toHaveText("Admis·e");
  return sessionId;
}

/**
 * A new learner of `course` (an application sent and admitted, see applyAndAdmit), then the
 * Stagiaires list searched for them: their e-mail and their row.
 */
export async function admittedLearnerRow(page: Page, course: string, tag: string) {
  const email = uniqueEmail(tag);
  await applyAndAdmit(page, course, email);
  await gotoReady(page, `/admin/stagiaires?q=${encodeURIComponent(email)}`);
  return { email, row: page.getByTestId("learner").filter({ hasText: email }) };
}
