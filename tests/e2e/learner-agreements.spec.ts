import { admittedLearnerRow } from "./support/candidate";
import { waitForMail } from "./support/mail";
import { attachedPdfText } from "./support/pdf";
import { expect, test } from "./support/test";

// The course of learners.spec.ts: no spec counts its seats, and admitting here takes one of them.
const COURSE = "/formation/formation-wordpress";

test("an admitted learner paying personally: 'Financement' set on the learner, then the contrat de formation e-mailed as a PDF with its withdrawal period", async ({
  warmPage: page,
}) => {
  // An application, an admission, a PDF generated and mailed: slow on a shared runner.
  test.slow();
  const { email, row } = await admittedLearnerRow(page, COURSE, "contrat");
  // Who pays is not said yet: the agreement cannot be sent.
  await expect(
    row.getByRole("button", { name: "Envoyer la convention ou le contrat de formation à Yanis Benali" }),
  ).toBeDisabled();

  await row.getByRole("button", { name: "Modifier Yanis Benali" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Qui finance la formation").selectOption("personal");
  await expect(dialog.getByText("Un contrat de formation professionnelle est établi")).toBeVisible();
  await dialog.getByRole("button", { name: "Modifier", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Financement personnel")).toBeVisible();

  await row
    .getByRole("button", { name: "Envoyer la convention ou le contrat de formation à Yanis Benali" })
    .click();
  await expect(page.getByText("Convention ou contrat envoyé", { exact: true })).toBeVisible();
  await expect(row.getByRole("link", { name: /^Contrat de formation envoyé le / })).toBeVisible();

  const mail = await waitForMail(email, "Contrat de formation");
  expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
    ["contrat-benali-yanis.pdf", "application/pdf"],
  ]);
  const text = await attachedPdfText(mail);
  expect(text).toContain("Contrat de formation professionnelle");
  expect(text).toContain("Yanis Benali");
  expect(text).toMatch(/WordPress/i);
  expect(text).toContain("délai de 10 jours pour se rétracter");
  expect(text).toContain("L. 6353-5");
});
