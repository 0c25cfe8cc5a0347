import { signInAsAdmin } from "./support/admin";
import { sendApplication } from "./support/candidate";
import { waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { addSession } from "./support/session";
import { expect, test } from "./support/test";

// A session of its own (one seat, after every seeded one): no other spec counts its seats.
const COURSE = "/formation/tp-assistant-ressources-humaines";
const TITLE = "TP Assistant Ressources Humaines";

test("a seat freed by an admitted candidate is held for the first on the waiting list: flagged in the console, staff told, the proposed e-mail sent", async ({
  page,
  browser,
}) => {
  // A session created, two applications with files, three status changes, three e-mails.
  test.slow();
  await signInAsAdmin(page, `/admin/formations?q=${encodeURIComponent("Ressources Humaines")}`);
  await page.getByRole("link", { name: `Sessions de ${TITLE}` }).click();
  await addSession(page, {
    start: "2028-03-06",
    end: "2028-09-29",
    seats: 1,
    place: "Salle Liste d'attente, Lyon",
  });

  const candidates = await browser.newContext();
  const apply = async (email: string) => {
    const candidate = await candidates.newPage();
    await gotoReady(candidate, COURSE);
    const session = candidate.getByTestId("session").filter({ hasText: "Salle Liste d'attente" });
    await session.getByRole("link", { name: /Candidater/ }).click();
    await sendApplication(candidate, email);
    await candidate.close();
  };
  const open = async (email: string) => {
    await gotoReady(page, `/admin/candidatures?q=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: "Voir la candidature de Yanis Benali" }).click();
    await expect(page.getByRole("heading", { name: "Candidature de Yanis Benali" })).toBeVisible();
  };
  const setStatus = async (label: string) => {
    await page.getByLabel("Nouveau statut").selectOption({ label });
    await page.getByLabel("Envoyer un e-mail au candidat").uncheck();
    await page.getByRole("button", { name: "Confirmer le changement de statut" }).click();
    await expect(page.getByTestId("application-status")).toHaveText(label);
  };
  try {
    const admitted = uniqueEmail("place-admis");
    const waiting = uniqueEmail("place-attente");
    await apply(admitted);
    await open(admitted);
    await setStatus("Admis·e");
    // The session is full: the next candidate lands on the waiting list.
    await apply(waiting);
    await open(waiting);
    await expect(page.getByTestId("application-status")).toHaveText("Liste d'attente");
    await expect(page.getByTestId("seat-offered")).toHaveCount(0);

    // The admitted candidate withdraws: the seat goes to the waiting one.
    await open(admitted);
    await setStatus("Désisté·e");

    await gotoReady(page, `/admin/candidatures?q=${encodeURIComponent(waiting)}`);
    await expect(page.getByRole("row", { name: /Yanis Benali/ }).getByText("Place proposée")).toBeVisible();
    await page.getByRole("link", { name: "Voir la candidature de Yanis Benali" }).click();
    const offer = page.getByRole("region", { name: "Place proposée" });
    await expect(offer).toContainText("elle est réservée à cette candidature");
    await expect(page.getByTestId("history")).toContainText("Place proposée");
    const notice = await waitForMail(
      "equipe@centre.test",
      `Place libérée\u202f: proposée à Yanis Benali – ${TITLE}`,
    );
    expect(notice.body).toContain("/admin/candidatures/");

    // The proposed e-mail, edited, goes to the candidate.
    const text = offer.getByLabel("E-mail proposé au candidat");
    await expect(text).toHaveValue(
      /^Bonjour Yanis,\n\nUne place s'est libérée sur la session du 6 mars au 29 septembre 2028/,
    );
    await text.fill("Bonjour Yanis,\n\nUne place vous attend : confirmez-nous votre venue.");
    await offer.getByRole("button", { name: "Envoyer la proposition au candidat" }).click();
    await expect(page.getByText("Proposition envoyée au candidat")).toBeVisible();
    const mail = await waitForMail(waiting, `Une place s'est libérée – ${TITLE}`);
    expect(mail.body).toContain("Une place vous attend");

    // Admitted, the offer becomes the seat and the flag goes.
    await setStatus("Admis·e");
    await expect(page.getByTestId("seat-offered")).toHaveCount(0);
  } finally {
    await candidates.close();
  }
});
