import { DEMO_ARTICLES, DEMO_TESTIMONIALS } from "~/features/demo/fixtures/catalogue.server";
import { DEMO_CENTRE } from "~/features/demo/fixtures/centre.server";
import { signInAsAdmin } from "./support/admin";
import { gotoReady } from "./support/page";
import { pdfText } from "./support/pdf";
import { expect, test } from "./support/test";

/**
 * A real centre's first start: PostgreSQL, DEMO_DATA off, a centre named 'Forma Rhône' with one short
 * formation of its own, no alternance, not Qualiopi-certified, nothing written in Pages yet.
 */
const FORMATION = { slug: "caces-r489", title: "Conduite de chariots élévateurs (CACES R489)" };
test.use({
  ownServer: {
    postgres: {
      setUp: `
        update centre_settings set name = 'Forma Rhône', street = '3 quai Perrache', postal_code = '69002',
          city = 'Lyon', phone = '04 78 00 00 00', email = 'contact@forma-rhone.test';
        insert into formations (title, slug, description, formation_type)
          values ('${FORMATION.title}', '${FORMATION.slug}', 'Conduire en sécurité les chariots de catégories 1A à 5.', 'courte');`,
    },
  },
});

/**
 * What the centre never wrote: the invented claims the site used to make for every centre, and the
 * demonstration centre's names, contact details and content (from its fixtures).
 */
const NOT_THE_CENTRES = [
  // Home page
  "Notre méthode pédagogique",
  "Masterclasses",
  "e-learning",
  "24/7",
  "Nos entreprises partenaires",
  "Hexa Services",
  "Logistique Île-de-France",
  // Sample testimonials and articles that stood in for the centre's own
  "Sarah Dupont",
  "Karim Haddad",
  "Émilie Garnier",
  "Bien choisir sa formation en reconversion",
  // Ressources, Financements, Contact
  "6 mois",
  "24 heures",
  "24 h/24",
  "Jusqu'à 100",
  "Jusqu'à 5 000",
  "Prise en charge totale",
  "plusieurs fois",
  "Formations éligibles au CPF",
  "Taux d'insertion élevé",
  "Pourquoi nous choisir",
  // Notre centre
  "OPQF",
  "Datadock",
  "Référencé France Travail",
  // A centre not certified, without share capital or declaration number yet, whose one formation names
  // no funder: nothing says otherwise
  "Qualiopi",
  "au capital de",
  "ne vaut pas agrément",
  "Éligible CPF",
  "Éligible au financement",
  // A centre without alternance
  "alternance et formations courtes",
  "Formations en alternance",
  // The demonstration centre
  DEMO_CENTRE.name,
  "Centre Avenir",
  "Sophie Bernard",
  "Claire Fontaine",
  "Marc Lemoine",
  DEMO_CENTRE.phone,
  DEMO_CENTRE.email,
  DEMO_CENTRE.siret,
  DEMO_CENTRE.street,
  DEMO_CENTRE.publicationDirector,
  ...DEMO_TESTIMONIALS.map((t) => t.name),
  ...DEMO_ARTICLES.map((p) => p.title),
];

/** Case, accents' forms and every kind of space (no-break, narrow) aside. */
const normal = (text: string) =>
  text
    .normalize("NFC")
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .replace(/[’]/g, "'")
    .toLocaleLowerCase("fr");

function inventedIn(text: string): string[] {
  const haystack = normal(text);
  return NOT_THE_CENTRES.filter((claim) => haystack.includes(normal(claim)));
}

/**
 * A page without its scripts, except the JSON-LD that search engines read: the hydration data repeats
 * the page's text under code names ('qualiopiCertifier') that are no claim to a visitor.
 */
function withoutScripts(html: string): string {
  return html.replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "");
}

/** Every public page and file reachable from these, plus the demonstration's old document addresses. */
const START = [
  "/",
  "/formations",
  "/formations/courtes",
  `/formation/${FORMATION.slug}`,
  "/financements",
  "/notre-centre",
  "/ressources",
  "/contact",
  "/mentions-legales",
  "/politique-confidentialite",
  "/cgu",
  "/reclamation",
  "/sitemap.xml",
  "/robots.txt",
  "/documents/guide-financement.pdf",
  "/documents/guide-alternance.pdf",
  "/documents/manuel-apprenant.pdf",
  "/documents/temoignages-anciens.pdf",
  "/documents/webinaire-entretien.pdf",
];

/** Same-site links of a page (href and src), without the console, the API or fragments. */
function linksOf(html: string, base: string): string[] {
  const found: string[] = [];
  for (const [, href = ""] of html.matchAll(/\s(?:href|src)="([^"#]+)/g)) {
    const url = new URL(href.replace(/&amp;/g, "&"), base);
    if (url.origin !== new URL(base).origin) continue;
    if (/^\/(admin|api|auth|assets|media)\b/.test(url.pathname) || /\.(js|css|svg|ico)$/.test(url.pathname)) {
      continue;
    }
    found.push(url.pathname + url.search);
  }
  return found;
}

test("a real centre's first start serves no page text nor file it did not write: not the demo's, not invented claims", async ({
  serverUrl,
}) => {
  test.setTimeout(120_000);
  const seen = new Set<string>();
  const queue = [...START];
  const findings: string[] = [];
  const served: string[] = [];
  while (queue.length > 0 && seen.size < 200) {
    const path = queue.shift() ?? "";
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await fetch(`${serverUrl}${path}`);
    const type = response.headers.get("content-type") ?? "";
    let text: string;
    if (type.includes("pdf")) text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    else text = withoutScripts(await response.text());
    if (response.ok) served.push(path);
    for (const claim of inventedIn(text)) findings.push(`${path}: « ${claim} »`);
    if (type.includes("html") && response.ok) {
      for (const link of linksOf(text, `${serverUrl}${path}`)) if (!seen.has(link)) queue.push(link);
    }
  }
  expect(findings).toEqual([]);
  // The walk reached the centre's own pages and files: its course page and its programme.
  expect(served).toEqual(
    expect.arrayContaining([
      "/",
      "/contact",
      `/formation/${FORMATION.slug}`,
      `/formation/${FORMATION.slug}/programme.pdf`,
    ]),
  );
  // Nothing of the demonstration's documents is served.
  expect(served.filter((path) => path.startsWith("/documents/"))).toEqual([]);
});

test("until the centre publishes its pages, the home page shows its name, its catalogue and the contact form, and the navigation offers only what exists", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forma Rhône");
  await expect(page.getByRole("link", { name: FORMATION.title }).first()).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  await expect(nav.getByRole("link")).toHaveText(["Accueil", "Formations", "Contact"]);
  await expect(page.locator("footer")).toContainText(
    "Organisme de formation professionnelle pour adultes : formations courtes.",
  );
  // No testimonial, article, method or partner of its own yet: those sections are left out.
  for (const heading of [
    "Ils nous ont fait confiance",
    "Nos derniers articles",
    "Notre méthode pédagogique",
  ]) {
    await expect(page.getByRole("heading", { name: heading })).toHaveCount(0);
  }
  expect((await page.request.get("/notre-centre")).status()).toBe(404);
  expect((await page.request.get("/financements")).status()).toBe(404);
  await page.goto("/contact");
  await expect(page.getByRole("textbox", { name: /Message/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Pourquoi/ })).toHaveCount(0);
});

test("'Mise en route' asks to review the pages; a page published in Pages goes online with its link", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, "/admin");
  const setup = page.getByRole("list", { name: "Étapes de mise en route" });
  await expect(setup).toContainText(
    "Les pages du site, relues et publiées (restent\u202f: Accueil, Notre centre, Financements, Ressources, Contact)",
  );
  await page.getByRole("link", { name: "Relire les pages" }).click();
  await expect(page.getByTestId("page-state-notre-centre")).toContainText("Pas encore publiée");

  // The editor opens on the default draft; the centre writes its own words and publishes.
  await gotoReady(page, "/admin/pages/notre-centre");
  const intro = "Forma Rhône forme les caristes et les magasiniers de la vallée du Rhône.";
  await page.getByLabel("Présentation").fill(intro);
  await page.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByText("Page «\u202fNotre centre\u202f» publiée")).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await gotoReady(visitor, new URL("/notre-centre", page.url()).toString());
  await expect(visitor.getByText(intro)).toBeVisible();
  await expect(
    visitor
      .getByRole("navigation", { name: "Navigation principale" })
      .getByRole("link", { name: "Notre centre" }),
  ).toBeVisible();
  await gotoReady(page, "/admin");
  await expect(setup).toContainText("(restent\u202f: Accueil, Financements, Ressources, Contact)");
});
