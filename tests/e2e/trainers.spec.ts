import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

// Formateurs as an administrator keeps it: a trainer added through the dialog (a French message for
// the missing name first), their page, a diploma sent with its expiry, and the dashboard's card that
// warns of the documents to renew.

/** The Paris day `days` from now, as a date input takes it. */
const parisDay = (days: number) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Paris" }).format(
    new Date(Date.now() + days * 86_400_000),
  );

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

test("an administrator adds a trainer, sends a diploma expiring within a month, and the dashboard warns of it", async ({
  warmPage: page,
}) => {
  test.slow();
  const lastName = `Lemaire-${Date.now().toString(36)}`;
  await signInAsAdmin(page, "/admin/formateurs");
  await expect(page.getByRole("heading", { level: 1, name: /^Formateurs/ })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Nouveau formateur" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau formateur ou nouvelle formatrice" });
  await dialog.getByLabel("Prénom").fill("Inès");
  await dialog.getByLabel("E-mail").fill(`ines.${lastName.toLowerCase()}@example.test`);
  await dialog.getByLabel("Qualification").fill("Master MEEF, 8 ans de formation d'adultes");
  await expect(dialog.getByLabel("En activité (proposé·e dans le planning des sessions)")).toBeChecked();
  expect(await axeViolations(page, { include: "[role=dialog]" })).toEqual([]);
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(dialog.getByText("Indiquez le nom du formateur ou de la formatrice").first()).toBeVisible();
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill(lastName);
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Formateur·rice ajouté·e")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("link", { name: `Inès ${lastName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Inès ${lastName}` })).toBeVisible();
  await expect(page.getByText("Master MEEF, 8 ans de formation d'adultes")).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();

  const form = page.getByRole("form", { name: "Déposer un document" });
  await form.getByLabel("Type").selectOption({ label: "Diplôme ou titre" });
  await form.getByLabel("Intitulé").fill("Habilitation électrique");
  await form.getByLabel("Expire le").fill(parisDay(10));
  // A text file renamed .pdf: refused by its content, in French, beside the field.
  await form
    .getByLabel(/^Fichier/)
    .setInputFiles({ name: "faux.pdf", mimeType: "application/pdf", buffer: Buffer.from("bonjour") });
  await form.getByRole("button", { name: "Déposer le document" }).click();
  await expect(
    form
      .getByText("Le document doit être un PDF, un fichier DOC, DOCX ou ODT, ou une image JPEG ou PNG")
      .first(),
  ).toBeVisible();
  await form
    .getByLabel(/^Fichier/)
    .setInputFiles({ name: "habilitation.pdf", mimeType: "application/pdf", buffer: PDF });
  await form.getByRole("button", { name: "Déposer le document" }).click();
  await expect(page.getByText("Document enregistré")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Habilitation électrique" });
  await expect(row).toContainText("Expire le");
  await expect(row.getByRole("link", { name: "Habilitation électrique", exact: true })).toHaveAttribute(
    "href",
    /^\/admin\/formateurs\/[0-9a-f-]{36}\/documents\/[0-9a-f-]{36}$/,
  );
  expect(await axeViolations(page)).toEqual([]);

  await gotoReady(page, "/admin");
  const card = page.getByTestId("dashboard-trainer-documents");
  await expect(card.getByRole("heading", { name: "Documents de formateurs à renouveler" })).toBeVisible();
  await expect(card).toContainText(`Inès ${lastName}`);
  await expect(card).toContainText("Habilitation électrique");
  await card.getByRole("link", { name: `Inès ${lastName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Inès ${lastName}` })).toBeVisible();
});
