import { signInAsAdmin } from "./support/admin";
import { waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { attachedPdfText } from "./support/pdf";
import { addSession, addSlots } from "./support/session";
import { expect, test } from "./support/test";

const TITLE = "TP Assistant Ressources Humaines";

test("a learner on Mon Compte Formation (CPF): their file's number instead of a payer, no convention; after the last slot, a certificat de réalisation with the hours the émargement counts", async ({
  warmPage: page,
}) => {
  // A session, a slot, a learner, a mark, a PDF generated and mailed: slow on a shared runner.
  test.slow();
  const email = uniqueEmail("cpf");
  // A session that ended: Monday 2 and Tuesday 3 March 2026, one morning slot of 3 h.
  await signInAsAdmin(page, `/admin/formations?q=${encodeURIComponent("Ressources Humaines")}`);
  await page.getByRole("link", { name: `Sessions de ${TITLE}` }).click();
  await addSession(page, { start: "2026-03-02", end: "2026-03-03", seats: 4, place: "Salle Certificat" });
  await page.getByRole("link", { name: /^Planning de la session du 2 au 3 mars 2026/ }).click();
  await page.locator("body[data-hydrated]").waitFor();
  await addSlots(page, [{ day: "2026-03-02", start: "09:00", end: "12:00" }]);
  const timetableUrl = page.url();

  // The learner, bought on Mon Compte Formation: the file's number is asked, no payer.
  await gotoReady(page, "/admin/stagiaires");
  await page.getByRole("button", { name: "Ajouter un·e stagiaire" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter un·e stagiaire" });
  await dialog.getByLabel("Session").selectOption({ label: `${TITLE} – du 2 au 3 mars 2026` });
  await dialog.getByRole("textbox", { name: "Prénom", exact: true }).fill("Camille");
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Lefebvre");
  await dialog.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await dialog.getByLabel("Qui finance la formation").selectOption({ label: "CPF (Mon Compte Formation)" });
  await expect(dialog.getByText(/^Ni convention ni contrat/)).toBeVisible();
  await expect(dialog.getByLabel("Entreprise ou financeur")).toHaveCount(0);
  await dialog.getByLabel("Numéro de dossier Mon Compte Formation").fill("123 456 789 01");
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Stagiaire ajouté·e").first()).toBeVisible();

  // Present at the slot, as staff copy the paper sheet.
  await gotoReady(page, timetableUrl);
  await page.getByRole("link", { name: /^Émargement de la session/ }).click();
  await page.getByRole("link", { name: /2 mars 2026/ }).click();
  await page.locator("body[data-hydrated]").waitFor();
  const mark = page.getByTestId("slot-learner").filter({ hasText: "Camille Lefebvre" });
  await mark.getByRole("button", { name: "Absence, retard…" }).click();
  await mark.getByLabel("Présence").selectOption("present");
  await mark.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(mark).toContainText("Présent·e · Saisi par l'équipe");

  // No convention for this learner: the file says why, and there is nothing to send.
  await gotoReady(page, `/admin/stagiaires?q=${encodeURIComponent(email)}`);
  const row = page.getByTestId("learner").filter({ hasText: email });
  await expect(row.getByText("Ni convention ni contrat")).toBeVisible();
  await expect(row.getByText(/dossier n° 12345678901/).first()).toBeVisible();
  await expect(row.getByRole("button", { name: /^Envoyer (la convention|le contrat)/ })).toHaveCount(0);

  // The session ended: the certificat de réalisation leaves after a confirmation naming the learner.
  await row.getByRole("button", { name: "Envoyer le certificat de réalisation à Camille Lefebvre" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Envoyer le certificat de réalisation à Camille Lefebvre (${email})`);
  await confirm.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(page.getByText("Certificat de réalisation envoyé", { exact: true })).toBeVisible();
  await expect(row.getByRole("link", { name: /^Certificat de réalisation envoyé le / })).toBeVisible();

  const mail = await waitForMail(email, "Certificat de réalisation");
  expect(mail.body).toContain("Bonjour Camille,");
  expect(mail.attachments.map((a) => a.filename)).toEqual(["certificat-de-realisation-lefebvre-camille.pdf"]);
  const text = await attachedPdfText(mail);
  expect(text).toContain("Certificat de réalisation");
  expect(text).toContain("Camille Lefebvre");
  expect(text).toContain("Dossier Mon Compte Formation n° 12345678901");
  expect(text).toContain("■ Action de formation");
  expect(text).toContain("du 2 au 3 mars 2026");
  expect(text).toMatch(/Durée réalisée\s?: 3 h\./);
});
