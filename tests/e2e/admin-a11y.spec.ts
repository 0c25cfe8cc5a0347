import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

test("console screens and the formation editor have no axe violations (WCAG 2.1 AA)", async ({
  warmPage: page,
}) => {
  // Nine axe runs, the formation editor (with its results table) being the largest.
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  for (const path of [
    "/admin",
    "/admin/formations",
    "/admin/articles",
    "/admin/contacts",
    "/admin/temoignages",
    "/admin/utilisateurs",
    "/admin/financeurs",
    "/admin/formateurs",
    "/admin/qualiopi",
  ]) {
    await gotoReady(page, path);
    expect(await axeViolations(page), path).toEqual([]);
  }
  // The formation editor, a page of its own: new, and a formation's.
  await gotoReady(page, "/admin/formations/nouvelle");
  await expect(page.getByRole("form", { name: "Nouvelle formation" })).toBeVisible();
  expect(await axeViolations(page), "nouvelle formation").toEqual([]);
  await gotoReady(page, "/admin/formations");
  await page
    .getByRole("link", { name: /^Modifier / })
    .first()
    .click();
  await expect(page.getByRole("form", { name: /^Modifier la formation/ })).toBeVisible();
  expect(await axeViolations(page), "modifier la formation").toEqual([]);
});
