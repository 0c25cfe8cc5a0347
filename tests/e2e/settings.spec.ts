import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

// It changes what every public page shows (the phone, the Qualiopi mention), which other specs read: a
// server of its own. Its tests run one after the other: several save the phone, which another reads in
// the footer.
test.use({ ownServer: true });
test.describe.configure({ mode: "default" });

/** A small real PDF, as a certifier sends it. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** The screen's own accessibility (a refused save's toast, fading in and out, left out: see axeViolations). */
async function expectNoAxeViolations(page: import("@playwright/test").Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function savePhone(page: import("@playwright/test").Page, phone: string) {
  await page.getByRole("textbox", { name: "Téléphone", exact: true }).fill(phone);
  await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
  await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
}

test("an administrator changes the phone in Paramètres: the footer and the legal notice show it", async ({
  warmPage: page,
}) => {
  await signInAsAdmin(page, "/admin/parametres");
  const previous = await page.getByRole("textbox", { name: "Téléphone", exact: true }).inputValue();
  await savePhone(page, "01 45 67 89 10");
  try {
    await gotoReady(page, "/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "01 45 67 89 10" })).toHaveAttribute(
      "href",
      "tel:+33145678910",
    );
    await gotoReady(page, "/mentions-legales");
    await expect(page.getByRole("main")).toContainText("Téléphone : 01 45 67 89 10");
  } finally {
    await gotoReady(page, "/admin/parametres");
    await savePhone(page, previous);
  }
});

test("a refused field says why in French, next to it", async ({ warmPage: page }) => {
  await signInAsAdmin(page, "/admin/parametres");
  await page.getByLabel("SIRET").fill("123");
  await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
  await expect(page.getByText("Le SIRET doit compter 14 chiffres", { exact: true })).toBeVisible();
  await expect(page.getByLabel("SIRET")).toHaveAttribute("aria-invalid", "true");
});

test("the lead recipient the app writes by itself (contact@localhost) does not stop a save of the phone", async ({
  warmPage: page,
}) => {
  await signInAsAdmin(page, "/admin/parametres");
  const recipient = page.getByLabel("Destinataire des nouvelles demandes");
  const previous = await recipient.inputValue();
  const phone = page.getByRole("textbox", { name: "Téléphone", exact: true });
  const previousPhone = await phone.inputValue();
  // CONTACT_NOTIFY_EMAIL's default, as a fresh machine writes it (this suite's server sets another).
  await recipient.fill("contact@localhost");
  await savePhone(page, "01 45 67 89 11");
  try {
    await page.reload();
    await expect(phone).toHaveValue("01 45 67 89 11");
    await expect(recipient).toHaveValue("contact@localhost");
    await expect(page.getByTestId("error-summary")).toHaveCount(0);
  } finally {
    await page.getByLabel("Destinataire des nouvelles demandes").fill(previous);
    await savePhone(page, previousPhone);
  }
});

test("fields in error are listed at the top, each link leads to its field, and the other edits are saved", async ({
  warmPage: page,
}) => {
  await signInAsAdmin(page, "/admin/parametres");
  const phone = page.getByRole("textbox", { name: "Téléphone", exact: true });
  const previousPhone = await phone.inputValue();
  await phone.fill("01 45 00 00 01");
  await page.getByLabel("SIRET").fill("123");
  await page.getByLabel("Destinataire des nouvelles demandes").fill("pas-une-adresse");
  await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();

  const summary = page.getByRole("region", { name: "Vérifiez les champs signalés" });
  await expect(summary).toBeFocused();
  // In the order of the page, each with its label and message.
  await expect(summary.getByRole("link")).toHaveText([
    /^SIRET\s: Le SIRET doit compter 14 chiffres$/,
    /^Destinataire des nouvelles demandes\s: .*adresse/,
  ]);
  const box = await summary.boundingBox();
  const firstField = await page.getByLabel("Nom du centre").boundingBox();
  expect(box && firstField && box.y < firstField.y).toBe(true);
  await summary.getByRole("link", { name: /^Destinataire des nouvelles demandes/ }).click();
  await expect(page.getByLabel("Destinataire des nouvelles demandes")).toBeFocused();
  await expect(page.getByLabel("Destinataire des nouvelles demandes")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  // What was typed is still there; the valid edit was saved, the fields in error were not.
  await expect(page.getByText("Paramètres enregistrés en partie")).toBeVisible();
  await expect(phone).toHaveValue("01 45 00 00 01");
  await expect(page.getByLabel("SIRET")).toHaveValue("123");
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(phone).toHaveValue("01 45 00 00 01");
  await expect(page.getByLabel("SIRET")).toHaveValue("123 456 789 00012");
  await savePhone(page, previousPhone);
});

// One test from the upload to the removal: the file's other tests run beside it and must not see the
// certificate vanish halfway.
test("the Qualiopi certificate sent in Paramètres is linked from the footer, downloads as a PDF, and leaves the site once removed", async ({
  warmPage: page,
}) => {
  await signInAsAdmin(page, "/admin/parametres");
  await page.getByLabel("Valide jusqu'au").fill("2099-12-31");
  await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
  await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
  await page
    .getByLabel("Nouveau certificat (PDF, 5 Mo maximum)")
    .setInputFiles({ name: "certificat-qualiopi.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Envoyer le certificat" }).click();
  await expect(page.getByText("Certificat Qualiopi enregistré")).toBeVisible();

  await gotoReady(page, "/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("Certifié Qualiopi");
  await expect(footer).toContainText("Actions de formation");
  const download = page.waitForEvent("download");
  await footer.getByRole("link", { name: "Télécharger le certificat Qualiopi (PDF)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("certificat-qualiopi.pdf");
  const path = await file.path();
  const { readFile } = await import("node:fs/promises");
  expect((await readFile(path)).subarray(0, 5).toString()).toBe("%PDF-");

  // A withdrawn certification: removed after a confirmation, which can be cancelled.
  await gotoReady(page, "/admin/parametres");
  await expect(page.getByText("Fichier actuel : certificat-qualiopi.pdf")).toBeVisible();
  await expectNoAxeViolations(page);
  const remove = page.getByRole("button", { name: "Supprimer le certificat" });
  await remove.click();
  const dialog = page.getByRole("alertdialog", { name: "Supprimer le certificat Qualiopi ?" });
  await expect(dialog).toContainText("« certificat-qualiopi.pdf » sera supprimé");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Fichier actuel : certificat-qualiopi.pdf")).toBeVisible();
  await remove.click();
  await dialog.getByRole("button", { name: "Supprimer", exact: true }).click();
  await expect(page.getByText("Certificat supprimé", { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Aucun certificat envoyé")).toBeVisible();
  await expect(remove).toHaveCount(0);

  await gotoReady(page, "/");
  await expect(page.getByRole("contentinfo")).not.toContainText("Qualiopi");
  await gotoReady(page, "/notre-centre");
  await expect(page.getByRole("main")).not.toContainText("Certifié Qualiopi");
  expect((await page.request.get("/api/certificat-qualiopi.pdf")).status()).toBe(404);
});

test("Paramètres has no axe violations (WCAG 2.1 AA)", async ({ warmPage: page }) => {
  await signInAsAdmin(page);
  // A fresh load: the sign-in's toast, fading out, is not part of this screen.
  await gotoReady(page, "/admin/parametres");
  await expect(page.getByRole("heading", { name: "Identité" })).toBeVisible();
  await expectNoAxeViolations(page);
});
