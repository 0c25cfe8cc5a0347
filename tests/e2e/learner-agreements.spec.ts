import { admittedLearnerRow, CV_PDF } from "./support/candidate";
import { waitForMail } from "./support/mail";
import { uniqueEmail } from "./support/page";
import { attachedPdfText } from "./support/pdf";
import { expect, test } from "./support/test";

// The course of learners.spec.ts: no spec counts its seats, and admitting here takes one of them.
const COURSE = "/formation/formation-wordpress";

test("an admitted learner paying personally: 'Financement' and their address set on the learner, then the contrat de formation sent after a confirmation naming them, with its withdrawal period and the programme", async ({
  warmPage: page,
}) => {
  // An application, an admission, a PDF generated and mailed: slow on a shared runner.
  test.slow();
  const { email, row } = await admittedLearnerRow(page, COURSE, "contrat");
  // Who pays is not said yet: the agreement cannot be sent.
  await expect(
    row.getByRole("button", { name: "Envoyer la convention ou le contrat de formation à Yanis Benali" }),
  ).toHaveAttribute("aria-disabled", "true");

  await row.getByRole("button", { name: "Modifier Yanis Benali" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Qui finance la formation").selectOption("personal");
  await expect(dialog.getByText("Un contrat de formation professionnelle est établi")).toBeVisible();
  await dialog.getByLabel("Adresse postale du ou de la stagiaire").fill("8 rue Victor Hugo, 69002 Lyon");
  await dialog.getByRole("button", { name: "Modifier", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Financement personnel")).toBeVisible();

  await row.getByRole("button", { name: "Envoyer le contrat de formation à Yanis Benali" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Envoyer le contrat de formation à Yanis Benali (${email})`);
  await confirm.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(page.getByText("Convention ou contrat envoyé", { exact: true })).toBeVisible();
  await expect(row.getByRole("link", { name: /^Contrat de formation envoyé le / })).toBeVisible();

  const mail = await waitForMail(email, "Contrat de formation");
  expect(mail.body).toContain("Bonjour Yanis,");
  expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
    ["contrat-benali-yanis.pdf", "application/pdf"],
    ["programme-formation-wordpress.pdf", "application/pdf"],
  ]);
  const text = await attachedPdfText(mail);
  expect(text).toContain("Contrat de formation professionnelle");
  expect(text).toContain("Yanis Benali");
  expect(text).toContain("8 rue Victor Hugo, 69002 Lyon");
  expect(text).toMatch(/WordPress/i);
  expect(text).toContain("délai de 10 jours pour se rétracter");
  expect(text).toContain("L. 6353-5");
});

test("a company-funded learner: the convention sent after a confirmation naming the employer's contact, who is greeted in the e-mail; it states the number of learners, the price per learner and the programme annexed; the signed copy deposited marks it 'Signée' on the learner's file", async ({
  warmPage: page,
}) => {
  test.slow();
  const { row } = await admittedLearnerRow(page, COURSE, "convention");
  const employer = uniqueEmail("rh");

  await row.getByRole("button", { name: "Modifier Yanis Benali" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Qui finance la formation").selectOption({ label: "Employeur ou OPCO" });
  await expect(dialog.getByText("Une convention de formation est établie")).toBeVisible();
  await dialog.getByLabel("Entreprise ou financeur").fill("Entreprise Dupont");
  await dialog.getByRole("textbox", { name: "Adresse", exact: true }).fill("3 place du Marché, 69002 Lyon");
  await dialog.getByLabel("Nom du contact").fill("Marie Dupont");
  await dialog.getByLabel("E-mail du contact").fill(employer);
  await dialog.getByRole("button", { name: "Modifier", exact: true }).click();
  await expect(dialog).toBeHidden();

  // 'Envoyer' asks first, naming whom the convention goes to: the employer's contact.
  await row.getByRole("button", { name: "Envoyer la convention à Yanis Benali" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Envoyer la convention à Marie Dupont (${employer})`);
  await confirm.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(page.getByText("Convention ou contrat envoyé", { exact: true })).toBeVisible();
  await expect(row.getByRole("link", { name: /^Convention de formation envoyée le / })).toBeVisible();

  const mail = await waitForMail(employer, "Convention de formation");
  expect(mail.body).toContain("Bonjour Marie Dupont,");
  expect(mail.body).not.toContain("Bonjour Yanis");
  expect(mail.attachments.map((a) => a.filename)).toEqual([
    "convention-benali-yanis.pdf",
    "programme-formation-wordpress.pdf",
  ]);
  const text = await attachedPdfText(mail);
  expect(text).toContain("Convention de formation professionnelle");
  expect(text).toContain("Entreprise Dupont");
  expect(text).toMatch(/Nombre de stagiaires\s?: 1 \(Yanis Benali\)/);
  expect(text).toMatch(/Prix par stagiaire\s?: 1\s?490,00\s?€/);
  expect(text).toContain("Le programme détaillé de la formation est annexé à la présente convention");
  expect(await attachedPdfText(mail, 1)).toMatch(/WordPress/i);

  // The employer returns it signed: its scan deposited on the learner's file.
  await row.getByRole("button", { name: /^Déposer la copie signée/ }).click();
  const upload = page.getByRole("dialog", { name: "Déposer la copie signée" });
  await upload
    .getByLabel("Copie signée (PDF, JPEG ou PNG)")
    .setInputFiles({ name: "convention signée.pdf", mimeType: "application/pdf", buffer: CV_PDF });
  await upload.getByRole("button", { name: "Enregistrer la copie signée" }).click();
  await expect(page.getByText("Copie signée enregistrée", { exact: true })).toBeVisible();
  await expect(upload).toBeHidden();
  await expect(row.getByTestId("document-signed")).toHaveText("Signée");
  await expect(row.getByRole("link", { name: /^Copie signée reçue le / })).toBeVisible();
  // Signed: nothing more to deposit.
  await expect(row.getByRole("button", { name: /^Déposer la copie signée/ })).toHaveCount(0);
});
