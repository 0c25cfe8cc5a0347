import { signInAsAdmin } from "./support/admin";
import { expect, test } from "./support/test";

// Its 55 new requests would push other specs' requests out of the dashboard's five latest: a server of
// its own.
test.use({ ownServer: true });

test("contacts: 50 a page, page links keep the search, previous/next/number in Chromium", async ({
  warmPage: page,
  request,
  serverUrl,
}) => {
  // 55 posts and a sign-in on a shared 2-core machine: more than the default 30 s at times.
  test.setTimeout(90_000);
  const last = `Paginee${Date.now().toString(36)}`;
  const statuses = await Promise.all(
    Array.from({ length: 55 }, (_, i) =>
      request
        .post("/api/rappel", {
          form: {
            firstName: `Visiteur${i + 1}`,
            lastName: last,
            phone: "06 12 34 56 78",
            source: "callback_home_hero",
          },
          headers: { accept: "application/json", origin: serverUrl },
        })
        .then((response) => response.status()),
    ),
  );
  expect(statuses.every((status) => status === 200)).toBe(true);

  await signInAsAdmin(page, `/admin/contacts?q=${last}`);
  await expect(page.getByRole("heading", { name: "Demandes de contact (55)" })).toBeVisible();
  const rows = page.getByRole("row").filter({ hasText: last });
  await expect(rows).toHaveCount(50);
  await expect(page.getByTestId("page-range")).toHaveText("1–50 sur 55");
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expect(pager.getByRole("link", { name: "Page précédente" })).toHaveCount(0);

  await pager.getByRole("link", { name: "Page suivante" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${last}&page=2$`));
  await expect(rows).toHaveCount(5);
  await expect(page.getByTestId("page-range")).toHaveText("51–55 sur 55");
  await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(pager.getByRole("link", { name: "Page suivante" })).toHaveCount(0);

  await pager.getByRole("link", { name: "Page précédente" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${last}$`));
  await expect(rows).toHaveCount(50);
  await pager.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(5);

  // A new search starts again from page 1.
  await page.getByRole("searchbox").fill(`${last} `);
  await expect(page).toHaveURL(/\?q=/);
  await expect(page).not.toHaveURL(/page=/);
});
