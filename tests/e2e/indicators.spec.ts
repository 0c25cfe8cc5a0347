import { signInAsAdmin } from "./support/admin";
import { linkIn, waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, type Page, test } from "./support/test";

// Paramètres' minimum of answers is set to 1: every page of this server would show it.
test.use({ ownServer: true });

// The ready-made 'À chaud' questionnaire (written by the migration with this id).
const HOT = "5a7e0000-0000-4000-8000-000000000001";

/** Ticks an answer of the question whose legend is `question`. */
const pick = (page: Page, question: string | RegExp, answer: string) =>
  page.getByRole("group", { name: question }).getByLabel(answer, { exact: true }).check();

test("a learner's à-chaud answer becomes the course page's 'Taux de satisfaction' with '1 réponse' and its year, live, once the minimum is 1", async ({
  page,
  browser,
  serverUrl,
}) => {
  test.slow();
  const email = uniqueEmail("indicateurs");

  // Paramètres: one answer is enough to publish a rate.
  await signInAsAdmin(page, "/admin/parametres");
  await page.getByLabel("Nombre minimal de réponses pour publier un résultat").fill("1");
  await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
  await expect(page.getByText("Paramètres enregistrés").first()).toBeVisible();

  // A session that both the Enquêtes and the Stagiaires screens list, and a learner added to it.
  await gotoReady(page, "/admin/enquetes");
  const sendForm = page.getByRole("form", { name: "Envoyer un questionnaire maintenant" });
  const listed = await sendForm
    .getByLabel("Session", { exact: true })
    .locator("option")
    .evaluateAll((options) =>
      options
        .map((o) => ({ id: (o as HTMLOptionElement).value, label: o.textContent ?? "" }))
        .filter((o) => o.id),
    );
  await gotoReady(page, "/admin/stagiaires");
  await page.getByRole("button", { name: "Ajouter un·e stagiaire" }).click();
  const dialog = page.getByRole("dialog");
  const offered = await dialog
    .getByLabel("Session")
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  const session = listed.find((s) => offered.includes(s.id));
  expect(session, "a session both screens list").toBeTruthy();
  const { id: sessionId, label } = session ?? { id: "", label: "" };
  // 'TP Assistant Commercial – 5 janvier au 26 juin 2027': the formation, and the year its session ends.
  const title = label.split(" – ")[0] ?? "";
  const year = label.match(/(\d{4})\s*$/)?.[1] ?? "";
  expect(year).toMatch(/^\d{4}$/);
  await dialog.getByLabel("Session").selectOption(sessionId);
  await dialog.getByLabel("Prénom").fill("Inès");
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Martin");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(dialog).toBeHidden();

  // 'Envoyer maintenant': the à-chaud questionnaire to the session's learners.
  await gotoReady(page, "/admin/enquetes");
  await sendForm.getByLabel("Questionnaire").selectOption(HOT);
  await sendForm.getByLabel("Session", { exact: true }).selectOption(sessionId);
  await sendForm.getByRole("button", { name: "Envoyer maintenant" }).click();
  await expect(page.getByText(/invitations? envoyées?/).first()).toBeVisible();
  const link = linkIn(await waitForMail(email, "Votre avis sur"), `${serverUrl}/enquete/`);

  // The course page, open before the answer: one person asked, no answer yet, so no rate.
  const visitor = await browser.newPage();
  try {
    await visitor.goto(`${serverUrl}/formations`);
    await visitor.getByRole("link", { name: title }).first().click();
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(visitor.locator("body")).toHaveAttribute("data-live", "open");
    const results = visitor.locator(`[data-year="${year}"]`);
    await expect(results.locator('[data-indicator="satisfaction"]')).toContainText(
      `Résultats ${year}\u00a0: pas encore assez de réponses pour publier un taux (0 sur 1 nécessaires).`,
    );

    // The learner answers through the e-mailed link.
    const learner = await browser.newPage();
    try {
      await learner.goto(link);
      for (const question of [/objectifs/, /animation/, /conditions d'accueil/]) {
        await pick(learner, question, "4");
      }
      await pick(learner, /Dans l'ensemble/, "5 – Tout à fait satisfait·e");
      await pick(learner, /Recommanderiez-vous/, "Oui");
      await learner.getByRole("button", { name: "Envoyer mes réponses" }).click();
      await expect(learner.getByText("Merci, vos réponses sont enregistrées")).toBeVisible();
    } finally {
      await learner.close();
    }

    // The open page follows without a reload: the rate, its sample and its year.
    const satisfaction = results.locator('[data-indicator="satisfaction"]');
    await expect(satisfaction).toContainText("Taux de satisfaction");
    await expect(satisfaction).toContainText("100\u202f%");
    await expect(satisfaction).toContainText("1 réponse sur 1 stagiaire");
    await expect(satisfaction).toContainText(`Sessions terminées en ${year}`);
    await expect(results.getByRole("heading", { name: `Résultats ${year}` })).toBeVisible();
  } finally {
    await visitor.close();
  }
});
