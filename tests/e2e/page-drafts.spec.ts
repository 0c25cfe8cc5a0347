import { signInAsAdmin } from "./support/admin";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

// It rewrites Notre centre, which site-pages.spec.ts reads as seeded: a server of its own.
test.use({ ownServer: true });

const DEFAULT_INTRO = "Nous accompagnons les adultes qui veulent se former";

test("Pages: Notre centre's new text is a draft: the public page keeps the old one, 'Aperçu' shows the new, 'Publier' makes it public, 'Restaurer' brings the old one back as a draft", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  const text = `Un centre à taille humaine (${Date.now()}).`;
  await signInAsAdmin(page, "/admin/pages/notre-centre");
  await expect(page.getByTestId("page-publication-state")).toHaveText("Publié");

  // The edit, saved as a draft.
  await page.getByLabel("Présentation").fill(text);
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByText("Brouillon enregistré")).toBeVisible();
  await expect(page.getByTestId("page-publication-state")).toHaveText("Modifications non publiées");

  // Visitors still read the published text.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await gotoReady(visitor, "/notre-centre");
  await expect(visitor.getByText(DEFAULT_INTRO)).toBeVisible();
  await expect(visitor.getByText(text)).toHaveCount(0);

  // 'Aperçu': the public page itself with the draft, marked, never indexed.
  const [preview] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: "Aperçu" }).click(),
  ]);
  await preview.waitForLoadState();
  await expect(preview.getByText(text)).toBeVisible();
  await expect(preview.getByRole("complementary", { name: "Aperçu" })).toContainText("Aperçu du brouillon");
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await preview.close();

  // 'Publier' on the Publication screen: visitors read it.
  await page.getByRole("link", { name: "Publication et historique" }).click();
  await expect(page.getByRole("heading", { name: "Publication\u202f: Notre centre" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Dépublier" })).toHaveCount(0);
  await expect(page.getByText("une page reste toujours en ligne")).toBeVisible();
  await page.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByText(/^Publié\s: les visiteurs voient cette version$/)).toBeVisible();
  await gotoReady(visitor, "/notre-centre");
  await expect(visitor.getByText(text)).toBeVisible();

  // 'Historique' → 'Restaurer': the old text is the draft again; visitors keep the new one.
  const history = page.getByRole("list", { name: "Versions publiées" });
  await expect(history.locator(":scope > li")).toHaveCount(2);
  await expect(history).toContainText("Présentation\u202f: modifié");
  await history.getByRole("button", { name: "Restaurer la version 1" }).click();
  await expect(page.getByText("Version 1 restaurée en brouillon")).toBeVisible();
  await expect(page.getByText("Modifications non publiées")).toBeVisible();
  await gotoReady(visitor, "/notre-centre");
  await expect(visitor.getByText(text)).toBeVisible();
  await gotoReady(page, "/notre-centre?apercu");
  await expect(page.getByText(DEFAULT_INTRO)).toBeVisible();
  await visitorContext.close();
});
