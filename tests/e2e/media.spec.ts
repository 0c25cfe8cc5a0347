import sharp from "sharp";
import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { expect, type Locator, type Page, test } from "./support/test";

// The médiathèque as staff use it: a photo uploaded with its alternative text, chosen for a
// formation and an article, is what the course page, the catalogue card and the article show, from
// our own origin, as a responsive <picture> (AVIF and WebP sources, srcset, width and height), with
// no Content-Security-Policy violation; a file named .jpg that is not an image is refused in French
// and nothing is stored.

const COURSE = { title: "Formation WordPress", slug: "formation-wordpress" };
const ARTICLE = {
  title: "Réussir son entretien d'embauche après une formation",
  slug: "reussir-son-entretien-apres-une-formation",
};

/** Collects the policy violations the browser reports on every page of the test. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportMediaCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportMediaCspViolation(text: string): void })
        .reportMediaCspViolation;
      report(`${event.violatedDirective} ${event.blockedURI} ${location.pathname}`);
    });
  });
  return violations;
}

/** A picture drawn from the médiathèque: AVIF and WebP sources, our origin, sized, loaded. */
async function expectResponsivePicture(picture: Locator, alt: string) {
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    /^\/media\/[0-9a-f]{32}\/240\.avif 240w, \/media\/[0-9a-f]{32}\/360\.avif 360w, /,
  );
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
    "srcset",
    /\/media\/[0-9a-f]{32}\/720\.webp 720w/,
  );
  const img = picture.locator("img");
  await expect(img).toHaveAttribute("alt", alt);
  await expect(img).toHaveAttribute("width", /^\d+$/);
  await expect(img).toHaveAttribute("height", /^\d+$/);
  await expect(img).toHaveAttribute("srcset", /\/media\/[0-9a-f]{32}\/360\.jpg 360w/);
  await img.scrollIntoViewIfNeeded();
  // Loaded by the browser from this origin (currentSrc is the source it picked).
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  const chosen = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  expect(new URL(chosen).origin).toBe(new URL(picture.page().url()).origin);
  expect(chosen).toMatch(/\.(avif|webp)$/);
}

test("a photo uploaded with its alternative text shows on the course page, the catalogue card and the article", async ({
  page,
  browser,
  serverUrl,
}) => {
  test.slow();
  const violations = await watchViolations(page);
  const alt = `Apprenants en atelier ${Date.now()}`;
  const photo = await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: "#2a6f97" },
  })
    .jpeg()
    .toBuffer();

  await signInAsAdmin(page, "/admin/mediatheque");
  await expect(page.getByRole("heading", { level: 1, name: /^Médiathèque/ })).toBeVisible();
  expect(await axeViolations(page, { rules: "all" })).toEqual([]);

  // A text file named .jpg: refused in French, nothing listed.
  const images = page.getByRole("list", { name: "Images" }).getByRole("listitem");
  const before = await images.count();
  const upload = page.locator("form").filter({ has: page.getByRole("button", { name: "Envoyer l'image" }) });
  await upload
    .getByLabel(/^Image \(JPEG/)
    .setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("pas une image") });
  await upload.getByLabel("Texte alternatif").fill("Faux fichier");
  await upload.getByRole("button", { name: "Envoyer l'image" }).click();
  await expect(
    upload.getByText("Ce fichier n'est pas une image JPEG, PNG, WebP ou AVIF").first(),
  ).toBeVisible();
  await expect(images).toHaveCount(before);

  // The photo with its alternative text.
  await upload
    .getByLabel(/^Image \(JPEG/)
    .setInputFiles({ name: "atelier.jpg", mimeType: "image/jpeg", buffer: photo });
  await upload.getByLabel("Texte alternatif").fill(alt);
  await upload.getByRole("button", { name: "Envoyer l'image" }).click();
  await expect(page.getByText("Image ajoutée à la médiathèque")).toBeVisible();
  await expect(page.getByRole("list", { name: "Images" }).getByText(alt)).toBeVisible();

  // Chosen for a formation, in its dialog.
  await gotoReady(page, `/admin/formations?q=${encodeURIComponent(COURSE.title)}`);
  await page
    .getByRole("row")
    .filter({ hasText: COURSE.title })
    .first()
    .getByRole("link", { name: `Modifier ${COURSE.title}` })
    .click();
  const course = page.getByRole("form", { name: /^Modifier la formation/ });
  await course.getByRole("button", { name: /Choisir une image|Changer d'image/ }).click();
  const picker = page.getByRole("dialog", { name: "Médiathèque" });
  await picker.getByRole("button", { name: alt }).click();
  await expect(picker).toBeHidden();
  await expect(course.getByRole("img", { name: alt })).toBeVisible();
  await course.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByText("Formation mise à jour avec succès")).toBeVisible();

  // And for an article.
  await gotoReady(page, `/admin/articles?q=${encodeURIComponent("entretien d'embauche")}`);
  await page.getByRole("button", { name: `Modifier ${ARTICLE.title}` }).click();
  const article = page.getByRole("dialog", { name: "Modifier l'article" });
  await article.getByRole("button", { name: /Choisir une image|Changer d'image/ }).click();
  await page.getByRole("dialog", { name: "Médiathèque" }).getByRole("button", { name: alt }).click();
  await expect(article.getByRole("img", { name: alt })).toBeVisible();
  await article.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByText("Article mis à jour avec succès")).toBeVisible();

  // The course page: its header picture, the largest of the page, fetched first.
  await gotoReady(page, `/formation/${COURSE.slug}`);
  const header = page.locator("main picture").first();
  await expectResponsivePicture(header, alt);
  await expect(header.locator("img")).toHaveAttribute("loading", "eager");
  await expect(header.locator("img")).toHaveAttribute("fetchpriority", "high");

  // The catalogue card.
  await gotoReady(page, `/formations?q=${encodeURIComponent(COURSE.title)}`);
  const card = page.getByRole("article").filter({ hasText: COURSE.title }).first();
  await expectResponsivePicture(card.locator("picture"), alt);
  // From 640 px the picture is the card's full-width header; on a phone the catalogue is a list to
  // scan, the picture a 7 rem thumbnail beside the badges, for which the browser takes the 240 px copy
  // (a fresh phone: a browser that already holds a bigger copy may draw that one instead).
  const drawnWidth = (locator: Locator) => locator.evaluate((el) => el.getBoundingClientRect().width);
  expect(await drawnWidth(card.locator("img"))).toBeGreaterThanOrEqual((await drawnWidth(card)) - 2);
  const phone = await browser.newPage({ viewport: { width: 360, height: 800 } });
  await gotoReady(phone, `${serverUrl}/formations?q=${encodeURIComponent(COURSE.title)}`);
  const phoneCard = phone.getByRole("article").filter({ hasText: COURSE.title }).first();
  await expect.poll(() => drawnWidth(phoneCard.locator("img"))).toBe(112);
  await expectResponsivePicture(phoneCard.locator("picture"), alt);
  expect(await phoneCard.locator("img").evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(
    /\/240\.(avif|webp)$/,
  );
  await phone.close();

  // The article page, and its Open Graph image on our origin.
  await gotoReady(page, `/ressources/article/${ARTICLE.slug}`);
  await expectResponsivePicture(page.locator("main article picture").first(), alt);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    new RegExp(`^${new URL(page.url()).origin}/media/[0-9a-f]{32}/\\d+\\.jpg$`),
  );

  expect(violations).toEqual([]);
});
