import { VISITOR } from "../../playwright.config";
import { applyAndAdmit } from "./support/candidate";
import { waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, test } from "./support/test";
import { ensureTrainer } from "./support/trainer";

// A learner's personal space, end to end: admitted in the console, invited by e-mail, signed in
// through the link on a phone (360 px), their session, timetable and convocation; the link a second
// time is refused in French.
const COURSE = "/formation/formation-wordpress";

// It generates a planning and sends a convocation: its own server, so no other spec sees them.
test.use({ ownServer: true });

test("an admitted candidate is invited, signs in through the link at 360 px, sees their session and timetable, downloads their convocation; the link a second time is refused in French", async ({
  warmPage: page,
  browser,
  serverUrl,
}) => {
  // An application, an admission, a planning, a PDF and two e-mails: slow on a shared runner.
  test.slow();
  const email = uniqueEmail("espace");
  const sessionId = await applyAndAdmit(page, COURSE, email);
  const invitation = await waitForMail(email, "Votre espace personnel");
  const link = /https?:\/\/\S+\/api\/auth\/magic-link\/verify\?[^\s"<>]+/
    .exec(invitation.body)?.[0]
    .replaceAll("&amp;", "&");
  expect(link).toBeTruthy();

  // The session's planning, generated in the console with a trainer of the register, and the
  // convocation sent.
  await ensureTrainer(page, "Claire", "Dubois");
  await gotoReady(page, "/admin/formations?q=WordPress");
  await page.getByRole("link", { name: /^Sessions de Formation WordPress/ }).click();
  await page.locator(`a[href$="/sessions/${sessionId}/planning"]`).first().click();
  await page.locator("body[data-hydrated]").waitFor();
  const form = page.getByRole("form", { name: "Générer le planning" });
  for (const day of ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi"]) await form.getByLabel(day).check();
  await form.getByLabel("Formateur·rice").selectOption({ label: "Claire Dubois" });
  await form.getByRole("button", { name: "Générer le planning" }).click();
  await expect(page.getByText(/créneaux? ajoutés?/)).toBeVisible();
  await gotoReady(page, `/admin/stagiaires?q=${encodeURIComponent(email)}`);
  const row = page.getByTestId("learner").filter({ hasText: email });
  await row.getByRole("button", { name: "Envoyer la convocation à Yanis Benali" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(page.getByText("Convocation envoyée", { exact: true })).toBeVisible();
  // The invitation is recorded on the learner: 'Renvoyer l'invitation'.
  await expect(row.getByRole("button", { name: /^Renvoyer l'invitation/ })).toBeVisible();

  const phone = await browser.newContext({
    ...VISITOR,
    baseURL: serverUrl,
    viewport: { width: 360, height: 780 },
  });
  try {
    const learner = await phone.newPage();
    await learner.goto(link ?? "");
    await expect(learner).toHaveURL(/\/espace$/);
    await expect(learner.getByTestId("space-person")).toHaveText("Yanis Benali");
    const file = learner.getByTestId("learner-file");
    await expect(file).toContainText("Formation WordPress");
    await file.getByRole("link", { name: "Voir mon dossier" }).click();
    await expect(learner.getByRole("heading", { level: 1 })).toHaveText(/WordPress/);
    const slots = learner.getByTestId("timetable").getByRole("listitem");
    await expect(slots.first()).toContainText("Claire Dubois");
    expect(await slots.count()).toBeGreaterThan(0);
    expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const download = learner.waitForEvent("download");
    await learner.getByRole("link", { name: "Télécharger\u00a0: Convocation" }).click();
    expect((await download).suggestedFilename()).toBe("convocation-benali-yanis.pdf");
  } finally {
    await phone.close();
  }

  // The same link again, from another browser: refused, in French, signed in as nobody.
  const other = await browser.newContext({
    ...VISITOR,
    baseURL: serverUrl,
    viewport: { width: 360, height: 780 },
  });
  try {
    const again = await other.newPage();
    await again.goto(link ?? "");
    await expect(again).toHaveURL(/\/espace\/connexion\?lien=refuse$/);
    await expect(again.getByRole("alert")).toHaveText(
      "Ce lien de connexion a déjà servi ou a expiré. Demandez-en un nouveau.",
    );
    await expect(again.getByRole("button", { name: "Recevoir un lien de connexion" })).toBeVisible();
    expect(await again.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    await other.close();
  }
});
