import { linkIn, waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, test } from "./support/test";

test("a fresh start serves the home page in French with the header and footer", async ({ page }) => {
  const response = await gotoReady(page, "/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  for (const label of ["Accueil", "Formations", "Financements", "Notre centre", "Ressources", "Contact"]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Connexion" })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Mentions légales" })).toHaveAttribute(
    "href",
    "/mentions-legales",
  );
  await expect(footer.getByRole("link", { name: "Formation WordPress" })).toHaveAttribute(
    "href",
    "/formation/formation-wordpress",
  );
});

test("the stylesheet comes inside the page, survives hydration and client-side navigation, and no error is logged", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
  });
  await gotoReady(page, "/");
  const css = page.locator("style#site-css");
  const length = async () => ((await css.textContent()) ?? "").length;
  expect(await length()).toBeGreaterThan(10_000);
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  // The header's colours come from the inline sheet: a white bar, never the browser's defaults.
  await expect(page.getByRole("banner")).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  await nav.getByRole("link", { name: "Formations", exact: true }).click();
  await expect(page).toHaveURL("/formations");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await length()).toBeGreaterThan(10_000);
  expect(stylesheets).toEqual([]);
  expect(errors).toEqual([]);
});

test("an unknown path answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/cette-page-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
  await expect(page.getByText("Page introuvable")).toBeVisible();
  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(`/`);
});

test("the sign-in and sign-up tabs follow the keyboard as the ARIA tabs pattern says", async ({ page }) => {
  await gotoReady(page, "/auth?onglet=inscription");
  const signIn = page.getByRole("tab", { name: "Connexion" });
  const signUp = page.getByRole("tab", { name: "Inscription" });
  await expect(signUp).toHaveAttribute("aria-selected", "true");
  // Only the selected tab is in the Tab order; its panel is named by it.
  await expect(signUp).toHaveAttribute("tabindex", "0");
  await expect(signIn).toHaveAttribute("tabindex", "-1");
  await expect(page.getByRole("tabpanel", { name: "Inscription" }).getByLabel("Prénom")).toBeVisible();

  await signUp.focus();
  await page.keyboard.press("ArrowRight"); // wraps round to the first tab
  await expect(signIn).toBeFocused();
  await expect(signIn).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Connexion" }).getByLabel("E-mail")).toBeVisible();
  await expect(page.getByLabel("Prénom")).toHaveCount(0);

  await page.keyboard.press("End");
  await expect(signUp).toBeFocused();
  await expect(signUp).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(signIn).toHaveAttribute("aria-selected", "true");
  // Tab leaves the tab list for the panel's first field.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("tabpanel").getByLabel("E-mail")).toBeFocused();
});

test("sign-up, e-mail confirmation, sign-in, greeting and sign-out", async ({ page, serverUrl }) => {
  const email = uniqueEmail();
  await gotoReady(page, "/auth");
  await expect(page.getByRole("tab", { name: "Connexion" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Inscription" }).click();
  await page.getByLabel("Prénom").fill("Amina");
  await page.getByLabel("Nom", { exact: true }).fill("Diallo");
  await page.getByRole("tabpanel").getByLabel("E-mail").fill(email);
  await page.getByRole("tabpanel").getByLabel("Mot de passe").fill("secret1");
  await page.getByRole("button", { name: "S'inscrire" }).click();
  await expect(page.getByText("Inscription réussie")).toBeVisible();
  await expect(page.getByText("Vérifiez votre email pour confirmer votre compte")).toBeVisible();

  // Not confirmed yet: sign-in is refused with a way to get the link again.
  await page.getByRole("tabpanel").getByLabel("E-mail").fill(email);
  await page.getByRole("tabpanel").getByLabel("Mot de passe").fill("secret1");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Erreur de connexion")).toBeVisible();
  await expect(page.getByRole("button", { name: "Renvoyer le lien de confirmation" })).toBeVisible();

  const mail = await waitForMail(email, "Confirmez votre adresse e-mail");
  expect(mail.body).toContain("Bonjour Amina");
  await page.goto(linkIn(mail, `${serverUrl}/api/auth/verify-email`));
  await expect(page).toHaveURL(`/`);
  await expect(page.getByText("Adresse e-mail confirmée")).toBeVisible();
  await expect(page.getByTestId("greeting").first()).toHaveText("Bonjour, Amina");

  // Signed in: /auth sends back home.
  await page.goto("/auth");
  await expect(page).toHaveURL(`/`);

  await page.getByRole("button", { name: "Déconnexion" }).first().click();
  await expect(page.getByRole("link", { name: "Connexion" })).toBeVisible();

  // And signing in again with the password works now that the address is confirmed.
  await gotoReady(page, "/auth");
  await page.getByRole("tabpanel").getByLabel("E-mail").fill(email);
  await page.getByRole("tabpanel").getByLabel("Mot de passe").fill("secret1");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Connexion réussie")).toBeVisible();
  await expect(page.getByTestId("greeting").first()).toHaveText("Bonjour, Amina");
  // A new account has no role: nothing in the header leads to the console, which would refuse it.
  await expect(page.getByRole("banner").locator('a[href="/admin"]')).toHaveCount(0);
});

test("forgotten password: a reset link by e-mail sets a new password", async ({ page, serverUrl }) => {
  const email = uniqueEmail("oubli");
  await gotoReady(page, "/auth");
  await page.getByRole("tab", { name: "Inscription" }).click();
  await page.getByLabel("Prénom").fill("Hugo");
  await page.getByLabel("Nom", { exact: true }).fill("Petit");
  await page.getByRole("tabpanel").getByLabel("E-mail").fill(email);
  await page.getByRole("tabpanel").getByLabel("Mot de passe").fill("ancien1");
  await page.getByRole("button", { name: "S'inscrire" }).click();
  await page.goto(linkIn(await waitForMail(email, "Confirmez"), `${serverUrl}/api/auth/verify-email`));
  await expect(page.getByTestId("greeting").first()).toHaveText("Bonjour, Hugo");
  await page.getByRole("button", { name: "Déconnexion" }).first().click();
  // Signed out only once the answer is back: /auth would otherwise still send us home.
  await expect(page.getByRole("link", { name: "Connexion" })).toBeVisible();

  await gotoReady(page, "/auth");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  // Wait for the new page: the sign-in form's own Email field is still there during the transition.
  await expect(page.getByRole("heading", { name: "Mot de passe oublié ?" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByText("Si un compte existe pour cette adresse")).toBeVisible();
  await page.goto(
    linkIn(await waitForMail(email, "Réinitialisation"), `${serverUrl}/api/auth/reset-password`),
  );
  await page.getByLabel("Nouveau mot de passe").fill("nouveau1");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Mot de passe modifié")).toBeVisible();
  await page.getByRole("tabpanel").getByLabel("E-mail").fill(email);
  await page.getByRole("tabpanel").getByLabel("Mot de passe").fill("nouveau1");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByTestId("greeting").first()).toHaveText("Bonjour, Hugo");
});
