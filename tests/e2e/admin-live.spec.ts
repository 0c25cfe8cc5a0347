import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./support/admin";

test("a callback request appears on the open dashboard without a reload", async ({ page, request }) => {
  await signInAsAdmin(page, "/admin");
  await page.locator("body[data-live='open']").waitFor();
  const lastName = `Directe${Date.now()}`;
  const response = await request.post("/api/rappel", {
    form: { firstName: "Nadia", lastName, phone: "06 12 34 56 78", source: "callback_home_hero" },
    headers: { accept: "application/json" },
  });
  expect(response.status()).toBe(200);
  await expect(page.getByText(`Nadia ${lastName}`)).toBeVisible();
});
