import { ADMIN } from "../../playwright.config";
import { signInAsAdmin, signInAsAdminThroughTheForm, submitAdminCredentials } from "./support/admin";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, test } from "./support/test";

test("an anonymous visitor is sent to sign in, then back to the console page asked for", async ({
  warmPage: page,
}) => {
  await page.goto("/admin/formations");
  await expect(page).toHaveURL(`/auth?redirectTo=%2Fadmin%2Fformations`);
  await page.locator("body[data-hydrated]").waitFor();
  await submitAdminCredentials(page);
  await expect(page).toHaveURL(`/admin/formations`);
  await expect(page.getByRole("heading", { name: /^Formations \(\d+\)$/ })).toBeVisible();
});

test("a signed-in user without a role sees 'Accès refusé' and nothing of the console", async ({
  warmPage: page,
  serverUrl,
}) => {
  const email = uniqueEmail("sansrole");
  await gotoReady(page, "/auth");
  await page.getByRole("tab", { name: "Inscription" }).click();
  await page.getByLabel("Prénom").fill("Sans");
  await page.getByLabel("Nom", { exact: true }).fill("Role");
  await page.getByRole("tabpanel").getByLabel("E-mail").fill(email);
  await page.getByRole("tabpanel").getByLabel("Mot de passe").fill("secret1");
  await page.getByRole("button", { name: "S'inscrire" }).click();
  const { linkIn, waitForMail } = await import("./support/mail");
  await page.goto(linkIn(await waitForMail(email, "Confirmez"), `${serverUrl}/api/auth/verify-email`));
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
  await expect(
    page.getByText(
      "Vous n'avez pas les permissions nécessaires pour accéder à cette page. Contactez un administrateur pour obtenir les droits d'accès.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour à la page précédente" })).toBeVisible();
  await expect(page.getByText("Console d'administration")).toHaveCount(0);
  const csv = await page.request.get("/admin/contacts/export.csv");
  expect(csv.status()).toBe(403);
});

test("the shell: menu, user, role, placeholders, back to the site and sign-out", async ({
  warmPage: page,
}) => {
  // Signs out at the end: a session of its own, not the worker's shared one.
  await signInAsAdminThroughTheForm(page);
  await expect(page.getByTestId("admin-role")).toHaveText("Administrateur");
  const menu = page.getByRole("navigation", { name: "Console" });
  for (const label of [
    "Tableau de bord",
    "Formations",
    "Articles",
    "Candidatures",
    "Contacts",
    "Témoignages",
    "Médiathèque",
    "Utilisateurs",
    "Statistiques",
    "Paramètres",
    "Calendrier",
  ]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  // The work with people (candidates, learners, trainers, leads, complaints, Qualiopi, the calendar) is
  // grouped under 'Gestion'.
  const gestion = menu.getByRole("list", { name: "Gestion" });
  await expect(gestion.getByRole("link")).toHaveText([
    "Candidatures",
    "Stagiaires",
    "Formateurs",
    "Enquêtes",
    "Contacts",
    "Réclamations",
    "Qualiopi",
    "Calendrier",
  ]);
  await expect(page.getByText("Gestion", { exact: true })).toBeVisible();
  // The centre's money: the payers' register, the invoices, the quotes, what is owed, the exports.
  await expect(menu.getByRole("list", { name: "Facturation" }).getByRole("link")).toHaveText([
    "Financeurs",
    "Factures",
    "Devis",
    "Encours",
    "Exports comptables",
  ]);
  await expect(menu.getByRole("list", { name: "Configuration" }).getByRole("link")).toHaveText([
    "Utilisateurs",
    "Paramètres",
    "Journal d'activité",
  ]);
  await expect(page.getByTestId("sidebar-user")).toContainText(ADMIN.email);
  // 'Tableau de bord' is an exact match: not highlighted on a sub-page.
  await menu.getByRole("link", { name: "Statistiques" }).click();
  await expect(page).toHaveURL(`/admin/statistiques`);
  await expect(page.getByRole("heading", { level: 1, name: /^Statistiques/ })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Statistiques" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "Tableau de bord" })).not.toHaveAttribute(
    "aria-current",
    "page",
  );
  for (const [label, path] of [
    ["Paramètres", "parametres"],
    ["Calendrier", "calendrier"],
  ]) {
    await menu.getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(`/admin/${path}`);
    await expect(page.getByRole("heading", { name: label })).toBeVisible();
  }
  await page.getByRole("link", { name: "Retour au site" }).click();
  await expect(page).toHaveURL(`/`);
  await gotoReady(page, "/admin");
  await page.getByRole("button", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(`/`);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin/);
});

test("sidebar: toggle button, Ctrl+B, cookie kept 7 days and read by the server without a flash", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  const sidebar = page.getByTestId("sidebar");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  expect((await sidebar.boundingBox())?.width).toBeCloseTo(256, 0);

  await page.getByTestId("sidebar-trigger").click();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeCloseTo(48, 0);
  const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
  expect(cookie?.value).toBe("false");
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7.01);

  // Icon-only links keep a name and show a tooltip.
  const formations = page
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: "Formations" });
  await formations.hover();
  await expect(page.getByRole("tooltip", { name: "Formations" })).toBeVisible();

  // The server renders the collapsed state: check the HTML before any script runs.
  const html = await (await page.request.get("/admin")).text();
  expect(html).toMatch(/data-state="collapsed"/);
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");

  await page.locator("body[data-hydrated]").waitFor();
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  expect((await context.cookies()).find((c) => c.name === "sidebar_state")?.value).toBe("true");
  await page.keyboard.press("Meta+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
});

test("below 768 px the menu is an 18 rem slide-in panel", async ({ warmPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsAdmin(page);
  await expect(page.getByTestId("sidebar")).toBeHidden();
  await page.getByTestId("sidebar-trigger").click();
  const panel = page.getByTestId("sidebar-mobile");
  await expect(panel).toBeVisible();
  expect((await panel.boundingBox())?.width).toBeCloseTo(288, 0);
  await panel.getByRole("link", { name: "Contacts" }).click();
  await expect(page).toHaveURL(`/admin/contacts`);
  await expect(panel).toBeHidden();
  // No sideways scrolling of the page at 375 px.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.keyboard.press("Control+b");
  await expect(panel).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
});

test("the activity log: an administrator's change is listed, filtered by kind of record", async ({
  warmPage: page,
}) => {
  await signInAsAdmin(page, "/admin/temoignages");
  const name = `Journal ${Date.now()}`;
  await page.getByRole("button", { name: "Nouveau témoignage" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau témoignage" });
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill(name);
  await dialog
    .getByRole("textbox", { name: "Témoignage", exact: true })
    .fill("Une formation claire et concrète.");
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Témoignage créé avec succès")).toBeVisible();

  await page
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: "Journal d'activité" })
    .click();
  await expect(page.getByRole("heading", { name: /Journal d'activité/ })).toBeVisible();
  await page.getByLabel("Type d'enregistrement").selectOption("testimonial");
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/type=testimonial/);
  // The entry names the testimonial by reference (never a person) and links to it in Témoignages.
  const entry = page
    .getByRole("link", { name: /^« Témoignage \(réf\. [0-9a-f]{8}\) »$/ })
    .and(page.locator(`[href="/admin/temoignages?q=${encodeURIComponent(name)}"]`));
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(`/admin/temoignages?q=${encodeURIComponent(name)}`);
  await expect(page.getByText(name, { exact: true })).toBeVisible();
});
