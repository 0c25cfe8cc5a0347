import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { linkIn, waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, type Page, test } from "./support/test";

// The ready-made 'À chaud' questionnaire (written by the migration with this id).
const HOT = "5a7e0000-0000-4000-8000-000000000001";

async function expectNoAxeViolations(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

/** Ticks an answer of the question whose legend is `question`. */
const pick = (page: Page, question: string | RegExp, answer: string) =>
  page.getByRole("group", { name: question }).getByLabel(answer, { exact: true }).check();

test("a learner added to a session gets the à-chaud survey from 'Envoyer maintenant', answers it without JavaScript, answers again through the same link, and staff read it", async ({
  page,
  browser,
  serverUrl,
}) => {
  test.slow();
  const email = uniqueEmail("enquete");

  // A session the Enquêtes screen lists, and a learner added to it by hand.
  await signInAsAdmin(page, "/admin/enquetes");
  const sendForm = page.getByRole("form", { name: "Envoyer un questionnaire maintenant" });
  const listed = await sendForm
    .getByLabel("Session", { exact: true })
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  await gotoReady(page, "/admin/stagiaires");
  await page.getByRole("button", { name: "Ajouter un·e stagiaire" }).click();
  const dialog = page.getByRole("dialog");
  const offered = await dialog
    .getByLabel("Session")
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  const sessionId = listed.find((id) => offered.includes(id));
  expect(sessionId, "a session both screens list").toBeTruthy();
  await dialog.getByLabel("Session").selectOption(sessionId ?? "");
  await dialog.getByLabel("Prénom").fill("Irène");
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Durand");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(dialog).toBeHidden();

  // 'Envoyer maintenant': the à-chaud questionnaire to the session's learners.
  await gotoReady(page, "/admin/enquetes");
  await expectNoAxeViolations(page, "/admin/enquetes");
  await sendForm.getByLabel("Questionnaire").selectOption(HOT);
  await sendForm.getByLabel("Session", { exact: true }).selectOption(sessionId ?? "");
  await sendForm.getByRole("button", { name: "Envoyer maintenant" }).click();
  await expect(page.getByText(/invitations? envoyées?/).first()).toBeVisible();

  const mail = await waitForMail(email, "Votre avis sur");
  expect(mail.body).toContain("Bonjour Irène,");
  const link = linkIn(mail, `${serverUrl}/enquete/`);

  // Answering without JavaScript: a plain form post, the server's French messages, then stored.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const learner = await noScript.newPage();
    await learner.setViewportSize({ width: 360, height: 800 });
    const opened = await learner.goto(link);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["cache-control"]).toBe("no-store");
    await expect(learner.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(learner.getByRole("heading", { level: 1 })).toContainText("Votre avis sur");
    await learner.getByRole("button", { name: "Envoyer mes réponses" }).click();
    await expect(learner.getByText("Vos réponses ne sont pas encore enregistrées")).toBeVisible();
    const overall = learner.getByRole("group", { name: /Dans l'ensemble/ });
    await expect(overall.getByLabel("5 – Tout à fait satisfait·e")).toHaveAttribute("aria-invalid", "true");
    await expect(learner.getByText("Choisissez une note de 1 à 5").first()).toBeVisible();
    await expect(learner.getByText("Répondez par oui ou par non")).toBeVisible();
    expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    for (const question of [/Dans l'ensemble/, /objectifs/, /animation/, /conditions d'accueil/]) {
      await pick(learner, question, "2");
    }
    await pick(learner, /Recommanderiez-vous/, "Oui");
    await learner.getByLabel(/Vos remarques/).fill("La salle était trop froide le matin.");
    await learner.getByRole("button", { name: "Envoyer mes réponses" }).click();
    await expect(learner.getByText("Merci, vos réponses sont enregistrées")).toBeVisible();

    // The same link again: the answers given, and a second submission replaces them.
    await learner.goto(link);
    await expect(learner.getByText(/Vous avez déjà répondu le/)).toBeVisible();
    await expect(overall.getByLabel("2", { exact: true })).toBeChecked();
    await pick(learner, /Dans l'ensemble/, "5 – Tout à fait satisfait·e");
    await learner.getByLabel(/Vos remarques/).fill("Finalement, une très bonne formation.");
    await learner.getByRole("button", { name: "Envoyer mes réponses" }).click();
    await expect(learner.getByText("Vos réponses ont été mises à jour")).toBeVisible();
  } finally {
    await noScript.close();
  }

  // The console shows the one answer, free text included.
  await gotoReady(page, `/admin/enquetes/reponses?questionnaire=${HOT}&session=${sessionId}`);
  const response = page.getByTestId("survey-response").filter({ hasText: email });
  await expect(response).toHaveCount(1);
  await expect(response).toContainText("Finalement, une très bonne formation.");
  await expect(response).not.toContainText("trop froide");
  await expect(response).toContainText("5 / 5");
  await expectNoAxeViolations(page, "/admin/enquetes/reponses");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a forged or unknown link gets a French page with 404, never a 500", async ({ page }) => {
    for (const token of ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "pas-un-lien"]) {
      const response = await page.goto(`/enquete/${token}`);
      expect(response?.status()).toBe(404);
      expect(response?.headers()["cache-control"]).toBe("no-store");
      await expect(page.getByRole("heading", { level: 1, name: "Questionnaire introuvable" })).toBeVisible();
      await expect(page.getByText("Ce lien ne correspond à aucun questionnaire.")).toBeVisible();
    }
  });
});
