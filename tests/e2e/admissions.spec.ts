import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { sendApplication } from "./support/candidate";
import { waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, test } from "./support/test";

// No other spec admits anyone on this course: its seats are this spec's to count.
const COURSE = "/formation/bac-pro-logistique";

test("staff plan an interview then admit the candidate; the course page open elsewhere loses a seat without reloading", async ({
  page,
  browser,
}) => {
  // Two browsers, an application with a file, two e-mails and an axe run: slow on a shared runner.
  test.slow();
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await gotoReady(visitor, COURSE);
    const session = visitor.getByTestId("session").first();
    const sessionId = await session.getAttribute("data-session-id");
    const seats = session.getByTestId("session-seats");
    await expect(seats).toHaveText(/^\d+ places restantes$/);
    const before = Number(/\d+/.exec((await seats.textContent()) ?? "")?.[0]);
    // Set on the open page: still there at the end means the page was never reloaded.
    await visitor.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const email = uniqueEmail("admission");
    const candidate = await visitorContext.newPage();
    await gotoReady(candidate, `${COURSE}/candidature?session=${sessionId}`);
    await sendApplication(candidate, email);
    await candidate.close();

    await signInAsAdmin(page, `/admin/candidatures?q=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: "Voir la candidature de Yanis Benali" }).click();
    await expect(page.getByRole("heading", { name: "Candidature de Yanis Benali" })).toBeVisible();
    // Opened afresh, so that the sign-in toast fading out is not part of the page axe reads.
    await gotoReady(page, page.url());
    expect(await axeViolations(page)).toEqual([]);

    // Plan the interview: date, time and place, with the proposed e-mail quoting them.
    await page.getByLabel("Nouveau statut").selectOption({ label: "Entretien planifié" });
    await page.getByRole("textbox", { name: "Date", exact: true }).fill("2027-01-08");
    await page.getByRole("textbox", { name: "Heure", exact: true }).fill("10:30");
    await page.getByLabel("Lieu ou lien de visioconférence").fill("Salle 4, 12 rue des Lilas, Lyon");
    const text = page.getByLabel("Texte de l'e-mail");
    await expect(text).toHaveValue(/^Bonjour Yanis,/);
    await expect(text).toHaveValue(
      /vendredi 8 janvier 2027 à 10\u00a0h\u00a030, lieu\u00a0: Salle 4, 12 rue des Lilas, Lyon/,
    );
    await expect(page.getByLabel("Envoyer un e-mail au candidat")).toBeChecked();
    await page.getByRole("button", { name: "Confirmer le changement de statut" }).click();
    await expect(page.getByText("Statut mis à jour et e-mail envoyé au candidat")).toBeVisible();
    await expect(page.getByTestId("application-status")).toHaveText("Entretien planifié");
    await expect(page.getByTestId("history")).toContainText(
      "Entretien le vendredi 8 janvier 2027 à 10\u00a0h\u00a030 – Salle 4, 12 rue des Lilas, Lyon",
    );
    const invitation = await waitForMail(email, "Invitation à un entretien");
    expect(invitation.body).toContain("vendredi 8 janvier 2027 à 10\u00a0h\u00a030");

    // Admit: the seat is taken, and the visitor's page follows on its own.
    await page.getByLabel("Nouveau statut").selectOption({ label: "Admis·e" });
    await expect(text).toHaveValue(/est acceptée/);
    await page.getByRole("button", { name: "Confirmer le changement de statut" }).click();
    await expect(page.getByTestId("application-status")).toHaveText("Admis·e");
    await expect(page.getByTestId("history")).toContainText("Entretien planifié → Admis·e");
    await waitForMail(email, "Votre candidature est acceptée");

    // The details page with its forms fits a phone.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByLabel("Nouveau statut").selectOption({ label: "Entretien planifié" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const after = before - 1;
    await expect(seats).toHaveText(after === 1 ? "1 place restante" : `${after} places restantes`);
    expect(await visitor.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
  } finally {
    await visitorContext.close();
  }
});

test("an administrator erases an application after confirming: back to the list, where it is gone", async ({
  warmPage: page,
}) => {
  test.slow();
  const email = uniqueEmail("effacement");
  await gotoReady(page, `${COURSE}/candidature`);
  await sendApplication(page, email);
  const search = `/admin/candidatures?q=${encodeURIComponent(email)}`;
  await signInAsAdmin(page, search);
  await page.getByRole("link", { name: "Voir la candidature de Yanis Benali" }).click();
  await page.getByRole("button", { name: "Effacer la candidature" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Effacer définitivement cette candidature ?" });
  await expect(dialog).toContainText("Droit à l'effacement (RGPD)");
  await dialog.getByRole("button", { name: "Effacer" }).click();
  await expect(page).toHaveURL(/\/admin\/candidatures$/);
  await expect(page.getByText("Candidature effacée")).toBeVisible();
  await gotoReady(page, search);
  await expect(page.getByText("Aucune candidature trouvée")).toBeVisible();
});
