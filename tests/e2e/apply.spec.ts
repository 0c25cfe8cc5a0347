import { axeViolations } from "./support/axe";
import { CV_PDF, fillApplication } from "./support/candidate";
import { waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, type Page, test } from "./support/test";

const COURSE = "/formation/formation-developpeur-web";

/** Every axe rule, best practices included (the visitor's own forms). */
async function expectNoAxeViolations(page: Page, include?: string) {
  expect(await axeViolations(page, { rules: "all", include })).toEqual([]);
}

test("a course page lists its sessions with seats, and 'Candidater' opens the form on that session", async ({
  warmPage: page,
}) => {
  // axe over a long page and megabytes of uploads: slow on a shared 2-core runner.
  test.slow();
  await gotoReady(page, COURSE);
  const sessions = page.getByTestId("session");
  await expect(sessions).toHaveCount(3);
  await expect(sessions.first()).toContainText("Du 11 janvier");
  await expect(sessions.first()).toContainText("À distance");
  await expect(sessions.first().getByTestId("session-seats")).toHaveText("12 places restantes");
  // This spec answers for the sessions section; the rest of the page has its own checks.
  await expectNoAxeViolations(page, "section[aria-labelledby=sessions]");
  const id = await sessions.nth(1).getAttribute("data-session-id");
  await sessions
    .nth(1)
    .getByRole("link", { name: /Candidater/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/candidature\\?session=${id}$`));
  await expect(page.getByLabel("Session choisie")).toHaveValue(id ?? "");

  await gotoReady(page, "/formations");
  await expect(
    page.getByRole("article").filter({ hasText: "Développeur Web" }).getByTestId("next-session"),
  ).toHaveText("Prochaine session : 11 janvier 2027");
});

test("with JavaScript: errors show before any upload, then the application is sent and acknowledged", async ({
  warmPage: page,
}) => {
  test.slow();
  const email = uniqueEmail("candidat");
  await gotoReady(page, `${COURSE}/candidature`);
  await expectNoAxeViolations(page);
  const articles: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") articles.push(r.url());
  });

  await page.getByRole("button", { name: "Envoyer ma candidature" }).click();
  await expect(page.getByText("Veuillez joindre votre CV")).toBeVisible();
  await expect(page.getByText("Le prénom doit contenir au moins 2 caractères")).toBeVisible();
  await expect(page.getByLabel("Prénom")).toBeFocused();

  await fillApplication(page, email);
  await page.getByLabel("CV").setInputFiles({
    name: "cv.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x25),
  });
  await page.getByRole("button", { name: "Envoyer ma candidature" }).click();
  await expect(page.getByText("Le fichier ne doit pas dépasser 5 Mo")).toBeVisible();
  await page.getByLabel("Lettre de motivation").setInputFiles({
    name: "lettre.exe",
    mimeType: "application/octet-stream",
    buffer: Buffer.from("MZ"),
  });
  await page.getByRole("button", { name: "Envoyer ma candidature" }).click();
  await expect(
    page.getByText("La lettre de motivation doit être un fichier PDF, DOC, DOCX ou ODT"),
  ).toBeVisible();
  expect(articles).toEqual([]);

  await page
    .getByLabel("CV")
    .setInputFiles({ name: "Mon CV.pdf", mimeType: "application/pdf", buffer: CV_PDF });
  await page.getByLabel("Lettre de motivation").setInputFiles([]);
  await page.getByRole("button", { name: "Envoyer ma candidature" }).click();
  await expect(page.getByRole("heading", { name: "Candidature envoyée" })).toBeFocused();
  await expect(page).toHaveURL(/\/formation\/formation-developpeur-web\/candidature\/envoyee$/);
  await expectNoAxeViolations(page);
  const ack = await waitForMail(email, "Votre candidature à la formation Développeur Web");
  // The acknowledgement reaches whatever address was typed: it quotes neither the name nor the file.
  expect(ack.body).toContain("1 fichier");
  expect(ack.body).not.toMatch(/Yanis|Mon CV/);
  const staff = await waitForMail("equipe@centre.test", "Nouvelle candidature : Yanis Benali");
  expect(staff.body).toContain("/admin/candidatures/");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server judges the file by its content, keeps what was typed, and then accepts the application", async ({
    page,
  }) => {
    const email = uniqueEmail("sans-js");
    await page.goto(`${COURSE}/candidature`);
    await fillApplication(page, email);
    // An executable renamed .pdf: the browser cannot tell, the server does.
    await page.getByLabel("CV").setInputFiles({
      name: "cv.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(504)]),
    });
    await page.getByRole("button", { name: "Envoyer ma candidature" }).click();
    await expect(page.getByText("Le CV doit être un fichier PDF, DOC, DOCX ou ODT")).toBeVisible();
    await expect(page.getByLabel("Prénom")).toHaveValue("Yanis");
    await expect(page.getByLabel("Vos motivations")).toHaveValue(/développeur web/);

    await page.getByLabel(/J'accepte que le centre traite/).check();
    await page
      .getByLabel("CV")
      .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: CV_PDF });
    await page.getByRole("button", { name: "Envoyer ma candidature" }).click();
    await expect(page.getByRole("heading", { name: "Candidature envoyée" })).toBeVisible();
    await waitForMail(email, "Votre candidature à la formation");
  });
});
