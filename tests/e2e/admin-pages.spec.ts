import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

// It rewrites Notre centre, which site-pages.spec.ts reads as seeded: a server of its own.
test.use({ ownServer: true });

test("Pages: edit Notre centre, see the preview, a refusal keeps what was typed, 'Publier' and the public page shows the new text at once", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A visitor already reading the page: it follows the change without reloading.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await gotoReady(visitor, "/notre-centre");
  await visitor.locator("body[data-live=open]").waitFor();

  await signInAsAdmin(page, "/admin/pages");
  await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pages", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  for (const title of [
    "Accueil",
    "Notre centre",
    "Financements",
    "Ressources",
    "Contact",
    "Mentions légales",
    "Politique de confidentialité",
    "Conditions générales d'utilisation",
  ]) {
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  }
  expect(await axeViolations(page), "/admin/pages").toEqual([]);

  await page.getByRole("link", { name: "Notre centre", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notre centre" })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  expect(await axeViolations(page), "/admin/pages/notre-centre").toEqual([]);

  // The Markdown's live preview, rendered as the site renders it (raw HTML shown as text).
  const mission = page.getByLabel("Notre mission");
  await mission.fill(
    "Former près de chez vous.\n\n### Proximité\n\nDes sessions dans votre ville. <b>gras</b>",
  );
  const preview = page.getByTestId("page-mission-preview");
  await expect(preview.getByRole("heading", { level: 3, name: "Proximité" })).toBeVisible();
  await expect(preview).toContainText("<b>gras</b>");

  // An empty required field is refused in French; what was typed elsewhere stays.
  const intro = page.getByLabel("Présentation");
  await intro.fill("");
  await page.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByText("Ce champ est obligatoire").first()).toBeVisible();
  await expect(intro).toHaveAttribute("aria-invalid", "true");
  await expect(mission).toHaveValue(/### Proximité/);

  const text = `Un centre à taille humaine (${Date.now()}).`;
  await intro.fill(text);
  await page.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByText("Page «\u202fNotre centre\u202f» publiée")).toBeVisible();

  // The open page shows it without a reload; a new visit too.
  await expect(visitor.getByText(text)).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 3, name: "Proximité" })).toBeVisible();
  await gotoReady(visitor, "/notre-centre");
  await expect(visitor.getByText(text)).toBeVisible();
  await visitorContext.close();

  await gotoReady(page, "/admin/pages");
  await expect(page.getByTestId("page-state-notre-centre")).toContainText("Modifiée le");
});
