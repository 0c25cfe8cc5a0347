import { VISITOR } from "../../playwright.config";
import { frenchTypographyFaults } from "../support/french-text";
import { signInAsAdmin } from "./support/admin";
import { linkIn, waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { addSession, addSlots } from "./support/session";
import { drawSignature, shownText } from "./support/signature";
import { expect, test } from "./support/test";
import { ensureTrainer } from "./support/trainer";

// The trainer's personal space, end to end: staff put a trainer of the register on a slot of a
// session with a learner and invite them from their page; the trainer signs in through the e-mailed
// link on a phone (360 px), marks the learner absent on their slot and countersigns it; the
// console's émargement then shows the absence and the countersignature in the trainer's name.

// It adds a session, a learner and a trainer's account: its own server, so no other spec sees them.
test.use({ ownServer: true });

const TITLE = "TP Assistant Ressources Humaines";

test("a trainer invited from the register signs in by the e-mailed link, marks a learner absent on their slot and countersigns it at 360 px; the console's émargement shows both", async ({
  page,
  browser,
  serverUrl,
}) => {
  // A session, a slot, a learner, an invitation, a phone: slow on a shared runner.
  test.slow();
  const trainerEmail = uniqueEmail("formateur");
  const learnerEmail = uniqueEmail("stagiaire");
  await signInAsAdmin(page, "/admin");

  // The trainer in the register, with the address their space signs them in with.
  await ensureTrainer(page, "Hugo", "Garnier");
  await page.getByRole("link", { name: "Hugo Garnier" }).click();
  // The trainer's page, not the list's row (whose 'Modifier' opens the list's own dialog).
  await expect(page.getByRole("heading", { level: 1, name: "Hugo Garnier" })).toBeVisible();
  await page.getByRole("button", { name: "Modifier" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier le formateur ou la formatrice" });
  await edit.getByRole("textbox", { name: "E-mail" }).fill(trainerEmail);
  await edit.getByRole("button", { name: "Modifier" }).click();
  await expect(edit).toBeHidden();
  const trainerPage = page.url();

  // A session of last year with one slot of theirs (ended: the countersignature is open) and a learner.
  await gotoReady(page, `/admin/formations?q=${encodeURIComponent("Ressources Humaines")}`);
  await page.getByRole("link", { name: `Sessions de ${TITLE}` }).click();
  await addSession(page, { start: "2025-03-10", end: "2025-03-11", seats: 4, place: "Salle Formateurs" });
  await page.getByRole("link", { name: /^Planning de la session du 10 au 11 mars 2025/ }).click();
  await page.locator("body[data-hydrated]").waitFor();
  await addSlots(page, [{ day: "2025-03-10", start: "09:00", end: "12:00", trainer: "Hugo Garnier" }]);
  const timetableUrl = page.url();
  await gotoReady(page, "/admin/stagiaires");
  await page.getByRole("button", { name: "Ajouter un·e stagiaire" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter un·e stagiaire" });
  await dialog.getByLabel("Session").selectOption({ label: `${TITLE} – du 10 au 11 mars 2025` });
  await dialog.getByRole("textbox", { name: "Prénom", exact: true }).fill("Nina");
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Perrin");
  await dialog.getByRole("textbox", { name: "E-mail", exact: true }).fill(learnerEmail);
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Stagiaire ajouté·e").first()).toBeVisible();

  // 'Inviter dans son espace' on the trainer's page; it then offers 'Renvoyer l'invitation'.
  await gotoReady(page, trainerPage);
  await page.getByRole("button", { name: "Inviter dans son espace\u00a0: Hugo Garnier" }).click();
  await expect(page.getByText("Invitation envoyée").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Renvoyer l'invitation\u00a0: Hugo Garnier" })).toBeVisible();
  const invitation = await waitForMail(trainerEmail, "Votre espace personnel");
  const link = linkIn(invitation, `${serverUrl}/api/auth/magic-link/verify?`);

  const phone = await browser.newContext({
    ...VISITOR,
    baseURL: serverUrl,
    viewport: { width: 360, height: 780 },
  });
  try {
    const trainer = await phone.newPage();
    await trainer.goto(link);
    await expect(trainer).toHaveURL(/\/espace$/);
    const file = trainer.getByTestId("trainer-file");
    await expect(file).toContainText("Hugo Garnier");
    await file.getByRole("link", { name: "Voir mon espace formateur·rice" }).click();
    await expect(trainer.getByRole("heading", { level: 1 })).toHaveText("Hugo Garnier");
    const session = trainer.getByTestId("trainer-session").filter({ hasText: TITLE });
    await expect(session.getByTestId("trainer-learners")).toContainText("Nina Perrin");
    await expect(session.getByTestId("trainer-learners")).toContainText(learnerEmail);
    expect(frenchTypographyFaults(await shownText(trainer))).toEqual([]);
    expect(await trainer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Their slot's émargement: Nina absent, then the countersignature.
    await session.getByRole("link", { name: /^Émargement du 10 mars 2025/ }).click();
    await expect(trainer.getByRole("heading", { level: 1 })).toHaveText(/^Émargement – /);
    await trainer.locator("body[data-hydrated]").waitFor();
    const row = trainer.getByTestId("slot-learner").filter({ hasText: "Nina Perrin" });
    await row.getByRole("button", { name: "Noter la présence\u00a0: Nina Perrin" }).click();
    const mark = row.getByRole("form", { name: "Émargement de Nina Perrin" });
    await mark.getByLabel("Présence").selectOption({ label: "Absent·e" });
    await mark.getByLabel("Motif").fill("Malade");
    await mark.getByRole("button", { name: "Enregistrer" }).click();
    await expect(row).toContainText("Absent·e");
    await expect(row).toContainText("Malade");
    await drawSignature(trainer);
    await trainer.getByRole("button", { name: "Contresigner le créneau" }).click();
    await expect(trainer.getByTestId("countersignature")).toHaveText(/^Contresigné par Hugo Garnier /);
    expect(frenchTypographyFaults(await shownText(trainer))).toEqual([]);
    expect(await trainer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    await phone.close();
  }

  // The console's émargement of the slot: the absence and who countersigned.
  await gotoReady(page, timetableUrl);
  await page.getByRole("link", { name: /^Émargement de la session/ }).click();
  await page.getByRole("link", { name: /10 mars 2025/ }).click();
  const consoleRow = page.getByTestId("slot-learner").filter({ hasText: "Nina Perrin" });
  await expect(consoleRow).toContainText("Absent·e");
  await expect(consoleRow).toContainText("Malade");
  await expect(page.getByText(/^Contresigné par Hugo Garnier /)).toBeVisible();
});
