import { signInWithoutRole } from "./support/account";
import { signInAsAdmin, submitAdminCredentials } from "./support/admin";
import { requestCallback } from "./support/callback";
import { gotoReady } from "./support/page";
import { type ElementHandle, expect, type Locator, type Page, test } from "./support/test";

// What a visitor sees of the public site's frame: toasts that leave the header's buttons alone, the
// console's button for staff only, a phone menu that Escape closes, focus rings that show on dark
// blue, readable article tables, and an e-mail address not broken inside a word.

/** Whether a click at the centre of the header button `name` reaches it (nothing covers it). */
function reachable(page: Page, name: string) {
  return page
    .getByRole("banner")
    .getByRole("button", { name, exact: true })
    .evaluate((control) => {
      const box = control.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && control.contains(hit);
    });
}

for (const { width, control } of [
  { width: 1280, control: "Déconnexion" },
  { width: 360, control: "Menu" },
]) {
  test(`at ${width} px the sign-in toast leaves the header's '${control}' free to click`, async ({
    warmPage: page,
  }) => {
    await page.setViewportSize({ width, height: 720 });
    await gotoReady(page, "/auth");
    await submitAdminCredentials(page);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Connexion réussie" });
    await expect(toast).toBeVisible();
    // Where it stays, once it has slid in.
    await toast.evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished)),
    );
    // Below the header's controls: on a phone the header grows a band for the toast, under its row.
    const controls = await page
      .getByRole("banner")
      .getByRole("button")
      .evaluateAll((buttons) => Math.max(...buttons.map((b) => b.getBoundingClientRect().bottom)));
    const box = await toast.boundingBox();
    expect(box).toBeTruthy();
    if (box) expect(box.y, "the toast starts below the header's controls").toBeGreaterThanOrEqual(controls);
    expect(await reachable(page, control)).toBe(true);
    // Measured while the toast was still on screen.
    await expect(toast).toBeVisible();
    if (control === "Déconnexion") {
      await page.getByRole("banner").getByRole("button", { name: "Déconnexion" }).click();
      await expect(page.getByRole("banner").getByRole("link", { name: "Connexion" })).toBeVisible();
    }
  });
}

test("a flash toast read again by a second page load is shown once; its close button speaks French", async ({
  page,
  request,
  serverUrl,
}) => {
  // The sign-in's flash cookie, as the answer that set it carried it (the clearing one has no value).
  let flash = "";
  page.on("response", async (response) => {
    const value = /(?:^|\n)toast=([^;]+)/.exec((await response.headerValue("set-cookie")) ?? "")?.[1];
    if (value) flash = value;
  });
  await gotoReady(page, "/auth?redirectTo=/admin/contacts");
  await submitAdminCredentials(page);
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Connexion réussie" });
  await expect(toast).toHaveCount(1);
  expect(flash).not.toBe("");
  await toast.getByRole("button", { name: "Fermer la notification" }).click();
  await expect(toast).toHaveCount(0);

  // Two loads can read the cookie before the answer that clears it is back: a console change's live
  // refresh running beside the redirect's own load. Replayed: the same cookie, then a change (a
  // callback request) whose live refresh reloads the list, the root's loader included.
  await page.context().addCookies([{ name: "toast", value: flash, url: serverUrl }]);
  const loads: string[] = [];
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      loads.push(body);
      await route.fulfill({ response, body });
    },
  );
  await page.locator("body[data-live='open']").waitFor();
  const lastName = `Toast${Date.now()}`;
  await requestCallback(request, lastName);
  const row = page.getByRole("row").filter({ hasText: lastName });
  await expect(row).toHaveCount(1);
  expect(loads.join("")).toContain("Connexion réussie");
  // A later toast goes through the same queue: once it shows, a second 'Connexion réussie' would have.
  await row.getByLabel(`Statut de la demande de Nadia ${lastName}`).selectOption("contacted");
  await expect(page.getByText("Statut mis à jour avec succès")).toBeVisible();
  // Counted now, not awaited: a second toast would leave by itself a few seconds later.
  expect(await toast.count()).toBe(0);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test("the header offers the console to staff only: not to a signed-in visitor without a role", async ({
  warmPage: page,
  browser,
}) => {
  await signInWithoutRole(page);
  await gotoReady(page, "/");
  await expect(page.getByRole("banner").getByRole("button", { name: "Déconnexion" })).toHaveCount(1);
  await expect(page.getByRole("banner").locator('a[href="/admin"]')).toHaveCount(0);

  const staff = await browser.newPage();
  try {
    await signInAsAdmin(staff);
    await gotoReady(staff, "/");
    await expect(staff.getByRole("banner").getByRole("link", { name: "Admin" })).toHaveAttribute(
      "href",
      "/admin",
    );
  } finally {
    await staff.close();
  }
});

test("at 360 px, Escape closes the menu and gives the focus back to its button", async ({
  warmPage: page,
}) => {
  await page.setViewportSize({ width: 360, height: 720 });
  await gotoReady(page, "/");
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  const menu = page.getByRole("navigation", { name: "Navigation mobile" });
  await expect(menu).toBeVisible();
  await menu.getByRole("link").first().focus();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeFocused();
});

/** The focus ring of `control` and its lowest contrast against the colours of `surface`'s gradient. */
function focusRing(control: Locator, surface: ElementHandle) {
  return control.evaluate((element, hero) => {
    // Any CSS colour as sRGB, through a canvas; then WCAG's relative luminance.
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (!canvas) throw new Error("no canvas");
    const luminance = (colour: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = colour;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b] = [...canvas.getImageData(0, 0, 1, 1).data].map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
    };
    const style = getComputedStyle(element);
    const stops =
      getComputedStyle(hero as Element).backgroundImage.match(/(?:oklch|oklab|rgba?)\([^)]*\)/g) ?? [];
    return {
      name: element.getAttribute("aria-label") ?? element.textContent?.trim(),
      focusVisible: element.matches(":focus-visible"),
      outline: `${style.outlineStyle} ${style.outlineWidth}`,
      stops: stops.length,
      lowest: Math.min(...stops.map((stop) => contrast(style.outlineColor, stop))),
    };
  }, surface);
}

test("on the course page's dark blue hero, the keyboard focus ring is at least 3:1 against it", async ({
  warmPage: page,
}) => {
  await gotoReady(page, "/formation/tp-assistant-commercial");
  const hero = page.getByRole("main").locator("section").first();
  const surface = await hero.elementHandle();
  if (!surface) throw new Error("no hero");
  const controls = hero.locator("a[href], button");
  expect(await controls.count()).toBeGreaterThan(2);
  for (const control of await controls.all()) {
    await control.focus();
    const ring = await focusRing(control, surface);
    expect(ring.focusVisible, `${ring.name}: keyboard focus`).toBe(true);
    expect(ring.outline, `${ring.name}: a ring`).toBe("solid 2px");
    expect(ring.stops, "the hero's colours").toBeGreaterThanOrEqual(2);
    // Polled: a button's colours (its ring's too) ease in over 150 ms.
    await expect
      .poll(async () => (await focusRing(control, surface)).lowest, { message: `${ring.name}: its ring` })
      .toBeGreaterThanOrEqual(3);
  }
});

test("a Markdown table in an article has borders and a header row, and scrolls in its own box at 360 px", async ({
  warmPage: page,
}) => {
  const slug = `tableau-${Date.now()}`;
  const title = `Tableau des financements ${slug}`;
  const columns = ["Dispositif", "Public", "Prise en charge", "Démarches", "Délai", "Contact"];
  const markdown = [
    "Les principaux dispositifs :",
    "",
    `| ${columns.join(" | ")} |`,
    `| ${columns.map(() => "---").join(" | ")} |`,
    "| CPF | Salarié·e ou demandeur·se d'emploi | Selon les droits acquis | Mon Compte Formation | 11 jours ouvrés | France Travail |",
    "| Transitions Pro | Salarié·e en reconversion | Totale ou partielle | Dossier auprès de Transitions Pro | Deux mois | Conseil en évolution professionnelle |",
  ].join("\n");
  await signInAsAdmin(page, "/admin/articles");
  await page.getByRole("button", { name: "Nouvel article" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvel article" });
  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await dialog.getByLabel("Slug (URL)").fill(slug);
  await dialog.getByRole("textbox", { name: "Contenu (Markdown)" }).fill(markdown);
  await dialog.getByRole("switch", { name: "Publier l'article" }).click();
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Article créé avec succès")).toBeVisible();
  try {
    await page.setViewportSize({ width: 360, height: 720 });
    await gotoReady(page, `/ressources/article/${slug}`);
    const table = page.getByRole("main").getByRole("table");
    await expect(table.getByRole("columnheader", { name: "Dispositif" })).toBeVisible();
    const look = await table.evaluate((element) => {
      const th = element.querySelector("th");
      const td = element.querySelector("td");
      if (!th || !td) throw new Error("no cells");
      const box = element.getBoundingClientRect();
      return {
        cellBorder: getComputedStyle(td).borderTopWidth,
        cellPadding: getComputedStyle(td).paddingLeft,
        headerBackground: getComputedStyle(th).backgroundColor,
        bodyBackground: getComputedStyle(document.body).backgroundColor,
        right: box.right,
        scrolls: element.scrollWidth > element.clientWidth && getComputedStyle(element).overflowX === "auto",
        pageWidth: document.documentElement.scrollWidth,
      };
    });
    expect(look.cellBorder).toBe("1px");
    expect(Number.parseFloat(look.cellPadding)).toBeGreaterThanOrEqual(8);
    expect(look.headerBackground).not.toBe(look.bodyBackground);
    expect(look.headerBackground).not.toBe("rgba(0, 0, 0, 0)");
    // Six columns do not fit 360 px: the table scrolls inside its box; the page keeps its width.
    expect(look.scrolls).toBe(true);
    expect(look.right).toBeLessThanOrEqual(360);
    expect(look.pageWidth).toBeLessThanOrEqual(360);
  } finally {
    await page.setViewportSize({ width: 1280, height: 720 });
    await gotoReady(page, `/admin/articles?q=${encodeURIComponent(slug)}`);
    await page.getByRole("button", { name: `Supprimer ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Article supprimé avec succès")).toBeVisible();
  }
});

test("at 360 px the contact page's e-mail address is on one line, not broken inside a word", async ({
  warmPage: page,
}) => {
  await page.setViewportSize({ width: 360, height: 720 });
  await gotoReady(page, "/contact");
  const address = page.getByRole("region", { name: "Nos coordonnées" }).locator('a[href^="mailto:"]');
  await expect(address).toHaveText(/^[^@\s]+@[^@\s]+$/);
  // The lines its text spans: the distinct tops of its text's boxes.
  const lines = await address.evaluate((a) => {
    const range = document.createRange();
    range.selectNodeContents(a);
    return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
  });
  expect(lines).toBe(1);
});
