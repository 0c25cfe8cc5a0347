import { applyAndAdmit } from "./support/candidate";
import { waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { attachedPdfText } from "./support/pdf";
import { expect, test } from "./support/test";

// The course of learners.spec.ts: no spec counts its seats, and admitting here takes one of them.
const COURSE = "/formation/formation-wordpress";

// It writes the centre's règlement intérieur in Paramètres, which every convocation then carries.
test.use({ ownServer: true });

test("an admitted learner's convocation: 'Envoyer la convocation' e-mails the PDF, listed with its date and downloadable", async ({
  warmPage: page,
}) => {
  // An application, an admission, a PDF generated and mailed: slow on a shared runner.
  test.slow();
  const email = uniqueEmail("convoque");
  await applyAndAdmit(page, COURSE, email);
  await gotoReady(page, "/admin/parametres");
  await page
    .getByLabel("Texte du règlement intérieur")
    .fill("# Règlement intérieur\n\n## Article 1\n\nLa ponctualité est de rigueur.");
  await page.getByRole("button", { name: "Enregistrer le règlement intérieur" }).click();
  await expect(
    page.getByText(/^Joint en PDF \(reglement-interieur\.pdf\) à chaque convocation/),
  ).toBeVisible();

  await gotoReady(page, `/admin/stagiaires?q=${encodeURIComponent(email)}`);
  const row = page.getByTestId("learner").filter({ hasText: email });
  await row.getByRole("button", { name: "Envoyer la convocation à Yanis Benali" }).click();
  // The send asks first, naming whom it goes to.
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Envoyer la convocation à Yanis Benali (${email})`);
  await confirm.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(page.getByText("Convocation envoyée", { exact: true })).toBeVisible();
  const sent = row.getByRole("link", { name: /^Convocation envoyée le / });
  await expect(sent).toBeVisible();

  // The e-mail carries the PDF, and the PDF says whom, what and when.
  const mail = await waitForMail(email, "Convocation");
  expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
    ["convocation-benali-yanis.pdf", "application/pdf"],
    ["reglement-interieur.pdf", "application/pdf"],
  ]);
  const text = await attachedPdfText(mail);
  expect(text).toContain("Convocation");
  expect(text).toContain("Yanis Benali");
  expect(text).toMatch(/WordPress/i);
  expect(text).toMatch(/du \d+(er)? \S+ (\d{4} )?au \d+(er)? \S+ \d{4}/);
  expect(text).toContain("Le règlement intérieur du centre est joint à cette convocation");
  const rules = await attachedPdfText(mail, 1);
  expect(rules).toContain("La ponctualité est de rigueur.");

  // Staff download the kept copy: the same document.
  const download = page.waitForEvent("download");
  await sent.click();
  expect((await download).suggestedFilename()).toBe("convocation-benali-yanis.pdf");
});
