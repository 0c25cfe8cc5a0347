import { axeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

const PUBLIC_PAGES = [
  "/",
  "/formations",
  "/formations/alternance",
  "/formations/courtes",
  "/formation/tp-assistant-ressources-humaines",
  "/formation/formation-wordpress",
  "/financements",
  "/notre-centre",
  "/ressources",
  "/ressources/article/financer-sa-formation-avec-le-cpf",
  "/mentions-legales",
  "/politique-confidentialite",
  "/cgu",
  "/reclamation",
];

for (const path of PUBLIC_PAGES) {
  test(`${path}: no serious accessibility violation, SEO tags, no other host, fits 360 px`, async ({
    warmPage: page,
    serverUrl,
  }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!["http:", "https:", "ws:", "wss:"].includes(url.protocol)) return;
      if (url.origin !== serverUrl) foreign.push(request.url());
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await gotoReady(page, path);

    expect(await axeViolations(page, { rules: "all", seriousOnly: true })).toEqual([]);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await expect(page).toHaveTitle(/Centre de Formation Avenir/);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${serverUrl}${path}`);
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBeTruthy();
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = jsonLd.map((text) => (JSON.parse(text) as { "@type": string })["@type"]);
    expect(types).toContain("EducationalOrganization");
    if (path.startsWith("/formation/")) expect(types).toContain("Course");
    if (path.startsWith("/ressources/article/")) expect(types).toContain("Article");

    // Images carry their size, so nothing shifts when they load.
    for (const img of await page.locator("main img").all()) {
      expect(await img.getAttribute("width")).toBeTruthy();
      expect(await img.getAttribute("height")).toBeTruthy();
    }
    expect(foreign).toEqual([]);
  });
}

test("the mobile menu opens and closes with the keyboard at 360 px", async ({ warmPage: page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await gotoReady(page, "/");
  const toggle = page.getByRole("button", { name: "Menu", exact: true });
  await toggle.focus();
  await page.keyboard.press("Enter");
  const mobileNav = page.getByRole("navigation", { name: "Navigation mobile" });
  await expect(mobileNav).toBeVisible();
  await mobileNav.getByRole("link", { name: "Financements" }).click();
  await expect(page).toHaveURL(`/financements`);
  await expect(mobileNav).toBeHidden();
});
