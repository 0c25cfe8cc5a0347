import { submitAdminCredentials } from "./support/admin";
import { axeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

// Removing the demo data changes every public page the other specs read: a server of its own.
test.use({ ownServer: true });

const NOTICE = "Site de démonstration";

test("the demo site says so on public pages; the dashboard lists the set-up steps and removes the demo after a confirmation", async ({
  page,
  context,
  serverUrl,
}) => {
  // Two pages, a sign-in and a removal on a freshly started server: more than one screen's worth.
  test.setTimeout(90_000);
  // Public pages: the notice, server-rendered (there before any script runs).
  const html = await (await fetch(`${serverUrl}/formations`)).text();
  expect(html).toContain(NOTICE);
  const visitor = await context.newPage();
  await gotoReady(visitor, "/");
  await expect(visitor.getByText(NOTICE)).toBeVisible();
  await visitor.locator("body[data-live=open]").waitFor();

  // The console: sign in, land on the dashboard.
  await gotoReady(page, "/auth?redirectTo=%2Fadmin");
  await submitAdminCredentials(page);
  await expect(page.getByText("Console d'administration")).toBeVisible();
  await gotoReady(page, "/admin");

  // 'Mise en route': the four steps, each linking to its screen (the demo's pages are not the centre's).
  const setup = page.getByRole("list", { name: "Étapes de mise en route" });
  await expect(setup.getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("link", { name: "Compléter l'identité" })).toHaveAttribute(
    "href",
    "/admin/parametres#settings-identite",
  );
  await expect(page.getByRole("link", { name: "Compléter les données légales" })).toHaveAttribute(
    "href",
    "/admin/parametres#settings-mentions",
  );
  await expect(page.getByRole("link", { name: "Créer une formation" })).toHaveAttribute(
    "href",
    "/admin/formations",
  );
  await expect(page.getByRole("link", { name: "Relire les pages" })).toHaveAttribute("href", "/admin/pages");

  const card = page.getByTestId("demo-data");
  await expect(card.getByRole("heading", { name: "Données de démonstration" })).toBeVisible();
  await expect(card).toContainText("5 formations, 5 articles, 6 témoignages, les textes de 5 pages (Pages)");
  expect(await axeViolations(page)).toEqual([]);

  // A cancelled confirmation removes nothing.
  const remove = card.getByRole("button", { name: "Supprimer les données de démonstration" });
  await remove.click();
  const dialog = page.getByRole("alertdialog", { name: "Supprimer les données de démonstration ?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();

  // Confirmed: the demo goes, the card leaves, the open public page drops its notice without a reload.
  await remove.click();
  await dialog.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Données de démonstration supprimées")).toBeVisible();
  await expect(card).toBeHidden();
  await expect(visitor.getByText(NOTICE)).toBeHidden();
  await gotoReady(visitor, "/formations");
  await expect(visitor.getByText(NOTICE)).toBeHidden();
  // The demo centre's identity and pages went too: the set-up steps are still to do, and the
  // pages' text is the centre's to write (its guides are no longer served).
  await expect(setup.getByRole("listitem")).toHaveCount(4);
  expect((await visitor.request.get("/documents/guide-financement.pdf")).status()).toBe(404);
  expect((await visitor.request.get("/notre-centre")).status()).toBe(404);
});
