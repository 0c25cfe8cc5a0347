import { signInAsAdmin } from "./support/admin";
import { sendApplication } from "./support/candidate";
import { linkIn, waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, test } from "./support/test";

test("a moderator sees the leads' export and erasure, and an application's erasure, disabled with the reason, and the server refuses them", async ({
  page,
  browser,
  serverUrl,
}) => {
  // Two accounts and two sign-ins, one through an e-mail link: three times the usual time.
  test.slow();
  // A lead to act on, through the public callback endpoint.
  const last = `Permission${Math.random().toString(36).slice(2, 7)}`;
  const lead = await page.request.post("/api/rappel", {
    form: {
      firstName: "Inès",
      lastName: last,
      phone: "06 12 34 56 78",
      formation: "",
      source: "callback_home_hero",
    },
    headers: { origin: serverUrl },
  });
  expect(lead.status()).toBeLessThan(400);

  // A new account, verified through its e-mail (which signs it in)…
  const email = uniqueEmail("moderateur");
  await gotoReady(page, "/auth");
  await page.getByRole("tab", { name: "Inscription" }).click();
  await page.getByLabel("Prénom").fill("Camille");
  await page.getByLabel("Nom", { exact: true }).fill("Modère");
  await page.getByRole("tabpanel").getByLabel("E-mail").fill(email);
  await page.getByRole("tabpanel").getByLabel("Mot de passe").fill("secret1");
  await page.getByRole("button", { name: "S'inscrire" }).click();
  await page.goto(linkIn(await waitForMail(email, "Confirmez"), `${serverUrl}/api/auth/verify-email`));

  // …made a moderator by an administrator in the console.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin, "/admin/utilisateurs");
  await admin.getByLabel(`Rôle de ${email}`).selectOption("moderator");
  await expect(admin.getByText("Rôle mis à jour avec succès")).toBeVisible();
  await adminContext.close();

  await gotoReady(page, `/admin/contacts?q=${last}`);
  await expect(page.getByTestId("admin-role")).toHaveText("Modérateur");
  // The status stays the moderator's to change.
  await expect(page.getByLabel(`Statut de la demande d'Inès ${last}`)).toBeEnabled();

  const exportButton = page.getByRole("button", { name: "Exporter en CSV" });
  await expect(exportButton).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("link", { name: "Exporter en CSV" })).toHaveCount(0);
  await exportButton.hover();
  await expect(page.getByRole("tooltip")).toHaveText("Réservé aux administrateurs");

  const erase = page.getByRole("button", { name: `Effacer la demande d'Inès ${last}` });
  await expect(erase).toHaveAttribute("aria-disabled", "true");
  await erase.focus();
  await expect(page.getByRole("tooltip")).toHaveText("Réservé aux administrateurs");
  // Playwright will not click an aria-disabled control; a keyboard user can still press it.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  // Past the console, the server says no as well.
  const csv = await page.request.get("/admin/contacts/export.csv");
  expect(csv.status()).toBe(403);
  // The user list is readable; roles are not editable.
  await gotoReady(page, "/admin/utilisateurs");
  await expect(page.getByText("Seul un administrateur peut modifier les rôles.")).toBeVisible();
  await expect(page.getByLabel(`Rôle de ${email}`)).toHaveCount(0);

  // An application: the moderator processes it, but its erasure is for administrators.
  const candidate = uniqueEmail("candidat-moderation");
  const form = await page.context().newPage();
  await gotoReady(form, "/formation/bac-pro-logistique/candidature");
  await sendApplication(form, candidate);
  await form.close();
  await gotoReady(page, `/admin/candidatures?q=${encodeURIComponent(candidate)}`);
  await page.getByRole("link", { name: "Voir la candidature de Yanis Benali" }).click();
  await expect(page.getByRole("button", { name: "Confirmer le changement de statut" })).toBeVisible();
  await expect(page.getByLabel("Nouveau statut")).toBeEnabled();
  const eraseApplication = page.getByRole("button", { name: "Effacer la candidature" });
  await expect(eraseApplication).toHaveAttribute("aria-disabled", "true");
  await eraseApplication.hover();
  await expect(page.getByRole("tooltip")).toHaveText("Réservé aux administrateurs");
  const posted = await page.request.post(page.url(), {
    form: { intent: "erase", id: page.url().split("/").pop() ?? "" },
    headers: { origin: serverUrl },
  });
  expect(posted.status()).toBe(403);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Candidature de Yanis Benali" })).toBeVisible();
  // Paramètres: readable, every field disabled, saving and sending the certificate reserved.
  await gotoReady(page, "/admin/parametres");
  await expect(page.getByLabel("Nom du centre")).toHaveValue(/\S/);
  await expect(page.getByLabel("Nom du centre")).toBeDisabled();
  await expect(page.getByRole("textbox", { name: "Téléphone", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Enregistrer les paramètres" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expect(page.getByRole("button", { name: "Envoyer le certificat" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
});
