import { readFile } from "node:fs/promises";
import { extractText, getDocumentProxy } from "unpdf";
import { VISITOR } from "../../playwright.config";
import { frenchTypographyFaults } from "../support/french-text";
import { signInAsAdmin, signInAsAdminThroughTheForm } from "./support/admin";
import { gotoReady, uniqueEmail } from "./support/page";
import { addSession, addSlots } from "./support/session";
import { drawSignature, shownText } from "./support/signature";
import { expect, test } from "./support/test";
import { ensureTrainer } from "./support/trainer";

// Two slots in June 2027: the server's wall clock is moved into the second one
// (tests/e2e/support/server-clock.mjs), when the first has ended.
test.use({ ownServer: "with a movable clock" });

const TITLE = "TP Assistant Ressources Humaines";
// Tuesday 15 June 2027, 9 h 30 in Paris (summer time, UTC+2): the second slot is open.
const DURING_SECOND = Date.parse("2027-06-15T07:30:00Z");

test("a learner signs on a 360 px phone through the room's QR code with their own code; 'Tous présents' marks a past slot of 12 in one action; the sheet prints no 'Non renseigné'", async ({
  page,
  browser,
  serverUrl,
  serverClock,
}) => {
  // A session, two slots, twelve learners imported, a phone, a second sign-in, a PDF: slow on a shared runner.
  test.setTimeout(240_000);
  await signInAsAdmin(page, "/admin");
  // The timetable picks its trainer from the register.
  await ensureTrainer(page, "Claire", "Dubois");
  await gotoReady(page, `/admin/formations?q=${encodeURIComponent("Ressources Humaines")}`);
  await page.getByRole("link", { name: `Sessions de ${TITLE}` }).click();
  await addSession(page, { start: "2027-06-14", end: "2027-06-15", seats: 14, place: "Salle QR" });
  await page.getByRole("link", { name: /^Planning de la session du 14 au 15 juin 2027/ }).click();
  await page.locator("body[data-hydrated]").waitFor();
  await addSlots(
    page,
    ["2027-06-14", "2027-06-15"].map((day) => ({
      day,
      start: "09:00",
      end: "12:00",
      trainer: "Claire Dubois",
    })),
  );
  const timetableUrl = page.url();

  // Twelve learners, imported at once.
  const rows = Array.from(
    { length: 12 },
    (_, i) => `Prénom${i};Salle${String(i).padStart(2, "0")};${uniqueEmail(`qr${i}`)}`,
  );
  await page.goto("/admin/stagiaires/import");
  await page.locator("body[data-hydrated]").waitFor();
  const session = page.getByLabel("Session");
  await session.selectOption({
    label: (await session.locator("option", { hasText: "14 au 15 juin 2027" }).textContent()) ?? "",
  });
  await page.getByLabel("Fichier CSV").setInputFiles({
    name: "stagiaires.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`Prénom;Nom;E-mail\n${rows.join("\n")}\n`),
  });
  await page.getByRole("button", { name: "Prévisualiser" }).click();
  await page.getByRole("button", { name: "Importer 12 stagiaires" }).click();
  await expect(page.getByText("12 stagiaires importé·es").first()).toBeVisible();

  // The second slot's page: each learner's personal code; 'Afficher le QR code' shows it full screen.
  await gotoReady(page, timetableUrl);
  await page.getByRole("link", { name: /^Émargement de la session/ }).click();
  await expect(page.getByRole("heading", { name: "Émargement de la session" })).toBeVisible();
  const sessionAttendance = page.url();
  const firstSlot = await page.getByRole("link", { name: /14 juin 2027/ }).getAttribute("href");
  await page.getByRole("link", { name: /15 juin 2027/ }).click();
  await expect(page.getByRole("heading", { name: /^Émargement – mardi 15 juin 2027/ })).toBeVisible();
  const learner = page.getByTestId("slot-learner").filter({ hasText: "Prénom0 Salle00" });
  const code = (await learner.getByTestId("learner-code").textContent()) ?? "";
  expect(code).toMatch(/^[A-Z2-9]{3} [A-Z2-9]{3}$/);
  await page.getByRole("link", { name: "Afficher le QR code" }).click();
  await expect(page.getByRole("heading", { name: "Émargement – scannez pour signer" })).toBeVisible();
  const qr = page.getByTestId("room-qr-code");
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())?.width ?? 0).toBeGreaterThan(300);
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  const roomUrl = (await page.getByTestId("room-url").textContent()) ?? "";
  expect(roomUrl).toMatch(new RegExp(`^${serverUrl}/emargement/salle/[A-Za-z0-9_-]{43}$`));
  // The console leaves the screen while the clock is moved (its sign-in of today would expire in 2027).
  await page.goto("about:blank");

  await serverClock.set(DURING_SECOND);
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: serverUrl });
  try {
    const tab = await phone.newPage();
    await gotoReady(tab, new URL(roomUrl).pathname);
    await tab.locator("body[data-hydrated]").waitFor();
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // A wrong code names nobody.
    await tab.getByLabel("Votre code d'émargement").fill("ZZZ 222");
    await tab.getByRole("button", { name: "Continuer" }).click();
    await expect(tab.getByRole("alert")).toContainText("Ce code ne correspond à aucun·e stagiaire");
    // Their own code, as typed on a phone: their name, then the pad.
    await tab.getByLabel("Votre code d'émargement").fill(code.toLowerCase());
    await tab.getByRole("button", { name: "Continuer" }).click();
    await expect(tab.getByTestId("room-learner")).toHaveText("Prénom0 Salle00");
    expect(frenchTypographyFaults(await shownText(tab))).toEqual([]);
    await drawSignature(tab);
    await tab.getByRole("button", { name: "Signer" }).click();
    await expect(tab.getByText("Merci, votre signature est enregistrée")).toBeVisible();
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    await phone.close();
  }

  // The first slot has ended: 'Tous présents' marks the twelve in one action.
  const office = await browser.newContext({ baseURL: serverUrl, ...VISITOR });
  try {
    const staff = await office.newPage();
    await signInAsAdminThroughTheForm(staff, firstSlot ?? "");
    await staff.getByRole("button", { name: "Tous présents" }).click();
    await staff.getByRole("alertdialog").getByRole("button", { name: "Tous présents" }).click();
    await expect(staff.getByText("12 stagiaires marqué·es présent·es").first()).toBeVisible();
    await expect(
      staff.getByTestId("slot-learner").filter({ hasText: "Présent·e · Saisi par l'équipe" }),
    ).toHaveCount(12);
    await expect(staff.getByRole("button", { name: "Tous présents" })).toHaveCount(0);

    // The signed sheet, prepared in the background: the QR signature, the eleven empty boxes, no 'Non renseigné'.
    await gotoReady(staff, new URL(sessionAttendance).pathname);
    await staff.getByRole("button", { name: "Préparer la feuille d'émargement (PDF)" }).click();
    const link = staff.getByRole("link", { name: "Télécharger la feuille d'émargement (PDF)" });
    await expect(link).toBeVisible({ timeout: 30_000 });
    const download = staff.waitForEvent("download");
    await link.click();
    const file = await download;
    const bytes = new Uint8Array(await readFile(await file.path()));
    const text = (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text.replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain("Salle00 Prénom0");
    expect(text).toContain("Signé");
    expect(text).not.toContain("Non renseigné");
  } finally {
    await office.close();
  }
});
