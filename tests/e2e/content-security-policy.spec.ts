import { signInAsAdmin } from "./support/admin";
import { gotoReady } from "./support/page";
import { expect, type Page, test } from "./support/test";

// The pages run under their Content-Security-Policy: React Router's inline scripts (nonce on a
// fresh render, hashes on a cached copy), the lazily loaded toasts and the console's dialogs work,
// and the browser reports no blocked script, style, image, font or connection.

/** Collects the policy violations the browser reports, from the first byte of every page. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(`${event.violatedDirective} ${event.blockedURI} ${location.pathname}`);
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return violations;
}

test("public pages, fresh and cached, run their scripts under the policy", async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ["/", "/formations", "/formation/formation-wordpress", "/contact"]) {
    // The first visit may render the page; the second is the cached copy with its hashes.
    for (let visit = 0; visit < 2; visit++) {
      const response = await gotoReady(page, path);
      expect(response?.headers()["content-security-policy"], path).toContain("script-src 'self'");
    }
  }
  // Client-side navigation fetches the next page's data and lazy chunks under the same policy.
  await page.getByRole("link", { name: "Financements" }).first().click();
  await expect(page).toHaveURL(/\/financements$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test("the console's screens and dialogs run under the policy", async ({ page }) => {
  const violations = await watchViolations(page);
  await signInAsAdmin(page, "/admin/formations");
  await page.getByRole("link", { name: "Ajouter une formation" }).click();
  await expect(page.getByRole("form", { name: "Nouvelle formation" })).toBeVisible();
  await gotoReady(page, "/admin/contacts");
  expect(violations).toEqual([]);
});
