import { readFile } from "node:fs/promises";
import { formatClock } from "../../app/platform/paris-time";
import { VISITOR } from "../../playwright.config";
import { frenchTypographyFaults } from "../support/french-text";
import { signInAsAdmin, signInAsAdminThroughTheForm } from "./support/admin";
import { linkIn, waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { attachedPdfText, pdfText } from "./support/pdf";
import { addSession, addSlots } from "./support/session";
import { drawSignature, shownText } from "./support/signature";
import { expect, test } from "./support/test";
import { ensureTrainer } from "./support/trainer";

// The slot is in June 2027: the server's wall clock is moved into it, then past its end
// (tests/e2e/support/server-clock.mjs), instead of waiting for a slot to open and close.
test.use({ ownServer: "with a movable clock" });

const TITLE = "TP Assistant Ressources Humaines";
// Monday 7 June 2027, 9 h–12 h in Paris (summer time, UTC+2).
const DURING = Date.parse("2027-06-07T07:30:00Z");
const AFTER = Date.parse("2027-06-07T10:05:00Z");
// Tuesday 8 June 2027, the session's last day: its attestations can be sent.
const LAST_DAY = Date.parse("2027-06-08T08:00:00Z");

test("a learner receives their link by e-mail and signs a slot on a 360 px phone through it, once, not after its end; the sheet's PDF lists the signature and the hours, and the attestation states them", async ({
  page,
  browser,
  serverUrl,
  serverClock,
}) => {
  // A session, a slot, a learner made through the console, two phones, a PDF: slow on a shared runner.
  test.setTimeout(180_000);
  const email = uniqueEmail("emarge");
  await signInAsAdmin(page, "/admin");
  // The timetable picks its trainer from the register.
  await ensureTrainer(page, "Claire", "Dubois");
  await gotoReady(page, `/admin/formations?q=${encodeURIComponent("Ressources Humaines")}`);
  await page.getByRole("link", { name: `Sessions de ${TITLE}` }).click();
  await addSession(page, { start: "2027-06-07", end: "2027-06-08", seats: 4, place: "Salle Émargement" });

  await page.getByRole("link", { name: /^Planning de la session du 7 au 8 juin 2027/ }).click();
  await page.locator("body[data-hydrated]").waitFor();
  await addSlots(page, [{ day: "2027-06-07", start: "09:00", end: "12:00", trainer: "Claire Dubois" }]);
  const timetableUrl = page.url();

  await gotoReady(page, "/admin/stagiaires");
  await page.getByRole("button", { name: "Ajouter un·e stagiaire" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter un·e stagiaire" });
  await dialog.getByLabel("Session").selectOption({ label: `${TITLE} – du 7 au 8 juin 2027` });
  await dialog.getByRole("textbox", { name: "Prénom", exact: true }).fill("Camille");
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Lefebvre");
  await dialog.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Stagiaire ajouté·e").first()).toBeVisible();

  // The session's émargement, from its planning; the slot's signing page gives the personal link.
  await gotoReady(page, timetableUrl);
  await page.getByRole("link", { name: /^Émargement de la session/ }).click();
  await expect(page.getByRole("heading", { name: "Émargement de la session" })).toBeVisible();
  await page.getByRole("link", { name: /7 juin 2027/ }).click();
  const row = page.getByTestId("slot-learner").filter({ hasText: "Camille Lefebvre" });
  await row.getByText("Lien personnel de signature").click();
  const link = new URL((await row.getByTestId("personal-link").getAttribute("href")) ?? "").pathname;
  expect(link).toMatch(/^\/emargement\/[A-Za-z0-9_-]{43}$/);
  const sessionAttendance = page.url().replace(/\/[0-9a-f-]{36}$/, "");

  // 'Envoyer les liens par e-mail': the learner's e-mail brings the same link, at the site's address,
  // with the slot's date, times and place; the page then says when it was sent. A second click sends nothing.
  await page.getByRole("button", { name: "Envoyer les liens par e-mail" }).click();
  await expect(page.getByText("1 lien envoyé par e-mail").first()).toBeVisible();
  const mail = await waitForMail(email, `Émargement : ${TITLE}, lundi 7 juin 2027 9 h`);
  expect(mail.body.replace(/\s+/g, " ")).toContain("Salle Émargement");
  const mailed = linkIn(mail, `${serverUrl}/emargement/`);
  expect(new URL(mailed).pathname).toBe(link);
  // 'Lien envoyé le …' once the outbox has marked it delivered, a moment after the SMTP server had it.
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId("link-mail")).toHaveText(/^Lien envoyé le \d/, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.locator("body[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Envoyer les liens par e-mail" }).click();
  await expect(page.getByText("Aucun lien à envoyer").first()).toBeVisible();

  // The console leaves the screen while the clock is moved: a page revalidated in 2027 would find its
  // sign-in of today expired, and the server would end it.
  await page.goto("about:blank");

  // During the slot, on the learner's phone: two tabs of the same link, both showing the pad.
  await serverClock.set(DURING);
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: serverUrl });
  try {
    const first = await phone.newPage();
    const second = await phone.newPage();
    // The link as the learner's e-mail gives it.
    for (const tab of [first, second]) {
      await gotoReady(tab, new URL(mailed).pathname);
      await tab.locator("body[data-hydrated]").waitFor();
      await expect(tab.getByRole("button", { name: "Signer" })).toBeVisible();
    }
    expect(await first.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(first.getByText("Camille Lefebvre")).toBeVisible();
    // A learner's page: French typography, as every public page ('12 h', never '12:00:00').
    await expect(first.getByText(/^Je certifie/)).toContainText("Signature possible jusqu'à 12\u00a0h.");
    expect(frenchTypographyFaults(await shownText(first))).toEqual([]);
    await drawSignature(first);
    await first.getByRole("button", { name: "Signer" }).click();
    await expect(first.getByText("Merci, votre signature est enregistrée")).toBeVisible();
    // The server's time of the signature (a few seconds after the clock was moved): 9 h 30 in Paris on
    // the learner's page; the sheet keeps the seconds (09:30:xx), as evidence.
    await expect(first.getByText(/^Signée à /)).toHaveText(
      `Signée à ${formatClock(new Date(DURING))}. Elle ne peut plus être modifiée.`,
    );
    expect(frenchTypographyFaults(await shownText(first))).toEqual([]);
    // '9 h 30 min 12 s': the seconds are evidence, written the French way.
    const space = "[\\s\u00a0]";
    const signedAt = new RegExp(
      `${formatClock(new Date(DURING)).replaceAll("\u00a0", space)}${space}min${space}\\d\\d${space}s`,
    );

    // After the slot's end, the other tab's signature is refused, in French; the link no longer signs.
    await serverClock.set(AFTER);
    await drawSignature(second);
    await second.getByRole("button", { name: "Signer" }).click();
    await expect(second.getByRole("heading", { name: "L'émargement de ce créneau est clos" })).toBeVisible();
    await expect(second.getByText("ce lien ne permet plus de signer")).toBeVisible();
    // A learner's page: French typography, as every public page (a no-break space before ':').
    expect(frenchTypographyFaults(await shownText(second))).toEqual([]);
    await gotoReady(first, link);
    await expect(first.getByText("Vous avez déjà signé pour ce créneau")).toBeVisible();

    // The console shows the one signature; the sheet's PDF lists it with its time and the hours.
    // Back to the machine's time, where the console's sign-in is still valid.
    await serverClock.set(Date.now());
    await gotoReady(page, sessionAttendance);
    await expect(page.getByTestId("attended").filter({ hasText: "Camille Lefebvre" })).toContainText(/3\s?h/);
    // The sheet is prepared in the background, then offered for download.
    await page.locator("body[data-hydrated]").waitFor();
    await page.getByRole("button", { name: "Préparer la feuille d'émargement (PDF)" }).click();
    const sheetLink = page.getByRole("link", { name: "Télécharger la feuille d'émargement (PDF)" });
    await expect(sheetLink).toBeVisible({ timeout: 30_000 });
    const download = page.waitForEvent("download");
    await sheetLink.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^emargement-[a-z0-9-]+\.pdf$/);
    const text = await pdfText(new Uint8Array(await readFile(await file.path())));
    expect(text).toContain("Feuille d'émargement");
    expect(text).toContain("Lefebvre Camille");
    expect(text).toContain("Signé");
    expect(text).toMatch(signedAt);
    expect(text).toContain("Heures suivies par stagiaire");
    expect(text).toMatch(/Lefebvre Camille 3\sh/);

    // The attestation de fin de formation, from the session's last day: sent then by an administrator
    // who signs in then (today's sign-in has expired by 2027), it states the hours the sheet counts.
    await serverClock.set(LAST_DAY);
    const office = await browser.newContext({ baseURL: serverUrl, ...VISITOR });
    try {
      const staff = await office.newPage();
      await signInAsAdminThroughTheForm(staff, `/admin/stagiaires?q=${encodeURIComponent(email)}`);
      await staff
        .getByTestId("learner")
        .filter({ hasText: email })
        .getByRole("button", { name: "Envoyer l'attestation de fin de formation à Camille Lefebvre" })
        .click();
      await staff.getByRole("alertdialog").getByRole("button", { name: "Envoyer", exact: true }).click();
      await expect(staff.getByText("Attestation envoyée", { exact: true })).toBeVisible();
    } finally {
      await office.close();
    }
    const attestation = await attachedPdfText(await waitForMail(email, "Attestation de fin de formation"));
    expect(attestation).toContain("Camille Lefebvre");
    expect(attestation).toMatch(/Heures effectivement suivies\s?: 3 h\./);
  } finally {
    await phone.close();
  }
});
