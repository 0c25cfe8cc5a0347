import { axeViolations } from "./support/axe";
import { waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, type Page, test } from "./support/test";

async function fillContact(page: Page, email: string) {
  await page.getByLabel("Prénom").fill("Camille");
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Bernard");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Téléphone").fill("06 11 22 33 44");
  await page.getByLabel("Message").fill("Je souhaite un rendez-vous pour parler de ma reconversion.");
}

test("contact: errors next to the fields, sending, toast, confirmation, both e-mails, then an empty form", async ({
  page,
}) => {
  const email = uniqueEmail("contact");
  await gotoReady(page, "/contact?formation=assistant-rh");
  await expect(page.getByRole("heading", { name: "Contactez-nous" })).toBeVisible();
  await expect(page).toHaveTitle("Contact | Centre de Formation Avenir");
  await expect(page.getByText("Lundi – vendredi : 9 h – 18 h")).toBeVisible();
  await expect(page.getByText("Samedi : 9 h – 12 h")).toBeVisible();
  await expect(page.getByLabel("Formation qui vous intéresse")).toHaveValue(
    "tp-assistant-ressources-humaines",
  );

  // Server-side validation names each bad field in French (« Le prénom doit contenir au moins 2 caractères »).
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByText("Le prénom doit contenir au moins 2 caractères")).toBeVisible();
  await expect(page.getByText("Veuillez sélectionner un sujet")).toBeVisible();
  await expect(page.getByLabel("Prénom")).toHaveAttribute("aria-invalid", "true");

  // An appointment mode selects the « rdv » subject without losing what was typed.
  await fillContact(page, email);
  await page.getByRole("link", { name: "Visioconférence : choisir ce rendez-vous" }).click();
  await expect(page.getByLabel("Sujet")).toHaveValue("rdv");
  await expect(page.getByLabel("Type de rendez-vous")).toHaveValue("visio");
  await expect(page.getByLabel("Prénom")).toHaveValue("Camille");
  await page.getByLabel(/J'accepte de recevoir/).check();

  // Hold the answer a moment to see the pending state.
  await page.route("**/contact.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByRole("button", { name: "Envoi en cours..." })).toBeDisabled();
  await expect(
    page.getByText("Nous avons bien reçu votre message et vous répondrons dans les plus brefs délais."),
  ).toBeVisible();
  const confirmation = page.getByTestId("contact-confirmation");
  await expect(confirmation.getByRole("heading", { name: "Message envoyé !" })).toBeFocused();
  // French typography: a narrow no-break space before '!' (role names collapse spaces, the text does not).
  expect(await confirmation.getByRole("heading").textContent()).toBe("Message envoyé\u202f!");
  await expect(confirmation).toContainText("e-mail de confirmation");
  await expect(confirmation).toContainText("24 heures");

  const staff = await waitForMail("equipe@centre.test", "Camille Bernard (rappel demandé)");
  expect(staff.body).toContain(email);
  expect(staff.body).toContain("TP Assistant Ressources Humaines");
  expect(staff.body).toContain("Visioconférence");
  const visitor = await waitForMail(email, "Nous avons bien reçu votre message");
  // It may reach any address typed in the form: it quotes nothing the visitor typed freely.
  expect(visitor.body).toContain("Bonjour,");
  expect(visitor.body).not.toContain("Camille");

  await confirmation.getByRole("link", { name: "Envoyer un autre message" }).click();
  await expect(page.getByLabel("Prénom")).toHaveValue("");
  await expect(page.getByLabel("Message")).toHaveValue("");
  await expect(page.getByLabel("Sujet")).toHaveValue("");
});

test("contact: the form works with JavaScript disabled", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = uniqueEmail("sansjs");
  await page.goto("/contact?sujet=inscription");
  await expect(page.getByLabel("Sujet")).toHaveValue("inscription");
  await fillContact(page, email);
  await page.getByLabel("Téléphone").fill("12");
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  // Re-rendered by the server: the error next to the field and everything typed kept.
  await expect(page.getByText("Veuillez entrer un numéro de téléphone valide")).toBeVisible();
  await expect(page.getByLabel("Prénom")).toHaveValue("Camille");
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("Sujet")).toHaveValue("inscription");
  await expect(page.getByLabel("Message")).toHaveValue(/reconversion/);

  await page.getByLabel("Téléphone").fill("0611223344");
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByRole("heading", { name: "Message envoyé !" })).toBeVisible();
  expect((await waitForMail(email, "Nous avons bien reçu votre message")).body).toContain("Inscription");
  await page.getByRole("link", { name: "Envoyer un autre message" }).click();
  await expect(page.getByLabel("Prénom")).toHaveValue("");

  // Without JavaScript the callback button is a link to the appointment form.
  await expect(page.getByRole("link", { name: "Être rappelé·e" })).toHaveAttribute(
    "href",
    "/contact?sujet=rdv#formulaire",
  );
  await context.close();
});

test("callback dialog: validation, request stored, confirmation in the dialog, toast and staff e-mail", async ({
  warmPage: page,
}) => {
  await gotoReady(page, "/contact");
  await page.getByRole("button", { name: "Être rappelé·e" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toHaveAccessibleName("Être rappelé·e");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Prénom")).toBeFocused();

  await dialog.getByRole("button", { name: "Demander un rappel" }).click();
  await expect(dialog.getByText("Veuillez entrer un numéro de téléphone valide")).toBeVisible();

  const lastName = `Rappel${Date.now()}`;
  await dialog.getByLabel("Prénom").fill("Nadia");
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill(lastName);
  await dialog.getByLabel("Téléphone").fill("07 88 99 00 11");
  await dialog.getByLabel(/Formation/).selectOption("Formation Développeur Web");
  await dialog.getByRole("button", { name: "Demander un rappel" }).click();
  await expect(dialog.getByText("Un conseiller vous rappelle dès que possible.")).toBeVisible();
  await expect(dialog).toHaveAccessibleName("Demande envoyée");
  await expect(page.locator("[data-sonner-toast]")).toContainText("Demande de rappel envoyée !");

  const staff = await waitForMail("equipe@centre.test", `Demande de rappel : Nadia ${lastName}`);
  expect(staff.body).toContain("07 88 99 00 11");
  expect(staff.body).toContain("Formation Développeur Web");
  expect(staff.body).toContain("Rappel – page contact");

  await dialog.getByRole("button", { name: "Fermer", exact: true }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Être rappelé·e" })).toBeFocused();
});

test("contact page has no detectable accessibility violations and fits 360 px", async ({
  warmPage: page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await gotoReady(page, "/contact");
  expect(await axeViolations(page, { rules: "all" })).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("callback from the home hero and from a course page, which prefills its course", async ({
  warmPage: page,
}) => {
  const email = uniqueEmail("rappel");
  await gotoReady(page, "/");
  await page.getByRole("button", { name: "Être rappelé·e" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Prénom").fill("Yanis");
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Accueil");
  await dialog.getByLabel("Téléphone").fill("0612121212");
  await dialog.getByLabel(/^E-mail/).fill(email);
  await dialog.getByRole("button", { name: "Demander un rappel" }).click();
  await expect(dialog).toHaveAccessibleName("Demande envoyée");
  expect((await waitForMail("equipe@centre.test", "Yanis Accueil")).body).toContain("Rappel – accueil");
  expect((await waitForMail(email, "Votre demande de rappel est bien reçue")).body).toContain("0612121212");

  await gotoReady(page, "/formation/tp-assistant-commercial");
  await page.getByRole("button", { name: "Être rappelé·e" }).first().click();
  const course = page.getByRole("dialog").getByLabel(/Formation/);
  await expect(course).toHaveValue("tp-assistant-commercial");
  await expect(course.locator("option:checked")).toHaveText("TP Assistant Commercial");
});
