import { VISITOR } from "../../playwright.config";
import { signInAsAdmin } from "./support/admin";
import { gotoReady } from "./support/page";
import { startServer, type TestServer } from "./support/server";
import { expect, test } from "./support/test";

// Paramètres as a new centre meets it: PostgreSQL, DEMO_DATA off, nothing filled in yet. Its own
// server (started here, not from the pool: the pool's servers run the demonstration centre), its tests
// one after the other on it.
test.describe.configure({ mode: "serial" });

let server: TestServer;
test.beforeAll(async () => {
  server = await startServer("settings-new-centre", {}, { postgres: {}, shortLived: true });
});
test.afterAll(async () => {
  await server?.stop();
});

async function pageOn(browser: import("@playwright/test").Browser) {
  const context = await browser.newContext({ baseURL: server.url, ...VISITOR });
  return context.newPage();
}

test("a save with only a name and a phone keeps them, and says what is still missing", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await pageOn(browser);
  try {
    await signInAsAdmin(page, "/admin/parametres");
    // Nothing invented before Paramètres names the centre.
    await expect(page.getByTestId("console-centre-name")).toHaveText("Console");
    await page.getByRole("textbox", { name: "Nom du centre" }).fill("Forma Rhône");
    await page.getByRole("textbox", { name: "Téléphone", exact: true }).fill("04 72 00 00 00");
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill("pas-une-adresse");
    await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
    await expect(page.getByText("Paramètres enregistrés en partie")).toBeVisible();
    // The invalid address keeps what was typed, with its message next to it.
    const email = page.getByRole("textbox", { name: "E-mail", exact: true });
    await expect(email).toHaveValue("pas-une-adresse");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Veuillez entrer une adresse e-mail valide", { exact: true })).toBeVisible();
    // What a new centre may not know yet is not asked for.
    await expect(page.getByRole("textbox", { name: /Numéro de déclaration/ })).not.toHaveAttribute(
      "aria-invalid",
      "true",
    );

    // Opened again: the name and the phone were kept, the bad address was not.
    await gotoReady(page, "/admin/parametres");
    await expect(page.getByRole("textbox", { name: "Nom du centre" })).toHaveValue("Forma Rhône");
    await expect(page.getByRole("textbox", { name: "Téléphone", exact: true })).toHaveValue("04 72 00 00 00");
    await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toHaveValue("");
    await expect(page.getByTestId("console-centre-name")).toHaveText("Forma Rhône");

    // The dashboard's 'Mise en route' still lists what is missing.
    await gotoReady(page, "/admin");
    const setup = page.getByRole("region", { name: "Mise en route" });
    await expect(setup.or(page.getByText("Mise en route")).first()).toBeVisible();
    await expect(page.getByText(/Identité du centre/)).toBeVisible();
  } finally {
    await page.context().close();
  }
});

test("an association is not asked for a share capital; a company is", async ({ browser }) => {
  const page = await pageOn(browser);
  try {
    await signInAsAdmin(page, "/admin/parametres");
    // With its suggestions (a datalist) the field is a combobox.
    const legalForm = page.getByRole("combobox", { name: "Forme juridique" });
    const capital = page.getByRole("textbox", { name: "Capital social" });
    await legalForm.fill("Association loi 1901");
    await expect(capital).toHaveCount(0);
    await legalForm.fill("SAS");
    await expect(capital).toBeVisible();
    await legalForm.fill("Association loi 1901");
    await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
    await expect(page.getByText("Paramètres enregistrés en partie")).toBeVisible();
    await gotoReady(page, "/mentions-legales");
    await expect(page.getByRole("main")).toContainText("Forma Rhône, Association loi 1901");
    await expect(page.getByRole("main")).toContainText("Déclaration d'activité en cours d'enregistrement");
    await expect(page.getByText(/au capital/)).toHaveCount(0);
    await expect(page.getByText(/Qualiopi/)).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});

test("a certificate without a category: the screen says why, and no page names Qualiopi", async ({
  browser,
}) => {
  const page = await pageOn(browser);
  try {
    await signInAsAdmin(page, "/admin/parametres");
    await page.getByLabel("Valide jusqu'au").fill("2099-12-31");
    await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
    await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
    await page.getByLabel("Nouveau certificat (PDF, 5 Mo maximum)").setInputFiles({
      name: "certificat.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"),
    });
    await page.getByRole("button", { name: "Envoyer le certificat" }).click();
    await expect(page.getByText("Certificat Qualiopi enregistré")).toBeVisible();
    await expect(
      page.getByText(/La mention Qualiopi n'apparaît pas sur le site\s: il y faut/u),
    ).toBeVisible();
    for (const path of ["/", "/notre-centre", "/mentions-legales"]) {
      await gotoReady(page, path);
      await expect(page.getByText(/Qualiopi/)).toHaveCount(0);
    }
  } finally {
    await page.context().close();
  }
});
