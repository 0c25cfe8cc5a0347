import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { applyAndAdmit } from "./support/candidate";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, type Page, test } from "./support/test";

// No other spec counts this course's seats: admitting here takes one of them.
const COURSE = "/formation/formation-wordpress";

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test("admitting a candidate makes them a learner: the session's 'Stagiaires' link lists them", async ({
  warmPage: page,
}) => {
  // An application with a file, an admission and two axe runs: slow on a shared runner.
  test.slow();
  const email = uniqueEmail("stagiaire");
  const sessionId = await applyAndAdmit(page, COURSE, email);

  // From the formation's sessions, the session's 'Stagiaires' link.
  await gotoReady(page, "/admin/formations?q=WordPress");
  await page
    .getByRole("link", { name: /Sessions de/ })
    .first()
    .click();
  await page.locator(`a[href="/admin/stagiaires?session=${sessionId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/stagiaires\\?session=${sessionId}$`));
  const row = page.getByTestId("learner").filter({ hasText: email });
  await expect(row).toContainText("Yanis Benali");
  await expect(row).toContainText("Inscrit·e");
  // Its origin links to the application (a column shown on wide lists only).
  await expect(row.locator('a[href^="/admin/candidatures/"]')).toHaveText("Candidature admise");
  // The session has not reached its last day: its attestations wait for it, and the button says so.
  const attestations = page.getByRole("button", { name: "Envoyer les attestations" });
  await expect(attestations).toHaveAttribute("aria-disabled", "true");
  await attestations.hover();
  await expect(page.getByRole("tooltip")).toHaveText(
    /^Les attestations de fin de formation s'envoient à partir du (1er|\d{1,2}) [a-zéû]+ \d{4}, dernier jour de la session\.$/,
  );
  await gotoReady(page, page.url());
  await expectNoAxeViolations(page);
});

test("a CSV with one bad row is previewed with its French error and nothing is imported; fixed, it is imported", async ({
  warmPage: page,
}) => {
  test.slow();
  await signInAsAdmin(page, "/admin/stagiaires");
  await page.getByRole("link", { name: "Importer un CSV" }).click();
  await expect(page.getByRole("heading", { name: "Importer des stagiaires" })).toBeVisible();
  await expectNoAxeViolations(page);
  const tag = Date.now().toString(36);
  const good = `Prénom;Nom;E-mail;Entreprise\nLina;Morel;lina-${tag}@example.test;Atelier Morel\n`;
  const session = page.getByLabel("Session");
  const label = (await session.locator("option").nth(1).textContent()) ?? "";
  await session.selectOption({ label });
  await page.getByLabel("Fichier CSV").setInputFiles({
    name: "stagiaires.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${good}Noé;Girard;pas-une-adresse;\n`),
  });
  await page.getByRole("button", { name: "Prévisualiser" }).click();
  await expect(page.getByTestId("import-problems")).toContainText("1 erreur : rien n'a été importé");
  await expect(page.getByTestId("import-problems")).toContainText(
    "Ligne 3 : E-mail : Adresse e-mail invalide",
  );
  await expect(page.getByRole("button", { name: /^Importer/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel("Session").selectOption({ label });
  await page
    .getByLabel("Fichier CSV")
    .setInputFiles({ name: "stagiaires.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
  await page.getByRole("button", { name: "Prévisualiser" }).click();
  await page.getByRole("button", { name: "Importer 1 stagiaire" }).click();
  await expect(page.getByText("1 stagiaire importé·e")).toBeVisible();
  await expect(page.getByTestId("learner").filter({ hasText: `lina-${tag}@example.test` })).toContainText(
    "Import CSV",
  );
});
