import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, test } from "./support/test";

test("'Faire une réclamation' from the footer → acknowledgement with its reference → the register shows it → a reply from the console reaches the author", async ({
  warmPage: page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("reclamation");
  await gotoReady(page, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Faire une réclamation" }).click();
  await expect(page).toHaveURL(/\/reclamation$/);
  await expect(page.getByRole("heading", { name: "Faire une réclamation", level: 1 })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  expect(await axeViolations(page), "/reclamation").toEqual([]);

  // The server's French messages next to the fields.
  await page.getByRole("button", { name: "Envoyer la réclamation" }).click();
  await expect(page.getByText("Indiquez à quel titre vous écrivez")).toBeVisible();
  await expect(page.getByText("Décrivez votre réclamation (au moins 20 caractères)")).toBeVisible();

  await page.getByLabel("Prénom").fill("Nadia");
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Lefèvre");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Vous êtes").selectOption("entreprise");
  await page.getByLabel("Entreprise ou organisme (facultatif)").fill("Logistique du Rhône");
  await page.getByLabel("Catégorie").selectOption("organisation");
  await page.getByLabel("Session concernée").selectOption({ index: 1 });
  await page
    .getByLabel("Votre réclamation")
    .fill("Notre salariée n'a reçu sa convocation que la veille de la session.");
  await page.getByRole("button", { name: "Envoyer la réclamation" }).click();

  const confirmation = page.getByTestId("complaint-confirmation");
  await expect(confirmation.getByRole("heading", { name: "Réclamation enregistrée" })).toBeFocused();
  const text = (await confirmation.textContent()) ?? "";
  const reference = /REC-\d{4}-\d{4}/.exec(text)?.[0];
  expect(reference, text).toBeTruthy();

  const ack = await waitForMail(email, `Votre réclamation ${reference} est bien reçue`);
  expect(ack.body).toContain(reference);

  await signInAsAdmin(page, "/admin/reclamations");
  await expect(page.getByRole("link", { name: reference, exact: true })).toBeVisible();
  expect(await axeViolations(page), "/admin/reclamations").toEqual([]);

  await page.getByRole("link", { name: reference, exact: true }).click();
  await expect(page.getByRole("heading", { name: `Réclamation ${reference}` })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  await page.getByLabel("Statut", { exact: true }).selectOption("in_progress");
  await page.getByRole("button", { name: "Enregistrer le statut" }).click();
  await expect(page.getByTestId("complaint-status")).toHaveText("En cours");
  await page
    .getByLabel("Réponse à l'auteur")
    .fill(
      "Bonjour Madame Lefèvre,\n\nLes convocations partiront désormais quinze jours avant chaque session.",
    );
  await page.getByRole("button", { name: "Envoyer la réponse" }).click();
  await expect(page.getByTestId("complaint-history")).toContainText("Réponse envoyée à l'auteur");

  const reply = await waitForMail(email, `Réponse à votre réclamation ${reference}`);
  expect(reply.body).toContain("quinze jours avant chaque session");

  // The author asks to be forgotten: the administrator erases their data, the register entry stays.
  await page.getByRole("button", { name: "Effacer les données personnelles" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Effacer" }).click();
  await expect(page.getByTestId("complaint-erased")).toContainText("Données personnelles effacées le");
  await expect(page.getByText(email)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: `Réclamation ${reference}` })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Faire une réclamation' works: the server's messages, then the reference and its acknowledgement", async ({
    page,
  }) => {
    const email = uniqueEmail("reclamation-sans-js");
    await page.goto("/reclamation");
    await expect(page.getByRole("heading", { name: "Faire une réclamation", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Envoyer la réclamation" }).click();
    await expect(page.getByText("Indiquez à quel titre vous écrivez")).toBeVisible();

    await page.getByLabel("Prénom").fill("Hugo");
    await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Perrin");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Vous êtes").selectOption("stagiaire");
    await page.getByLabel("Catégorie").selectOption("accueil");
    await page.getByLabel("Votre réclamation").fill("Personne n'a répondu au téléphone pendant une semaine.");
    await page.getByRole("button", { name: "Envoyer la réclamation" }).click();

    const confirmation = page.getByTestId("complaint-confirmation");
    await expect(confirmation.getByRole("heading", { name: "Réclamation enregistrée" })).toBeVisible();
    const reference = /REC-\d{4}-\d{4}/.exec((await confirmation.textContent()) ?? "")?.[0];
    expect(reference).toBeTruthy();
    const ack = await waitForMail(email, `Votre réclamation ${reference} est bien reçue`);
    expect(ack.body).toContain(reference);
  });
});
