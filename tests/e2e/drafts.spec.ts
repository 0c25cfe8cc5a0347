import { signInAsAdmin } from "./support/admin";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

test("a published formation's new title is a draft: the public page keeps the old one, 'Aperçu' shows the new, 'Publier' makes it public, 'Restaurer' brings the old one back as a draft", async ({
  page,
  context,
  serverUrl,
}) => {
  // Twenty-odd page loads and saves in one story: on a shared runner it outlasts the default 30 s.
  test.slow();
  const tag = Math.random().toString(36).slice(2, 7);
  const before = `Soudure ${tag}`;
  const after = `Soudure avancée ${tag}`;
  const slug = `soudure-${tag}`;
  await signInAsAdmin(page, "/admin/formations");
  // A published formation of this test's own.
  const created = await page.request.post("/admin/formations", {
    headers: { origin: serverUrl },
    form: {
      intent: "create",
      title: before,
      slug,
      formationType: "courte",
      duration: "2 mois",
      entryLevel: "sans-niveau",
      pricing: "gratuit",
      description: "Souder en sécurité.",
      active: "on",
    },
  });
  expect(created.status()).toBeLessThan(400);

  // The edit, saved as a draft.
  await gotoReady(page, `/admin/formations?q=${encodeURIComponent(before)}`);
  await page.getByRole("link", { name: `Modifier ${before}` }).click();
  const edit = page.getByRole("form", { name: /^Modifier la formation/ });
  await edit.getByRole("textbox", { name: "Titre", exact: true }).fill(after);
  await edit.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByText("Brouillon enregistré")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: after });
  await expect(row).toContainText("Modifications non publiées");

  // Visitors still see the published title.
  const visitor = await context.browser()?.newContext();
  if (!visitor) throw new Error("no browser");
  const publicPage = await visitor.newPage();
  await gotoReady(publicPage, `${serverUrl}/formation/${slug}`);
  await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(before);

  // 'Aperçu': the course page itself with the draft, marked, never indexed; not for visitors.
  await row.getByRole("link", { name: `Publication de ${after}` }).click();
  await expect(page.getByRole("heading", { name: `Publication\u202f: ${after}` })).toBeVisible();
  const [preview] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: "Aperçu" }).click(),
  ]);
  await preview.waitForLoadState();
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(after);
  await expect(preview.getByRole("complementary", { name: "Aperçu" })).toContainText("Aperçu du brouillon");
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const previewUrl = `/formation/${slug}?apercu`;
  expect((await page.request.get(previewUrl)).headers()["x-robots-tag"]).toContain("noindex");
  expect((await publicPage.request.get(`${serverUrl}${previewUrl}`, { maxRedirects: 0 })).status()).toBe(302);
  await preview.close();

  // 'Publier'.
  await page.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByText(/^Publié\s: les visiteurs voient cette version$/)).toBeVisible();
  await gotoReady(publicPage, `${serverUrl}/formation/${slug}`);
  await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(after);

  // 'Historique' → 'Restaurer': the old title comes back as a draft; visitors keep the new one.
  const history = page.getByRole("list", { name: "Versions publiées" });
  await expect(history.locator(":scope > li")).toHaveCount(2);
  await expect(history).toContainText(`Titre\u202f: «\u202f${before}\u202f» → «\u202f${after}\u202f»`);
  await history.getByRole("button", { name: "Restaurer la version 1" }).click();
  await expect(page.getByText("Version 1 restaurée en brouillon")).toBeVisible();
  await expect(page.getByText("Modifications non publiées")).toBeVisible();
  await gotoReady(publicPage, `${serverUrl}/formation/${slug}`);
  await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(after);
  await gotoReady(page, previewUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(before);
  await visitor.close();
});
