import sharp from "sharp";
import { signInAsAdmin } from "./support/admin";
import { waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, type Page, test } from "./support/test";

// Pictures of the médiathèque beyond formations and articles, as staff set them and visitors see
// them: a testimonial's photo, sent from the testimonial's dialog (upload in place), on the home
// page's card with width/height, srcset, lazy loading and its alternative text; the centre's logo
// chosen in Paramètres, in the site header beside the centre's name (loaded at once, never given
// the page's priority), in the e-mails from the site's own address, and in the programme PDF.
// The logo changes every page: this file has its own server.
test.use({ ownServer: true });

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** Sends a new picture from the médiathèque dialog a picker opened, with its alternative text. */
async function uploadInPicker(page: Page, name: string, bytes: Buffer, alt: string) {
  const picker = page.getByRole("dialog", { name: "Médiathèque" });
  await picker.getByLabel(/^Image \(JPEG/).setInputFiles({ name, mimeType: "image/png", buffer: bytes });
  await picker.getByLabel("Texte alternatif").fill(alt);
  await picker.getByRole("button", { name: "Envoyer l'image" }).click();
  await expect(picker).toBeHidden();
}

test("a testimonial's photo, sent from its dialog, shows on the home page's card", async ({
  warmPage: page,
}) => {
  test.slow();
  const name = `Inès Photo ${Date.now() % 100000}`;
  const alt = `Portrait de ${name}`;
  await signInAsAdmin(page, "/admin/temoignages");
  await page.getByRole("button", { name: "Nouveau témoignage" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau témoignage" });
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill(name);
  await dialog.getByRole("textbox", { name: "Témoignage", exact: true }).fill("Des formateurs attentifs.");
  await dialog.getByRole("button", { name: "Choisir une image" }).click();
  await uploadInPicker(page, "portrait.png", await png(600, 600, "#8a5a44"), alt);
  await expect(dialog.getByRole("img", { name: alt })).toBeVisible();
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Témoignage créé avec succès")).toBeVisible();

  await gotoReady(page, "/");
  const card = page.getByTestId("home-testimonials").locator("figure").filter({ hasText: name });
  const img = card.getByRole("img", { name: alt });
  await expect(img).toHaveAttribute("width", /^\d+$/);
  await expect(img).toHaveAttribute("height", /^\d+$/);
  await expect(img).toHaveAttribute("loading", "lazy");
  await expect(img).toHaveAttribute("srcset", /^\/media\/[0-9a-f]{32}\/96\.jpg 96w, /);
  await expect(card.locator('source[type="image/avif"]')).toHaveAttribute("srcset", /\/96\.avif 96w/);
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  const chosen = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  expect(new URL(chosen).origin).toBe(new URL(page.url()).origin);
});

test("the logo chosen in Paramètres is in the header, the e-mails and the programme PDF", async ({
  warmPage: page,
  serverUrl,
}) => {
  test.slow();
  const alt = "Logo du centre de formation";
  await signInAsAdmin(page, "/admin/parametres");
  await page.getByRole("button", { name: "Choisir une image" }).click();
  await uploadInPicker(page, "logo.png", await png(800, 200, "#1e3a8a"), alt);
  await page.getByRole("button", { name: "Enregistrer les paramètres" }).first().click();
  await expect(page.getByText("Paramètres enregistrés")).toBeVisible();

  // The header: the picture beside the name, which stays as text and names the link.
  await gotoReady(page, "/formations");
  const home = page
    .getByRole("banner")
    .getByRole("link", { name: "Centre de Formation Avenir", exact: true });
  const logo = home.locator("img");
  await expect(logo).toHaveAttribute("alt", "");
  await expect(logo).toHaveAttribute("loading", "eager");
  await expect(logo).not.toHaveAttribute("fetchpriority", /.*/);
  await expect(logo).toHaveAttribute("width", "384");
  await expect(logo).toHaveAttribute("height", "96");
  await expect
    .poll(() => logo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);

  // An e-mail: the logo from the site's own address, with its alternative text.
  const email = uniqueEmail("logo");
  await gotoReady(page, "/contact");
  await page.getByLabel("Prénom").fill("Léa");
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Logo");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Téléphone").fill("06 11 22 33 44");
  await page.getByLabel("Sujet").selectOption({ index: 1 });
  await page.getByLabel("Message").fill("Bonjour, je voudrais des renseignements sur vos formations.");
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  const mail = await waitForMail(email, "Nous avons bien reçu votre message");
  expect(mail.body).toMatch(
    new RegExp(
      `<img src="${serverUrl}/media/[0-9a-f]{32}/384\\.(png|jpg)" alt="${alt}" width="192" height="48"`,
    ),
  );

  // The programme PDF prints it (an image object).
  const pdf = await page.request.get("/formation/formation-wordpress/programme.pdf");
  expect(pdf.status()).toBe(200);
  expect(Buffer.from(await pdf.body()).toString("latin1")).toContain("/Subtype /Image");
});
