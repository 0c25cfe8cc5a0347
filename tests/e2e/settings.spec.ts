import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./support/admin";
import { gotoReady } from "./support/page";

// Runs in its own project, after the others (playwright.config.ts): it changes what every public page
// shows (the phone, the Qualiopi mention), which specs running beside it read.

/** A small real PDF, as a certifier sends it. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

async function expectNoAxeViolations(page: import("@playwright/test").Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
}

async function savePhone(page: import("@playwright/test").Page, phone: string) {
  await page.getByRole("textbox", { name: "Téléphone", exact: true }).fill(phone);
  await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
  await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
}

test("an administrator changes the phone in Paramètres: the footer and the legal notice show it", async ({
  page,
}) => {
  await signInAsAdmin(page, "/admin/settings");
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
    await gotoReady(page, "/admin/settings");
    await savePhone(page, previous);
  }
});

test("a refused field says why in French, next to it", async ({ page }) => {
  await signInAsAdmin(page, "/admin/settings");
  await page.getByLabel("SIRET").fill("123");
  await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
  await expect(page.getByText("Le SIRET doit compter 14 chiffres")).toBeVisible();
  await expect(page.getByLabel("SIRET")).toHaveAttribute("aria-invalid", "true");
});

// One test from the upload to the removal: the file's other tests run beside it and must not see the
// certificate vanish halfway.
test("the Qualiopi certificate sent in Paramètres is linked from the footer, downloads as a PDF, and leaves the site once removed", async ({
  page,
}) => {
  await signInAsAdmin(page, "/admin/settings");
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
  await gotoReady(page, "/admin/settings");
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

test("Paramètres has no axe violations (WCAG 2.1 AA)", async ({ page }) => {
  await signInAsAdmin(page);
  // A fresh load: the sign-in's toast, fading out, is not part of this screen.
  await gotoReady(page, "/admin/settings");
  await expect(page.getByRole("heading", { name: "Identité" })).toBeVisible();
  await expectNoAxeViolations(page);
});
