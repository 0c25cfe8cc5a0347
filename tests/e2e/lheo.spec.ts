import { signInAsAdmin } from "./support/admin";
import { addSession } from "./support/session";
import { expect, type Page, test } from "./support/test";

// The Lhéo export from the console's side: a new formation whose Lhéo fields are filled and that gets a
// session appears in /lheo.xml with that session; deactivated, it leaves the export at once.

const suffix = () => Math.random().toString(36).slice(2, 7);

async function search(page: Page, text: string) {
  await page.getByRole("searchbox").fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, "(\\+|%20)")}`));
}

test("a formation filled in for Lhéo, with a session, is in /lheo.xml until it is deactivated", async ({
  warmPage: page,
  request,
}) => {
  test.slow();
  await signInAsAdmin(page, "/admin/formations");
  const title = `Formation Lhéo ${suffix()}`;
  await page.getByRole("link", { name: "Ajouter une formation" }).click();
  const dialog = page.getByRole("form", { name: "Nouvelle formation" });
  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await dialog.getByRole("textbox", { name: "Durée", exact: true }).fill("35 heures");
  await dialog.getByLabel("Niveau requis").selectOption("sans-niveau");
  await dialog.getByLabel(/^Tarif/).selectOption("gratuit");
  await dialog.getByLabel("Description courte").fill("Une formation pour l'export Lhéo.");
  await dialog.getByLabel("Prérequis").fill("Savoir lire & écrire le français");
  await dialog.getByLabel("Certification visée").fill("Attestation de fin de formation");
  await dialog.getByLabel("Objectifs", { exact: true }).fill("Publier une offre\nLa tenir à jour");
  await dialog.getByLabel("Codes Formacode").fill("31054, 32ab1");
  await dialog.getByLabel("Type de parcours").selectOption("1");
  await dialog.getByLabel("Entrées et sorties").selectOption("0");
  await dialog.getByRole("group", { name: "Public visé" }).getByLabel("Tout public").check();
  await dialog.getByRole("button", { name: "Créer et publier" }).click();
  // A bad code is refused in French, nothing typed is lost.
  await expect(
    dialog.getByText(/^Code\s«\s32AB1\s»\sinvalide\s:\s5 chiffres, par exemple 31054$/),
  ).toBeVisible();
  await dialog.getByLabel("Codes Formacode").fill("31054");
  await dialog.getByRole("button", { name: "Créer et publier" }).click();
  await expect(page.getByText("Formation créée avec succès")).toBeVisible();

  await search(page, title);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("1 information manquante pour l'export Lhéo");
  await expect(row).toContainText("Une session à venir");
  expect(await (await request.get("/lheo.xml")).text()).not.toContain(title);

  await row.getByRole("link", { name: `Sessions de ${title}` }).click();
  await addSession(page, {
    start: "2028-03-06",
    end: "2028-03-10",
    seats: 8,
    place: "12 rue de la République, 75011 Paris",
    rhythm: "Temps plein, 35 heures",
  });
  await expect(page.getByText("Prête pour l'export Lhéo")).toBeVisible();
  const download = page.getByRole("link", { name: "Télécharger l'offre Lhéo" });
  await expect(download).toBeVisible();

  const href = (await download.getAttribute("href")) ?? "";
  const own = await request.get(href);
  expect(own.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const xml = await (await request.get("/lheo.xml")).text();
  const offer = xml.split("<formation ").find((f) => f.includes(title)) ?? "";
  expect(offer).toContain("<debut>20280306</debut><fin>20280310</fin>");
  expect(offer).toContain("<rythme-formation>Temps plein, 35 heures</rythme-formation>");
  expect(offer).toContain(
    "<conditions-specifiques>Savoir lire &amp; écrire le français</conditions-specifiques>",
  );

  // Deactivated: gone from the export at once.
  await page.getByRole("link", { name: "Formations" }).first().click();
  await search(page, title);
  await row.getByRole("link", { name: `Modifier ${title}` }).click();
  const edit = page.getByRole("form", { name: /^Modifier la formation/ });
  await expect(edit.getByText("Prête pour l'export Lhéo")).toBeVisible();
  await edit.getByRole("switch", { name: "En ligne sur le site" }).click();
  await edit.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByText("Formation mise à jour avec succès")).toBeVisible();
  expect(await (await request.get("/lheo.xml")).text()).not.toContain(title);
  expect((await request.get(href)).status()).toBe(404);
});
