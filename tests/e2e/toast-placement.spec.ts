import { submitAdminCredentials } from "./support/admin";
import { gotoReady } from "./support/page";
import { expect, type Page, test } from "./support/test";

// A toast never hides an action: while it shows, no button, link or field of the page lies under it.
// Toasts open at the top centre, under the sticky header (app/ui/toast/sonner-toaster.tsx).
// Signing in lands on a console screen with its toast ('Connexion réussie'); the screens below have
// actions in every corner (the header's 'Déconnexion', a page's buttons, a long form's save button).

/** The page's visible actions that the toast's box overlaps, once it has finished sliding in. */
async function actionsUnderToast(page: Page): Promise<string[]> {
  await page.locator("[data-sonner-toast]").first().waitFor();
  await page.waitForFunction(() => {
    const toast = document.querySelector("[data-sonner-toast]");
    return toast?.getAttribute("data-mounted") === "true" && toast.getAnimations().length === 0;
  });
  return page.evaluate(() => {
    const toast = document.querySelector("[data-sonner-toast]")?.getBoundingClientRect();
    if (!toast) return ["(pas de notification)"];
    const under: string[] = [];
    const actions = document.querySelectorAll<HTMLElement>(
      "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button]",
    );
    for (const action of actions) {
      if (action.closest("[data-sonner-toaster]")) continue;
      if (!action.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = action.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (
        box.left < toast.right &&
        box.right > toast.left &&
        box.top < toast.bottom &&
        box.bottom > toast.top
      ) {
        under.push(action.getAttribute("aria-label") || action.textContent?.trim() || action.tagName);
      }
    }
    return under;
  });
}

for (const width of [360, 1024, 1440]) {
  for (const screen of ["/admin", "/admin/parametres", "/admin/formations"]) {
    test(`the sign-in toast on ${screen} at ${width} px covers no action`, async ({ page }) => {
      await page.setViewportSize({ width, height: 720 });
      await gotoReady(page, `/auth?redirectTo=${encodeURIComponent(screen)}`);
      await submitAdminCredentials(page);
      await expect(page.getByText("Console d'administration").first()).toBeVisible();
      expect(await actionsUnderToast(page)).toEqual([]);
    });
  }
}

// On a phone the toast takes a band of the sticky header and the page moves down under it, also on a
// scrolled page, where the browser's scroll anchoring would otherwise keep the content still under
// the grown header. A long list scrolled to its end; a toast's box arrives in the notification area
// (sonner's attributes; sonner itself is not reachable from the page to show one here).
test("at 360 px a toast on a scrolled page moves the page down instead of covering it", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 720 });
  await gotoReady(page, `/auth?redirectTo=${encodeURIComponent("/admin/formations")}`);
  await submitAdminCredentials(page);
  const toasts = page.locator("[data-sonner-toast]");
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.evaluate(() => {
    const toast = document.createElement("li");
    toast.setAttribute("data-sonner-toast", "");
    toast.setAttribute("data-mounted", "true");
    toast.textContent = "Formation enregistrée";
    toast.style.cssText = "position:fixed;inset-inline:1rem;top:var(--toast-top);height:4rem";
    document.getElementById("notifications")?.append(toast);
  });
  expect(await actionsUnderToast(page)).toEqual([]);
});
