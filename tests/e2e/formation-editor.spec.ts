import { signInAsAdmin } from "./support/admin";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

test("the formation editor is a page: what is missing on top, sections to walk, one funding field, prerequisites a line each on the course page", async ({
  warmPage: page,
}) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const title = `Page editeur ${suffix}`;
  const slug = `page-editeur-${suffix}`;
  await signInAsAdmin(page, "/admin/formations");
  await page.getByRole("link", { name: "Ajouter une formation" }).click();
  await expect(page).toHaveURL("/admin/formations/nouvelle");
  const form = page.getByRole("form", { name: "Nouvelle formation" });
  await expect(page.getByTestId("publication-summary")).toContainText(
    /^Nouvelle formation\s: elle n'est ni sur le site/,
  );
  // The contents at the top lead to each section.
  const contents = page.getByRole("navigation", { name: "Sections de la formation" });
  await contents.getByRole("link", { name: "Prix et financement" }).click();
  await expect(page).toHaveURL(/#section-prices$/);
  await expect(form.getByRole("group", { name: "Prix et financement" })).toBeInViewport();

  await form.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await expect(form.getByLabel("Adresse de la page")).toHaveValue(slug);
  await form.getByRole("textbox", { name: "Durée", exact: true }).fill("2 jours");
  await form.getByLabel("Niveau requis").selectOption("sans-niveau");
  await form.getByLabel(/^Tarif/).selectOption("gratuit");
  await form.getByLabel("Description courte").fill("Une formation faite sur la page.");
  await form.getByLabel("Prérequis").fill("Savoir lire\nSavoir compter");
  // One funding field: the funders named, and no CPF badge unless the CPF is one of them.
  await form.getByLabel("Financements possibles").fill("OPCO, France Travail");
  await form.getByRole("button", { name: "Créer et publier" }).click();
  await expect(page.getByText("Formation créée avec succès")).toBeVisible();
  await expect(page).toHaveURL("/admin/formations");

  await gotoReady(page, `/formation/${slug}`);
  const prerequisites = page.getByRole("region", { name: "Prérequis" });
  // What a reader sees, line breaks included: the rendered text, which the page's CSS decides.
  // biome-ignore lint/performance/useDomNodeTextContent: the layout is what is tested.
  expect(await prerequisites.locator("p").innerText()).toBe("Savoir lire\nSavoir compter");
  await expect(page.getByRole("region", { name: "Financements possibles" })).toContainText("OPCO");
  await expect(page.getByText("Éligible CPF")).toHaveCount(0);

  // Its editor opens on the record, with what Qualiopi still asks of it at the top.
  await gotoReady(page, `/admin/formations?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Modifier ${title}` }).click();
  const edit = page.getByRole("form", { name: /^Modifier la formation/ });
  await expect(page.getByTestId("publication-summary")).toContainText(/informations? manquantes?/);
  await expect(edit.getByLabel("Prérequis")).toHaveValue("Savoir lire\nSavoir compter");
  await expect(edit.getByRole("link", { name: "Sessions de la formation" })).toHaveAttribute(
    "href",
    /^\/admin\/formations\/[0-9a-f-]{36}\/sessions$/,
  );
});
