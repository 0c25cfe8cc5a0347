import { axeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { expect, type Page, test } from "./support/test";

// With JavaScript the public forms check their fields with the server's own schema: on leaving a
// field, and on submit, where nothing is sent while a field is wrong.

/** What the page sends to the server (other than its own assets) and what goes wrong in its console. */
function watch(page: Page) {
  const submissions: string[] = [];
  const consoleErrors: string[] = [];
  page.on("request", (r) => {
    if (r.method() !== "GET") submissions.push(`${r.method()} ${r.url()}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  return { submissions, consoleErrors };
}

/** Every axe rule, best practices included (the visitor's own forms). */
async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page, { rules: "all" })).toEqual([]);
}

test("contact: a field is checked when it loses focus, its error goes once it is right, a wrong form is not sent", async ({
  warmPage: page,
}) => {
  const seen = watch(page);
  await gotoReady(page, "/contact");
  const email = page.getByLabel("E-mail");
  const emailError = page.getByText("Veuillez entrer une adresse e-mail valide");

  await email.fill("camille@");
  await expect(emailError).toBeHidden();
  await email.blur();
  await expect(emailError).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Veuillez entrer une adresse e-mail valide");
  await expectNoAxeViolations(page);

  // Once shown, the message follows the typing and goes as soon as the address is right.
  await email.pressSequentially("exemple.fr");
  await expect(emailError).toBeHidden();
  await expect(email).not.toHaveAttribute("aria-invalid");

  // Everything right but the first name: nothing is sent, focus on the first field in error.
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Bernard");
  await page.getByLabel("Téléphone").fill("06 11 22 33 44");
  await page.getByLabel("Sujet").selectOption("information");
  await page.getByLabel("Message").fill("Je voudrais des informations sur le financement.");
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByText("Le prénom doit contenir au moins 2 caractères")).toBeVisible();
  await expect(page.getByLabel("Prénom")).toBeFocused();
  await expect(page.getByText("Veuillez sélectionner un sujet")).toBeHidden();
  expect(seen.submissions).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
});

test("callback dialog: checked in the browser first, nothing sent while a field is wrong", async ({
  warmPage: page,
}) => {
  const seen = watch(page);
  await gotoReady(page, "/contact");
  await page.getByRole("button", { name: "Être rappelé·e" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Prénom")).toBeFocused();

  const phone = dialog.getByLabel("Téléphone");
  await phone.fill("12");
  await phone.blur();
  await expect(dialog.getByText("Veuillez entrer un numéro de téléphone valide")).toBeVisible();
  await phone.fill("07 88 99 00 11");
  await expect(dialog.getByText("Veuillez entrer un numéro de téléphone valide")).toBeHidden();

  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Martin");
  await dialog.getByRole("button", { name: "Demander un rappel" }).click();
  await expect(dialog.getByText("Le prénom doit contenir au moins 2 caractères")).toBeVisible();
  await expect(dialog.getByLabel("Prénom")).toBeFocused();
  await expectNoAxeViolations(page);
  expect(seen.submissions).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
});

test("application: a file too large or of the wrong type shows its message before any upload", async ({
  warmPage: page,
}) => {
  const seen = watch(page);
  await gotoReady(page, "/formation/formation-developpeur-web/candidature");
  const cv = page.getByLabel("CV");
  await cv.setInputFiles({
    name: "cv.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(6 * 1024 * 1024, 0x25),
  });
  await expect(page.getByText("Le fichier ne doit pas dépasser 5 Mo")).toBeVisible();
  await expect(cv).toHaveAttribute("aria-invalid", "true");
  await cv.setInputFiles({ name: "cv.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
  await expect(page.getByText("Le CV doit être un fichier PDF, DOC, DOCX ou ODT")).toBeVisible();
  await expect(page.getByText("Le fichier ne doit pas dépasser 5 Mo")).toBeHidden();

  const email = page.getByLabel("E-mail");
  await email.fill("yanis");
  await email.blur();
  await expect(page.getByText("Veuillez entrer une adresse e-mail valide")).toBeVisible();

  await page.getByRole("button", { name: "Envoyer ma candidature" }).click();
  await expect(page.getByLabel("Prénom")).toBeFocused();
  await expect(page.getByText("Le prénom doit contenir au moins 2 caractères")).toBeVisible();
  await expect(page.getByText("Le CV doit être un fichier PDF, DOC, DOCX ou ODT")).toBeVisible();
  await expectNoAxeViolations(page);
  expect(seen.submissions).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
});

test("sign-up: checked with the server's rules before anything is sent", async ({ warmPage: page }) => {
  const seen = watch(page);
  await gotoReady(page, "/auth?onglet=inscription");
  const password = page.getByLabel("Mot de passe");
  await password.fill("abc");
  await password.blur();
  await expect(page.getByText("Le mot de passe doit contenir au moins 6 caractères")).toBeVisible();
  await password.fill("abcdef");
  await expect(page.getByText("Le mot de passe doit contenir au moins 6 caractères")).toBeHidden();
  await page.getByRole("button", { name: "S'inscrire" }).click();
  await expect(page.getByLabel("Prénom")).toBeFocused();
  await expect(page.getByText("Ce champ est obligatoire").first()).toBeVisible();
  expect(seen.submissions).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
});
