// The Qualiopi evidence pack from the console: a complaint filed on the public site, then staff prepare
// the pack of the last 12 months (the default period), follow it on the page until it is ready, and
// download the ZIP: folder 31 holds the complaints register naming that complaint (CSV and PDF), and the
// index PDF at the root lists every folder of the archive; Réclamations gives the register's PDF too.
import { readFile } from "node:fs/promises";
import { frenchTypographyFaults } from "../support/french-text";
import { readStoredZip } from "../support/zip";
import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { gotoReady, uniqueEmail } from "./support/page";
import { pdfText } from "./support/pdf";
import { shownText } from "./support/signature";
import { expect, test } from "./support/test";

test("staff prepare the evidence pack of a period, see it get ready, download the ZIP: the complaints register in folder 31, every folder in the index", async ({
  warmPage: page,
}) => {
  test.setTimeout(120_000);
  // A complaint of this year, so that the register of the period has a line to show.
  await gotoReady(page, "/reclamation");
  await page.locator("body[data-hydrated]").waitFor();
  await page.getByLabel("Prénom").fill("Nadia");
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Lefèvre");
  await page.getByLabel("E-mail").fill(uniqueEmail("dossier"));
  await page.getByLabel("Vous êtes").selectOption("entreprise");
  await page.getByLabel("Catégorie").selectOption("organisation");
  await page.getByLabel("Session concernée").selectOption({ index: 1 });
  await page.getByLabel("Votre réclamation").fill("La salle de formation était trop petite pour le groupe.");
  await page.getByRole("button", { name: "Envoyer la réclamation" }).click();
  const confirmation = page.getByTestId("complaint-confirmation");
  await expect(confirmation).toContainText(/REC-\d{4}-\d{4}/);
  const reference = /REC-\d{4}-\d{4}/.exec((await confirmation.textContent()) ?? "")?.[0] ?? "";

  await signInAsAdmin(page, "/admin/qualiopi/dossier");
  await expect(page.getByRole("heading", { name: "Dossier de preuves Qualiopi", level: 1 })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  expect(await axeViolations(page), "/admin/qualiopi/dossier").toEqual([]);
  expect(frenchTypographyFaults(await shownText(page))).toEqual([]);
  // The last 12 months unless staff choose otherwise.
  const to = await page.getByRole("textbox", { name: "Au", exact: true }).inputValue();
  const from = await page.getByRole("textbox", { name: "Du", exact: true }).inputValue();
  expect(to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(Number(to.slice(0, 4)) - Number(from.slice(0, 4))).toBe(1);

  await page.getByRole("button", { name: "Préparer le dossier" }).click();
  // The pack's row appears at once (asked, under way or ready, as the worker goes), then offers its download.
  const pack = page.getByTestId("quality-pack").first();
  await expect(pack).toContainText(/En attente|En préparation|Prêt/);
  const link = pack.getByRole("link", { name: "Télécharger" });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(pack).toContainText("Prêt");
  await expect(pack).toContainText(/\d\s(Ko|Mo)/);

  const download = page.waitForEvent("download");
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`dossier-qualiopi-${from}-au-${to}.zip`);
  const entries = readStoredZip(new Uint8Array(await readFile(await file.path())));
  const names = entries.map((e) => e.name);

  const register = entries.find((e) => e.name === "31 - Réclamations et aléas/registre-des-reclamations.csv");
  expect(register, names.join("\n")).toBeTruthy();
  expect(new TextDecoder().decode(register?.data)).toContain(reference);
  // Beside it, the register to read (PDF/A): the complaint with its subject.
  const registerPdf = entries.find(
    (e) => e.name === "31 - Réclamations et aléas/registre-des-reclamations.pdf",
  );
  expect(registerPdf, names.join("\n")).toBeTruthy();
  const registerText = await pdfText(new Uint8Array(registerPdf?.data ?? []));
  expect(registerText).toContain(reference);
  expect(registerText).toContain("Organisation, planning, locaux");

  const folders = [...new Set(names.filter((n) => n.includes("/")).map((n) => n.split("/")[0] ?? ""))];
  expect(folders.length).toBeGreaterThanOrEqual(22);
  const index = entries.find((e) => e.name === "00 - Sommaire du dossier.pdf");
  expect(index).toBeTruthy();
  const text = await pdfText(new Uint8Array(index?.data ?? []));
  for (const folder of folders) expect(text).toContain(folder);

  // On a phone: the form and the list of packs fit the window.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(link).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The same register from Réclamations, this year by default.
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoReady(page, "/admin/reclamations");
  const saved = page.waitForEvent("download");
  await page.getByRole("button", { name: "Télécharger le registre (PDF)" }).click();
  const pdf = await saved;
  expect(pdf.suggestedFilename()).toMatch(
    /^registre-des-reclamations-\d{4}-01-01-au-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  expect(await pdfText(new Uint8Array(await readFile(await pdf.path())))).toContain(reference);
});
