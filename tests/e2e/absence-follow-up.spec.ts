import { formatDateRange, formatDay } from "../../app/features/catalogue/sessions";
import { addDays, parisToday } from "../../app/platform/dates";
import { signInAsAdmin } from "./support/admin";
import { linkIn, waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { addSession, addSlots } from "./support/session";
import { expect, test } from "./support/test";
import { ensureTrainer } from "./support/trainer";

// Indicator 12 is read over the whole centre: a server of its own, so no other spec's alert stays open.
test.use({ ownServer: true });

const TITLE = "TP Assistant Ressources Humaines";
/** The centre's recipient of new requests (CONTACT_NOTIFY_EMAIL of the e2e servers). */
const STAFF = "equipe@centre.test";

/** Two past days in a row, neither the first of a month (the slot's heading would say '1er'). */
function pastDays(): [string, string] {
  for (let back = 20; ; back += 1) {
    const first = addDays(parisToday(), -back);
    const second = addDays(first, 1);
    if (!first.endsWith("-01") && !second.endsWith("-01")) return [first, second];
  }
}

test("staff mark a learner absent on two slots in a row: the dashboard and the staff's e-mail name them; 'Appel' on their file clears the alert and indicator 12 turns 'Prouvé'", async ({
  page,
  serverUrl,
}) => {
  test.setTimeout(180_000);
  const [first, second] = pastDays();
  const email = uniqueEmail("absences");
  await signInAsAdmin(page, "/admin");
  await ensureTrainer(page, "Claire", "Dubois");
  await gotoReady(page, `/admin/formations?q=${encodeURIComponent("Ressources Humaines")}`);
  await page.getByRole("link", { name: `Sessions de ${TITLE}` }).click();
  await addSession(page, { start: first, end: second, seats: 4, place: "Salle Assiduité" });
  const range = formatDateRange(first, second);
  await page.getByRole("link", { name: new RegExp(`^Planning de la session ${range}`) }).click();
  await page.locator("body[data-hydrated]").waitFor();
  await addSlots(page, [
    { day: first, start: "09:00", end: "12:00", trainer: "Claire Dubois" },
    { day: second, start: "09:00", end: "12:00", trainer: "Claire Dubois" },
  ]);
  const timetableUrl = page.url();

  await gotoReady(page, "/admin/stagiaires");
  await page.getByRole("button", { name: "Ajouter un·e stagiaire" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter un·e stagiaire" });
  await dialog.getByLabel("Session").selectOption({ label: `${TITLE} – ${range}` });
  await dialog.getByRole("textbox", { name: "Prénom", exact: true }).fill("Inès");
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Absalon");
  await dialog.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Stagiaire ajouté·e").first()).toBeVisible();

  // Absent on each slot, from the console's émargement.
  for (const day of [first, second]) {
    await gotoReady(page, timetableUrl);
    await page.getByRole("link", { name: /^Émargement de la session/ }).click();
    await page.getByRole("link", { name: new RegExp(formatDay(day)) }).click();
    await page.locator("body[data-hydrated]").waitFor();
    const row = page.getByTestId("slot-learner").filter({ hasText: "Inès Absalon" });
    await row.getByRole("button", { name: "Absence, retard…" }).click();
    const mark = row.getByRole("form", { name: "Émargement de Inès Absalon" });
    await mark.getByLabel("Présence").selectOption({ label: "Absent·e" });
    await mark.getByRole("button", { name: "Enregistrer" }).click();
    await expect(row).toContainText("Absent·e");
  }

  // The dashboard lists the alert; the staff's e-mail names the learner and links to their file.
  await gotoReady(page, "/admin");
  const card = page.getByTestId("dashboard-absence-alerts");
  await expect(card.getByRole("heading", { name: "Absences à suivre" })).toBeVisible();
  await expect(card).toContainText("Absences consécutives\u00a0: 2 créneaux");
  const mail = await waitForMail(STAFF, "Absences à suivre : Inès Absalon");
  expect(mail.body.replace(/\s+/g, " ")).toContain(TITLE);
  const fileUrl = linkIn(mail, `${serverUrl}/admin/stagiaires/`);
  expect(new URL(fileUrl).pathname).toMatch(/^\/admin\/stagiaires\/[0-9a-f-]{36}\/suivi$/);

  // Indicator 12 waits for the follow-up.
  await gotoReady(page, "/admin/qualiopi");
  await expect(page.getByTestId("indicator-12").getByTestId("indicator-state")).toHaveText("À compléter");

  // 'Appel' on the learner's file, reached from the dashboard.
  await gotoReady(page, "/admin");
  await card.getByRole("link", { name: "Inès Absalon" }).first().click();
  await expect(page.getByRole("heading", { name: "Suivi des absences de Inès Absalon" })).toBeVisible();
  await expect(page).toHaveURL(new URL(fileUrl).pathname);
  await page.locator("body[data-hydrated]").waitFor();
  const form = page.getByRole("form", { name: "Noter un suivi" });
  await form.getByLabel("Suivi").selectOption({ label: "Appel" });
  await form.getByLabel("Note").fill("Joint par téléphone : reprend lundi.");
  await form.getByRole("button", { name: "Enregistrer le suivi" }).click();
  await expect(page.getByText("Suivi enregistré").first()).toBeVisible();
  await expect(page.getByTestId("follow-ups")).toContainText("Appel");
  await expect(page.getByTestId("follow-ups")).toContainText("Joint par téléphone : reprend lundi.");
  await expect(page.getByTestId("absence-alerts")).not.toContainText("À suivre");

  // The alert leaves the dashboard; indicator 12 is proven.
  await gotoReady(page, "/admin");
  await expect(page.getByTestId("dashboard-absence-alerts")).toBeHidden();
  await gotoReady(page, "/admin/qualiopi");
  await expect(page.getByTestId("indicator-12").getByTestId("indicator-state")).toHaveText("Prouvé");
});
