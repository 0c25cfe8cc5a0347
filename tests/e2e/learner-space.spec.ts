import { VISITOR } from "../../playwright.config";
import { frenchTypographyFaults } from "../support/french-text";
import { admittedLearnerRow, CV_PDF } from "./support/candidate";
import { linkIn, waitForMail } from "./support/mail";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

// The learner's space, completed, on a phone (360 px): staff ask for a document in Stagiaires, the
// learner sends it from their file and writes a complaint there, prefilled with their name and
// session; staff then download the document. The public footer's 'Mon espace' leads to the sign-in.
const COURSE = "/formation/formation-wordpress";

// It files a complaint and a document: its own server, so no other spec counts them.
test.use({ ownServer: true });

test("a learner sends the document the centre asked for and writes a complaint from their space at 360 px; staff download the document", async ({
  warmPage: page,
  browser,
  serverUrl,
}) => {
  test.slow();
  let reference = "";
  const { email, row } = await admittedLearnerRow(page, COURSE, "pieces");
  const invitation = await waitForMail(email, "Votre espace personnel");
  const link = linkIn(invitation, `${serverUrl}/api/auth/magic-link/verify`);

  // 'Demander un document' on the learner's line.
  await row.getByLabel("Document à demander à Yanis Benali").fill("Copie de la carte d'identité");
  await row.getByRole("button", { name: "Demander un document" }).click();
  await expect(page.getByText("Document demandé", { exact: true })).toBeVisible();
  await expect(row.getByTestId("document-requests")).toContainText("en attente");
  await waitForMail(email, "Un document à nous transmettre");

  const phone = await browser.newContext({
    ...VISITOR,
    baseURL: serverUrl,
    viewport: { width: 360, height: 780 },
  });
  try {
    const learner = await phone.newPage();
    await learner.goto(link);
    await expect(learner).toHaveURL(/\/espace$/);
    await expect(learner.getByTestId("application")).toContainText("Acceptée");
    await learner.getByTestId("learner-file").getByRole("link", { name: "Voir mon dossier" }).click();
    await learner.locator("body[data-hydrated]").waitFor();
    // Its new sections read French typography (no-break spaces before ':' '?', inside « »).
    expect(frenchTypographyFaults((await learner.locator("main").textContent()) ?? "")).toEqual([]);

    const requested = learner.getByTestId("requested-documents");
    await requested.getByLabel("Fichier\u00a0: Copie de la carte d'identité").setInputFiles({
      name: "carte-identite.pdf",
      mimeType: "application/pdf",
      buffer: CV_PDF,
    });
    await requested.getByRole("button", { name: "Envoyer\u00a0: Copie de la carte d'identité" }).click();
    await expect(requested).toContainText("Reçu le");

    // The complaint: their name, e-mail and session come from their file.
    const complaint = learner.getByRole("region", { name: "Faire une réclamation" });
    await complaint.getByLabel("Catégorie").selectOption({ label: "Organisation, planning, locaux" });
    await complaint.getByLabel("Votre réclamation").fill("Trop court");
    await complaint.getByRole("button", { name: "Envoyer la réclamation" }).click();
    await expect(complaint.getByText("Décrivez votre réclamation (au moins 20 caractères)")).toBeVisible();
    await complaint
      .getByLabel("Votre réclamation")
      .fill("La salle du premier jour était fermée à notre arrivée.");
    await complaint.getByRole("button", { name: "Envoyer la réclamation" }).click();
    const sentText = (await complaint.getByTestId("complaint-sent").textContent()) ?? "";
    reference = /REC-\d{4}-\d{4}/.exec(sentText)?.[0] ?? "";
    expect(reference).not.toBe("");
    expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    await phone.close();
  }

  // Staff: the document received, downloaded; the complaint in the register, in the learner's name.
  await gotoReady(page, `/admin/stagiaires?q=${encodeURIComponent(email)}`);
  await expect(row.getByTestId("document-requests")).toContainText("reçu le");
  const download = page.waitForEvent("download");
  await row
    .getByRole("link", { name: "Télécharger\u00a0: Copie de la carte d'identité (Yanis Benali)" })
    .click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await gotoReady(page, "/admin/reclamations");
  await page.getByRole("link", { name: reference, exact: true }).click();
  await expect(page.getByText(/^Yanis Benali \(Stagiaire/)).toBeVisible();
  await expect(
    page.getByText("Écrite par le ou la stagiaire depuis son espace personnel", { exact: false }),
  ).toBeVisible();
});

test("the public footer's 'Mon espace' leads a visitor to the sign-in page", async ({ page }) => {
  await gotoReady(page, "/");
  await page.getByTestId("footer-space-link").click();
  await expect(page).toHaveURL(/\/espace\/connexion/);
  await expect(page.getByRole("button", { name: "Recevoir un lien de connexion" })).toBeVisible();
});
