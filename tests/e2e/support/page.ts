import type { Page } from "@playwright/test";

/** Opens a page and waits for React to hydrate it, so clicks reach their handlers. */
export async function gotoReady(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator("body[data-hydrated]").waitFor();
  return response;
}

export function uniqueEmail(prefix = "visiteur") {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}
