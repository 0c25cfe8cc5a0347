import AxeBuilder from "@axe-core/playwright";
import { signInAsAdmin } from "./support/admin";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

test("console screens and the formation dialog have no axe violations (WCAG 2.1 AA)", async ({
  warmPage: page,
}) => {
  // Seven axe runs, the formation dialog (with its results table) being the largest.
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  for (const path of [
    "/admin",
    "/admin/formations",
    "/admin/articles",
    "/admin/contacts",
    "/admin/temoignages",
    "/admin/utilisateurs",
  ]) {
    await gotoReady(page, path);
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21aa"])
      .analyze();
    expect(violations.map((v) => `${path}: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
  }
  await gotoReady(page, "/admin/formations");
  await page.getByRole("button", { name: "Ajouter une formation" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  expect(violations.map((v) => `dialog: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
});
