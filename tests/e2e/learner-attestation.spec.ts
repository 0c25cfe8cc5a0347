import { admittedLearnerRow } from "./support/candidate";
import { waitForMail } from "./support/mail";
import { attachedPdfText } from "./support/pdf";
import { expect, test } from "./support/test";

// The course of learners.spec.ts: no spec counts its seats, and admitting here takes one of them.
const COURSE = "/formation/formation-wordpress";

test("an admitted learner's attestation de fin de formation: held back with the session's last day until then; once they drop out, 'Envoyer l'attestation' e-mails the PDF with the hours attended, listed with its date", async ({
  warmPage: page,
}) => {
  // An application, an admission, a PDF generated and mailed: slow on a shared runner.
  test.slow();
  const { email, row } = await admittedLearnerRow(page, COURSE, "attestation");
  const send = row.getByRole("button", { name: "Envoyer l'attestation de fin de formation à Yanis Benali" });
  // The session has not reached its last day: the hours it would state are not final yet.
  await expect(send).toHaveAttribute("aria-disabled", "true");
  await send.hover();
  await expect(page.getByRole("tooltip")).toHaveText(
    /^L'attestation de fin de formation s'envoie à partir du (1er|\d{1,2}) [a-zéû]+ \d{4}, dernier jour de la session\.$/,
  );

  // Dropped out: the hours they attended are final, and the attestation can go.
  await row.getByRole("button", { name: "Modifier Yanis Benali" }).click();
  const dialog = page.getByRole("dialog", { name: "Modifier le ou la stagiaire" });
  await dialog.getByLabel("Statut").selectOption({ label: "Abandon" });
  await dialog.getByLabel("Date d'abandon").fill(new Date().toISOString().slice(0, 10));
  await dialog.getByRole("button", { name: "Modifier", exact: true }).click();
  await expect(row.getByText("Abandon", { exact: true })).toBeVisible();
  await expect(send).not.toHaveAttribute("aria-disabled");
  await send.click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Envoyer l'attestation de fin de formation à Yanis Benali (${email})`);
  await confirm.getByRole("button", { name: "Envoyer", exact: true }).click();
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
  expect(text).toContain("Abandon le");
});
