import { admittedLearnerRow } from "./support/candidate";
import { waitForMail } from "./support/mail";
import { attachedPdfText } from "./support/pdf";
import { expect, test } from "./support/test";

// The course of learners.spec.ts: no spec counts its seats, and admitting here takes one of them.
const COURSE = "/formation/formation-wordpress";

test("an admitted learner's attestation de fin de formation: 'Envoyer l'attestation' e-mails the PDF with the hours attended, listed with its date", async ({
  warmPage: page,
}) => {
  // An application, an admission, a PDF generated and mailed: slow on a shared runner.
  test.slow();
  const { email, row } = await admittedLearnerRow(page, COURSE, "attestation");
  await row.getByRole("button", { name: "Envoyer l'attestation de fin de formation à Yanis Benali" }).click();
  await expect(page.getByText("Attestation envoyée", { exact: true })).toBeVisible();
  await expect(row.getByRole("link", { name: /^Attestation de fin de formation envoyée le / })).toBeVisible();

  const mail = await waitForMail(email, "Attestation de fin de formation");
  expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
    ["attestation-benali-yanis.pdf", "application/pdf"],
  ]);
  const text = await attachedPdfText(mail);
  expect(text).toContain("Attestation de fin de formation");
  expect(text).toContain("Yanis Benali");
  expect(text).toMatch(/WordPress/i);
  // Nothing signed yet on the session's sheets: no hour attended.
  expect(text).toMatch(/Heures effectivement suivies\s?: 0 h\./);
  expect(text).toContain("Résultats de l'évaluation des acquis");
});
