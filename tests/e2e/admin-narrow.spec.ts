import { signInAsAdmin } from "./support/admin";
import { sendApplication } from "./support/candidate";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, type Page, test } from "./support/test";

// The console on a laptop with its sidebar open (1024 px leaves the lists 720 px) and on a phone
// (360 px): the page never scrolls sideways, and every row's actions are on screen, where a click
// reaches them, without scrolling a table sideways first.

/** The list screens, each with the row controls a member of staff acts with (its last column). */
const LISTS = [
  "/admin/candidatures",
  "/admin/formations",
  "/admin/contacts",
  "/admin/articles",
  "/admin/temoignages",
  "/admin/utilisateurs",
  "/admin/financeurs",
];

/** A lead and an application with long names, so the lists hold rows as wide as real ones. */
async function longRecords(page: Page, serverUrl: string) {
  const lead = await page.request.post("/api/rappel", {
    form: {
      firstName: "Marie-Charlotte",
      lastName: "de La Fontaine-Beaumarchais",
      phone: "06 12 34 56 78",
      formation: "TP Assistant Ressources Humaines",
      source: "callback_course_page",
    },
    headers: { origin: serverUrl, accept: "application/json" },
  });
  expect(lead.status()).toBe(200);
  await gotoReady(page, "/formation/formation-developpeur-web/candidature");
  await sendApplication(page, uniqueEmail("candidate-au-nom-long"));
}

/** A payer with a long name and e-mail, entered in the Financeurs dialog (the register starts empty). */
async function longPayer(page: Page) {
  await gotoReady(page, "/admin/financeurs");
  await page.getByRole("button", { name: "Nouveau financeur" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau financeur" });
  await dialog
    .getByLabel("Nom / raison sociale")
    .fill("Société coopérative de production des Ateliers Réunis");
  await dialog.getByLabel("SIREN").fill("732 829 320");
  await dialog.getByLabel("Adresse").fill("12 rue de la République");
  await dialog.getByLabel("Code postal").fill("69002");
  await dialog.getByLabel("Ville").fill("Villefranche-sur-Saône");
  await dialog.getByLabel("E-mail de facturation").fill("comptabilite.fournisseurs@ateliers-reunis.example");
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(dialog).toBeHidden();
}

interface RowControl {
  name: string;
  left: number;
  right: number;
  /** What a click at its centre would reach: the control itself, or what covers it. */
  hit: boolean;
}

/**
 * Every control of every row's last cell, measured in one pass (a live refresh cannot change the rows
 * half-way): where it is, and whether a click at its centre reaches it once the window scrolled down to
 * it. Only the window scrolls, never the table: a control one must scroll a table sideways to find
 * counts as off-screen.
 */
function rowControls(page: Page): Promise<RowControl[]> {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll("main table tbody tr")].flatMap((row) => [
      ...(row.lastElementChild?.querySelectorAll<HTMLElement>("a[href], button, select") ?? []),
    ]);
    return controls.map((control) => {
      const before = control.getBoundingClientRect();
      window.scrollBy(0, before.top - window.innerHeight / 2);
      const box = control.getBoundingClientRect();
      const reached = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return {
        name: control.getAttribute("aria-label") ?? control.textContent ?? control.tagName,
        left: box.left,
        right: box.right,
        hit: reached !== null && control.contains(reached),
      };
    });
  });
}

for (const width of [1024, 360]) {
  test(`at ${width} px, each console list fits the window and every row action is on screen and clickable`, async ({
    warmPage: page,
    serverUrl,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 768 });
    await longRecords(page, serverUrl);
    await signInAsAdmin(page, LISTS[0]);
    await longPayer(page);
    // The laptop case: the sidebar open beside the list.
    if (width === 1024) await expect(page.getByTestId("sidebar")).toHaveAttribute("data-state", "expanded");
    for (const path of LISTS) {
      await gotoReady(page, path);
      await expect(page.locator("main table tbody tr").first()).toBeVisible();
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth, `${path}: page width`).toBeLessThanOrEqual(width);
      const controls = await rowControls(page);
      expect(controls.length, `${path}: row actions`).toBeGreaterThan(0);
      const offScreen = controls.filter((c) => c.left < 0 || c.right > width).map((c) => c.name);
      expect(offScreen, `${path}: actions outside the window`).toEqual([]);
      expect(
        controls.filter((c) => !c.hit).map((c) => c.name),
        `${path}: actions covered`,
      ).toEqual([]);
      const search = page.getByRole("searchbox");
      if ((await search.count()) > 0) {
        // The search box keeps room to type in, whatever the filters beside it.
        expect((await search.boundingBox())?.width, `${path}: search box`).toBeGreaterThanOrEqual(200);
      }
    }
  });
}

test("Candidatures: the candidate's name opens the application", async ({ warmPage: page }) => {
  const email = uniqueEmail("nom-lien");
  await gotoReady(page, "/formation/formation-developpeur-web/candidature");
  await sendApplication(page, email);
  await signInAsAdmin(page, `/admin/candidatures?q=${encodeURIComponent(email)}`);
  await page
    .getByRole("row")
    .filter({ hasText: email })
    .getByRole("link", { name: "Yanis Benali", exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/candidatures\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: /Yanis Benali/ })).toBeVisible();
});

test("Statistiques at 360 px and at 1024 px with the sidebar open: no sideways scroll, no label, legend or column cut", async ({
  warmPage: page,
  serverUrl,
}) => {
  test.setTimeout(60_000);
  await longRecords(page, serverUrl);
  await signInAsAdmin(page, "/admin/statistiques");
  for (const width of [360, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await gotoReady(page, "/admin/statistiques");
    await expect(page.locator("[data-chart]").first()).toBeVisible();
    // Each chart's table opened, as someone reading the figures would.
    for (const summary of await page.getByText("Voir les données").all()) await summary.click();
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth, `page width at ${width} px`).toBeLessThanOrEqual(width);
    // A label is cut when its text needs more room than its box gives it (an ellipsis or a clip).
    const cut = await page.locator("[data-chart] figure").evaluateAll((figures) =>
      figures.flatMap((figure) =>
        [...figure.querySelectorAll<HTMLElement>("*")]
          .filter((e) =>
            [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim()),
          )
          .filter((e) => {
            const card = e.closest("[data-chart]")?.getBoundingClientRect();
            const box = e.getBoundingClientRect();
            return (
              e.scrollWidth > e.clientWidth + 1 || !card || box.right > card.right || box.left < card.left
            );
          })
          .map((e) => e.textContent),
      ),
    );
    expect(cut, `labels cut at ${width} px`).toEqual([]);
    // Each chart's figures fit its card: no column past the card's edge.
    const wide = await page
      .getByRole("region", { name: /^Données\s:\s/ })
      .evaluateAll((regions) =>
        regions
          .filter((region) => region.scrollWidth > region.clientWidth + 1)
          .map(
            (region) =>
              `${region.getAttribute("aria-label")}: ${region.scrollWidth} px in ${region.clientWidth}`,
          ),
      );
    expect(wide, `tables wider than their card at ${width} px`).toEqual([]);
  }
});
