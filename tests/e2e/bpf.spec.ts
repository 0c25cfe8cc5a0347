import { readFile } from "node:fs/promises";
import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { gotoReady, uniqueEmail } from "./support/page";
import { addSession } from "./support/session";
import { expect, test } from "./support/test";
import { ensureTrainer } from "./support/trainer";

// A session of its own with learners that stay: a server for this file alone.
test.use({ ownServer: true });

const TITLE = "TP Assistant Ressources Humaines";

test("Bilan pédagogique et financier: choose a year, see a figure, open its list of learners, download its CSV", async ({
  warmPage: page,
}) => {
  test.slow();
  // A session in March 2033 (RNCP 35030, niveau 5, NSF 315): Monday 7 and Thursday 10, 7 h each.
  await signInAsAdmin(page, "/admin");
  // The timetable picks its trainer from the register.
  await ensureTrainer(page, "Claire", "Dubois");
  await gotoReady(page, `/admin/formations?q=${encodeURIComponent("Ressources Humaines")}`);
  await page.getByRole("link", { name: `Sessions de ${TITLE}` }).click();
  await addSession(page, { start: "2033-03-07", end: "2033-03-11", seats: 6, place: "Salle BPF, Lyon" });
  await page.getByRole("link", { name: /^Planning de la session du 7 au 11 mars 2033/ }).click();
  await page.locator("body[data-hydrated]").waitFor();
  const form = page.getByRole("form", { name: "Générer le planning" });
  await form.getByLabel("Lundi").check();
  await form.getByLabel("Jeudi").check();
  await form.getByLabel("Formateur·rice").selectOption({ label: "Claire Dubois" });
  await form.getByRole("button", { name: "Générer le planning" }).click();
  await expect(page.getByTestId("timetable-hours")).toHaveText("14\u00a0h");
  const timetableUrl = page.url();

  // Two learners imported with their BPF type.
  const jobseeker = uniqueEmail("bpf-emploi");
  const employee = uniqueEmail("bpf-salarie");
  await page.goto("/admin/stagiaires/import");
  await page.locator("body[data-hydrated]").waitFor();
  const session = page.getByLabel("Session");
  const label = (await session.locator("option", { hasText: "7 au 11 mars 2033" }).textContent()) ?? "";
  await session.selectOption({ label });
  await page.getByLabel("Fichier CSV").setInputFiles({
    name: "stagiaires.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      `Prénom;Nom;E-mail;Type de stagiaire\nLina;Morel;${jobseeker};Demandeuse d'emploi\nNoé;Girard;${employee};Salarié\n`,
    ),
  });
  await page.getByRole("button", { name: "Prévisualiser" }).click();
  await page.getByRole("button", { name: "Importer 2 stagiaires" }).click();
  await expect(page.getByText("2 stagiaires importé·es").first()).toBeVisible();

  // Both present at every half-day, as staff copy a paper sheet into the émargement: the BPF counts the
  // hours attended, not the hours planned.
  await gotoReady(page, timetableUrl);
  await page.getByRole("link", { name: /^Émargement de la session/ }).click();
  await expect(page.getByRole("heading", { name: "Émargement de la session" })).toBeVisible();
  // The four half-days: Monday and Thursday, morning and afternoon.
  const slots = await page
    .getByRole("link", { name: /mars 2033, / })
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
  expect(slots).toHaveLength(4);
  for (const slot of slots) {
    await gotoReady(page, slot);
    for (const name of ["Lina Morel", "Noé Girard"]) {
      const row = page.getByTestId("slot-learner").filter({ hasText: name });
      await row.getByRole("button", { name: "Absence, retard…" }).click();
      await row.getByLabel("Présence").selectOption("present");
      await row.getByRole("button", { name: "Enregistrer", exact: true }).click();
      await expect(row).toContainText("Présent·e · Saisi par l'équipe");
    }
  }

  // Statistiques → the BPF, year 2033.
  await page.goto("/admin/statistiques");
  await page.getByRole("link", { name: "Bilan pédagogique et financier" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bilan pédagogique et financier" })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  await page.getByLabel("Année", { exact: true }).selectOption("2033");
  await page.getByRole("button", { name: "Afficher", exact: true }).click();
  await expect(page).toHaveURL(/\?annee=2033$/);

  const f1 = page.getByTestId("bpf-f1");
  const line = f1.locator('[data-line="f1-jobseeker"]');
  await expect(line).toContainText("Demandeur·euse d'emploi");
  await expect(line.getByRole("cell").nth(1)).toHaveText("1");
  await expect(line.getByRole("cell").nth(2)).toHaveText("14");
  // Each learner once in every section: the three totals are 2 learners, 28 hours-learners.
  for (const section of ["bpf-f1", "bpf-f3", "bpf-f4"]) {
    await expect(page.getByTestId(section).getByTestId("bpf-total")).toHaveText(/Total\s*2\s*28/);
  }
  await expect(page.getByTestId("bpf-f3").locator('[data-line="f3-rncp_5"]')).toContainText("2");
  await expect(page.getByTestId("bpf-f4").locator('[data-line="f4-315"]')).toContainText(
    "315 – Ressources humaines",
  );
  await expect(page.getByTestId("bpf-trainers")).toHaveText("1 formateur·rice, 14 h de formation");
  await expect(page.getByTestId("bpf-unknown")).toContainText("C – Origine des produits");

  await line.getByRole("link", { name: /1 stagiaire : Demandeur·euse d'emploi, voir la liste/ }).click();
  await expect(page).toHaveURL(/\?annee=2033&ligne=f1-jobseeker#liste$/);
  const list = page.getByTestId("bpf-list");
  await expect(list.getByRole("heading")).toHaveText("F-1 – Demandeur·euse d'emploi : 1 stagiaire en 2033");
  await expect(list.getByTestId("bpf-learner")).toHaveCount(1);
  await expect(list.getByTestId("bpf-learner")).toContainText("Lina Morel");
  await expect(list.getByTestId("bpf-learner")).toContainText(jobseeker);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    list.getByRole("link", { name: "Télécharger la liste (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("bpf-2033-f1-jobseeker.csv");
  const text = (await readFile(await download.path())).toString("utf8").replace(/^\uFEFF/, "");
  const rows = text.trim().split("\r\n");
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain(`Morel;Lina;${jobseeker};${TITLE};07/03/2033;11/03/2033;Demandeur·euse d'emploi`);
  expect(rows[1]?.endsWith(";14")).toBe(true);

  expect(await axeViolations(page)).toEqual([]);
});
