import { VISITOR } from "../../playwright.config";
import { frenchTypographyFaults } from "../support/french-text";
import { admittedLearnerRow } from "./support/candidate";
import { linkIn, waitForMail } from "./support/mail";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

// The course of learners.spec.ts and learner-agreements.spec.ts: admitting here takes one of its seats.
const COURSE = "/formation/formation-wordpress";
/**
 * The steps that write PDFs on the server (the contrat and its programme, the signed PDF): seconds when
 * the 2 shared cores are busy, past the 10 s an assertion waits by default.
 */
const PDF_WORK = { timeout: 45_000 };

test("a contrat signed online: staff ask for it, the learner signs at 360 px signed in with their verified e-mail, an administrator signs for the centre; both signatures with their date and SHA-256, 'Vérifier' matches, the file reads 'Signé'", async ({
  page,
  browser,
  serverUrl,
}) => {
  // An application, an admission, a PDF, two accounts and two signatures: slow on a shared runner.
  test.slow();
  const { email, row } = await admittedLearnerRow(page, COURSE, "signature");

  // A contrat: the learner pays; sent after the confirmation.
  await row.getByRole("button", { name: "Modifier Yanis Benali" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Qui finance la formation").selectOption("personal");
  await dialog.getByLabel("Adresse postale du ou de la stagiaire").fill("8 rue Victor Hugo, 69002 Lyon");
  await dialog.getByRole("button", { name: "Modifier", exact: true }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole("button", { name: "Envoyer le contrat de formation à Yanis Benali" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(page.getByText("Convention ou contrat envoyé", { exact: true })).toBeVisible(PDF_WORK);
  await expect(row.getByRole("link", { name: /^Contrat de formation envoyé le / })).toBeVisible();

  // 'Demander la signature': the PDF frozen, the learner's e-mail with the link.
  await row.getByRole("button", { name: /^Demander la signature/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Demander la signature" }).click();
  await expect(page.getByText("Demande de signature envoyée", { exact: true })).toBeVisible(PDF_WORK);
  await expect(row.getByRole("link", { name: "Signature en ligne en cours" })).toBeVisible();
  const link = linkIn(await waitForMail(email, "à signer en ligne"), `${serverUrl}/espace/signatures/`);

  // The learner, on a phone: invited into their personal space at admission, they sign in with that
  // e-mail's sign-in link, which verifies their address.
  const signIn = linkIn(
    await waitForMail(email, "Votre espace personnel"),
    `${serverUrl}/api/auth/magic-link/verify`,
  );
  const phone = await browser.newContext({
    ...VISITOR,
    baseURL: serverUrl,
    viewport: { width: 360, height: 780 },
  });
  const learner = await phone.newPage();
  // Signed out, the signing link leads to the sign-in page first.
  await learner.goto(link);
  await expect(learner).toHaveURL(/\/espace\/connexion\?redirectTo=%2Fespace%2Fsignatures%2F/);
  await learner.goto(signIn);
  await expect(learner).toHaveURL(/\/espace$/);
  await learner.goto(link);
  await expect(learner).toHaveURL(new URL(link).pathname);
  await expect(learner.getByRole("heading", { name: "Contrat de formation" })).toBeVisible();
  await expect(learner.locator("iframe[title='Contrat de formation (PDF)']")).toBeVisible();
  // The PDF in the frame: the signer's, framed by the site only.
  const shownPdf = await learner.request.get(`${new URL(link).pathname}/document.pdf`);
  expect(shownPdf.headers()["content-type"]).toBe("application/pdf");
  expect(shownPdf.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  await expect(learner.getByRole("link", { name: "Télécharger le PDF" })).toBeVisible();
  const shownHash = (await learner.getByTestId("document-sha256").textContent()) ?? "";
  expect(shownHash).toMatch(/^[0-9a-f]{64}$/);
  // French typography as the signer reads it.
  // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out (hidden parts out) is what the signer reads.
  expect(frenchTypographyFaults(await learner.locator("main").innerText())).toEqual([]);
  // Nothing wider than the phone.
  expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await learner.getByLabel("J'ai lu et j'accepte").check();
  await learner.getByRole("button", { name: "Signer" }).click();
  await expect(learner.getByTestId("signed-notice")).toContainText("Vous avez signé ce document le");
  expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await phone.close();

  // The centre: an administrator signs on the request's page.
  await row.getByRole("link", { name: "Signature en ligne en cours" }).click();
  await expect(page.getByRole("heading", { name: "Signature · Contrat de formation" })).toBeVisible();
  await page.getByRole("button", { name: "Signer pour le centre" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Signer", exact: true }).click();
  await expect(page.getByText("Document signé par tous les signataires", { exact: true })).toBeVisible(
    PDF_WORK,
  );
  await expect(page.getByTestId("request-state")).toHaveText("Signée");
  const signers = page.getByTestId("signer");
  await expect(signers).toHaveCount(2);
  for (const role of ["learner", "centre"]) {
    const signer = page.locator(`[data-testid='signer'][data-role='${role}']`);
    await expect(signer.getByTestId("signed-at")).toHaveText(/\d{4} à \d{1,2}\u00a0h/);
    await expect(signer.getByTestId("signer-sha256")).toHaveText(shownHash);
  }
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page.getByTestId("verify-result")).toHaveText(
    "L'empreinte du fichier correspond à celle enregistrée.",
  );

  // The learner's file: the contrat reads 'Signé', with the signed copy.
  await page.getByRole("link", { name: "Stagiaires de la session" }).click();
  await gotoReady(page, `/admin/stagiaires?q=${encodeURIComponent(email)}`);
  await expect(row.getByTestId("document-signed")).toHaveText("Signé");
  await expect(row.getByRole("link", { name: /^Copie signée reçue le / })).toBeVisible();
  await expect(row.getByRole("link", { name: "Signée en ligne" })).toBeVisible();
});
