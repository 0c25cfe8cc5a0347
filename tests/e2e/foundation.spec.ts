import { linkIn, waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, test } from "./support/test";

test("a fresh start serves the home page in French with the header and footer", async ({
  warmPage: page,
}) => {
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

test("a public page carries its own rules inline, has the whole stylesheet before it hydrates, and logs no error", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(new URL(request.url()).pathname);
  });
  await page.setViewportSize({ width: 360, height: 720 });
  const response = await page.goto("/ressources/article/financer-sa-formation-avec-le-cpf");
  const html = (await response?.text()) ?? "";
  const inline = /<style id="site-css" data-subset="">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
  await page.locator("body[data-hydrated]").waitFor();
  // One stylesheet, the build's, in full and loaded by the time React took the page over.
  expect(stylesheets).toHaveLength(1);
  const whole = await page.evaluate((href) => {
    const sheet = [...document.styleSheets].find((s) => s.href?.endsWith(href));
    return sheet ? sheet.cssRules.length : 0;
  }, stylesheets[0] ?? "");
  expect(whole).toBeGreaterThan(0);
  const wholeText = await (await page.request.get(stylesheets[0] ?? "")).text();
  expect(inline.length).toBeGreaterThan(5_000);
  expect(inline.length).toBeLessThan(wholeText.length * 0.6);
  // An article has no console table: the console's rules are not in its page.
  expect(inline).not.toContain(".sticky-actions");

  // What React draws afterwards has every rule: the phone menu, a page never loaded, the callback dialog.
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  const menu = page.getByRole("navigation", { name: "Navigation mobile" });
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Être rappelé·e" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  await expect(dialog).toHaveCSS("position", "fixed");
  expect(stylesheets).toHaveLength(1);
  expect(errors).toEqual([]);
});

// Every element of a public page drawn with the page's own inline rules only (as without JavaScript)
// has the same computed style as with the whole stylesheet, on a phone and on a computer (the custom
// properties aside: those no rule of the page reads are left out, and change nothing drawn).
for (const path of [
  "/",
  "/formations",
  "/formation/tp-assistant-ressources-humaines",
  "/ressources/article/financer-sa-formation-avec-le-cpf",
  "/contact",
]) {
  test(`${path} looks the same with its own inline rules as with the whole stylesheet`, async ({
    warmPage: page,
  }) => {
    await gotoReady(page, path);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const differences = await page.evaluate(() => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
        if (!link) return ["no whole stylesheet"];
        const elements = [document.documentElement, ...document.querySelectorAll("body *")];
        const styles = () =>
          elements.map((element) => {
            const style = getComputedStyle(element);
            // Custom properties left out: the page's own rules drop those no rule of the page reads.
            return Array.from(style)
              .filter((name) => !name.startsWith("--"))
              .map((name) => `${name}: ${style.getPropertyValue(name)}`);
          });
        const whole = styles();
        link.disabled = true;
        const own = styles();
        link.disabled = false;
        return elements.flatMap((element, i) => {
          const theirs = new Set(own[i]);
          const missing = (whole[i] ?? []).filter((line) => !theirs.has(line));
          return missing.length
            ? [
                `<${element.tagName.toLowerCase()} class="${element.getAttribute("class")}"> ${missing.slice(0, 3).join("; ")}`,
              ]
            : [];
        });
      });
      expect(differences, `at ${width} px`).toEqual([]);
    }
  });
}

test("an unknown path answers 404 with the not-found page", async ({ warmPage: page }) => {
  const response = await page.goto("/cette-page-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
  await expect(page.getByText("Page introuvable")).toBeVisible();
  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(`/`);
});

test("the sign-in and sign-up tabs follow the keyboard as the ARIA tabs pattern says", async ({
  warmPage: page,
}) => {
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

test("sign-up, e-mail confirmation, sign-in, greeting and sign-out", async ({
  warmPage: page,
  serverUrl,
}) => {
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

test("forgotten password: a reset link by e-mail sets a new password", async ({
  warmPage: page,
  serverUrl,
}) => {
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
