import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { addSession } from "./support/session";
import { expect, test } from "./support/test";
import { ensureTrainer } from "./support/trainer";

const TITLE = "TP Assistant Ressources Humaines";

test("a session's timetable generated from a pattern: Monday and Thursday, 9 h–12 h 30 and 13 h 30–17 h, Ascension skipped, 21 h in all", async ({
  warmPage: page,
}) => {
  test.slow();
  await signInAsAdmin(page, "/admin");
  // The timetable picks its trainer from the register.
  await ensureTrainer(page, "Claire", "Dubois");
  await gotoReady(page, `/admin/formations?q=${encodeURIComponent("Ressources Humaines")}`);
  await page.getByRole("link", { name: `Sessions de ${TITLE}` }).click();
  // A session of its own, from Monday 3 to Friday 14 May 2027 (Ascension: Thursday 6 May).
  await addSession(page, { start: "2027-05-03", end: "2027-05-14", seats: 6, place: "Salle Planning, Lyon" });
  const sessions = page.url();

  try {
    await page.getByRole("link", { name: /^Planning de la session du 3 au 14 mai 2027/ }).click();
    await expect(page.getByRole("heading", { name: "Planning de la session" })).toBeVisible();
    await page.locator("body[data-hydrated]").waitFor();
    await expect(page.getByTestId("timetable-hours")).toHaveText("0\u00a0h");

    const form = page.getByRole("form", { name: "Générer le planning" });
    await form.getByLabel("Lundi").check();
    await form.getByLabel("Jeudi").check();
    await expect(form.getByLabel("Matin : début")).toHaveValue("09:00");
    await expect(form.getByLabel("Matin : fin")).toHaveValue("12:30");
    await expect(form.getByLabel("Après-midi : début")).toHaveValue("13:30");
    await expect(form.getByLabel("Après-midi : fin")).toHaveValue("17:00");
    await expect(form.getByLabel("Du")).toHaveValue("2027-05-03");
    await expect(form.getByLabel("Au")).toHaveValue("2027-05-14");
    await form.getByLabel("Formateur·rice").selectOption({ label: "Claire Dubois" });
    await form.getByRole("button", { name: "Générer le planning" }).click();

    await expect(
      page.getByText(/6 créneaux ajoutés.*jour férié ignoré.*jeudi 6 mai \(Ascension\)/),
    ).toBeVisible();
    await expect(page.getByTestId("timetable-hours")).toHaveText("21\u00a0h");
    await expect(page.getByTestId("timetable-count")).toHaveText("6");
    const rows = page.getByTestId("timetable-slot");
    await expect(rows).toHaveCount(6);
    await expect(rows.filter({ hasText: "6 mai" })).toHaveCount(0);
    await expect(rows.filter({ hasText: "13 mai" })).toHaveCount(2);
    await expect(rows.first()).toContainText("Claire Dubois");
    await expect(page.getByTestId("timetable-clashes")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    // Leave the catalogue as it was: the session goes, its slots with it.
    await page.goto(sessions);
    await page.locator("body[data-hydrated]").waitFor();
    await page.getByRole("button", { name: /^Supprimer la session du 3 au 14 mai 2027/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Session supprimée avec succès")).toBeVisible();
  }
});

test("an unknown session's planning and émargement answer 404 with the same French page and the way back", async ({
  warmPage: page,
}) => {
  await signInAsAdmin(page);
  const unknown = `/admin/formations/${crypto.randomUUID()}/sessions/${crypto.randomUUID()}`;
  for (const path of [`${unknown}/planning`, `${unknown}/emargement`]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const alert = page.getByRole("alert").filter({ hasText: "404" });
    await expect(alert.getByRole("heading", { level: 1, name: "Session introuvable" })).toBeVisible();
    await expect(alert.getByText("Cette session n'existe pas ou a été supprimée.")).toBeVisible();
    await expect(alert.getByRole("link", { name: "Retour aux formations" })).toHaveAttribute(
      "href",
      "/admin/formations",
    );
  }
});
