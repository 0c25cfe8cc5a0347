// What a formation's page, programme PDF and JSON-LD print is what staff chose in the formation
// dialog, once: module numbers, prices, levels, the disability referent's contact.
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { FORMATION_LEVEL_LABELS } from "~/features/catalogue/levels";
import { formations } from "~/features/catalogue/schema.server";
import { centreSettings } from "~/features/settings/schema.server";
import * as formationsRoute from "~/routes/admin/formations";
import { DRIVER } from "../support/db";
import { setUpHttpApp, setUpSignedIn } from "../support/fixture";
import { htmlText } from "../support/french-text";
import { bodyOf, formRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpHttpApp();
const admin = setUpSignedIn(t, "admin");

const save = async (fields: Record<string, string>) => {
  const result = await formationsRoute.action(
    routeArgs(t, formRequest("/admin/formations", fields, admin.cookie)),
  );
  return { status: statusOf(result), body: await bodyOf(result) };
};

/** A short course as staff type it in the dialog. */
const course = (slug: string, changes: Record<string, string> = {}): Record<string, string> => ({
  intent: "create",
  title: `Bureautique ${slug}`,
  slug,
  formationType: "courte",
  duration: "35 heures",
  entryLevel: "sans-niveau",
  pricing: "payant",
  description: "Word, Excel et PowerPoint au quotidien.",
  active: "true",
  price: "1 200",
  ...changes,
});

const rowOf = async (slug: string) => {
  const [row] = await t.app.db.select().from(formations).where(eq(formations.slug, slug));
  if (!row) throw new Error(`no formation ${slug}`);
  return row;
};

/** A page's text as a reader sees it: tags dropped, entities decoded, any run of spaces one space. */
const textOf = (html: string): string => htmlText(html).replace(/\s+/g, " ");

const pageText = async (slug: string) => textOf(await (await fetch(`${t.base}/formation/${slug}`)).text());

async function pdfText(slug: string): Promise<string> {
  const bytes = new Uint8Array(
    await (await fetch(`${t.base}/formation/${slug}/programme.pdf`)).arrayBuffer(),
  );
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/[\s\u00a0\u202f]+/g, " ");
}

describe(`formation facts on ${DRIVER}`, () => {
  it("numbers the modules once, even when a title was typed with its number", async () => {
    const program = JSON.stringify([
      { title: "Module 1 : Prise en main", duration: "7h", content: "Fenêtres" },
      { title: "Module 2 - Tableaux", duration: "14h", content: "Formules" },
      { title: "Présentations", duration: "14h", content: "Diapositives" },
    ]);
    expect((await save(course("bureautique-modules", { program }))).status).toBe(200);
    expect((await rowOf("bureautique-modules")).program.map((m) => m.title)).toEqual([
      "Prise en main",
      "Tableaux",
      "Présentations",
    ]);
    const text = await pageText("bureautique-modules");
    expect(text).toContain("Module 1 : Prise en main");
    expect(text).toContain("Module 2 : Tableaux");
    expect(text).toContain("Module 3 : Présentations");
    expect(text).not.toMatch(/Module \d+ : Module/);
    // A title saved with its number before this rule reads once too, on the page and in the PDF.
    const row = await rowOf("bureautique-modules");
    await t.app.db
      .update(formations)
      .set({ program: [{ title: "Module 1 : Ancien titre", duration: "7h", content: "" }] })
      .where(eq(formations.id, row.id));
    await t.app.events.publish({ table: "formations", op: "update" });
    expect(await pageText("bureautique-modules")).toContain("Module 1 : Ancien titre");
    expect(await pageText("bureautique-modules")).not.toContain("Module 1 : Module 1");
    expect(await pdfText("bureautique-modules")).not.toContain("Module 1 : Module 1");
  });
});

/** The Course JSON-LD of a course page. */
async function courseJsonLd(slug: string): Promise<Record<string, unknown>> {
  const html = await (await fetch(`${t.base}/formation/${slug}`)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
  const course = blocks.map((m) => JSON.parse(m[1] ?? "{}")).find((j) => j["@type"] === "Course");
  if (!course) throw new Error(`no Course JSON-LD on /formation/${slug}`);
  return course;
}

describe(`prices on ${DRIVER}`, () => {
  it("refuses a negative or unreadable price and a price left out of 'Payant', and stores nothing", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ price: "-50" }, "Le prix ne peut pas être négatif"],
      [{ price: "pas un prix" }, "Prix invalide : un montant en euros, par exemple 1 200 ou 1 200,50"],
      [{ price: "0" }, "Indiquez le prix, ou choisissez « Gratuit » ou « Sans frais pour l'apprenant »"],
      [
        { pricing: "gratuit", price: "90" },
        "Une formation gratuite n'a pas de prix : laissez 0, ou choisissez « Payant »",
      ],
    ];
    for (const [changes, message] of cases) {
      const refused = await save(course("bureautique-refus", changes));
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ price: message });
    }
    const unchosen = await save(course("bureautique-refus", { pricing: "" }));
    expect(unchosen.body.errors).toEqual({ pricing: "Choisissez ce que paie l'apprenant" });
    expect(await t.app.db.select().from(formations).where(eq(formations.slug, "bureautique-refus"))).toEqual(
      [],
    );
  });

  it("prints what staff chose on the page, in the PDF and in the JSON-LD: a price, free, or paid by a funder", async () => {
    expect((await save(course("bureautique-payante", { price: "1 200" }))).status).toBe(200);
    expect(await pageText("bureautique-payante")).toContain("Tarif 1 200 € (net de taxe, exonéré de TVA)");
    expect(await courseJsonLd("bureautique-payante")).toMatchObject({
      offers: { "@type": "Offer", price: 1200, priceCurrency: "EUR" },
    });

    expect((await save(course("bureautique-gratuite", { pricing: "gratuit", price: "" }))).status).toBe(200);
    const free = await pageText("bureautique-gratuite");
    expect(free).toContain("Tarif Gratuit");
    expect(free).not.toContain("Sans frais pour l'apprenant");
    expect(await pdfText("bureautique-gratuite")).toContain("Gratuit");
    expect(await courseJsonLd("bureautique-gratuite")).toMatchObject({
      isAccessibleForFree: true,
      offers: { price: 0 },
    });

    expect(
      (await save(course("bureautique-financee", { pricing: "prise-en-charge", price: "0" }))).status,
    ).toBe(200);
    expect(await pageText("bureautique-financee")).toContain(
      "Tarif Sans frais pour l'apprenant : prise en charge par l'employeur et son OPCO ou par un financeur",
    );
    const covered = await courseJsonLd("bureautique-financee");
    expect(covered.offers).not.toHaveProperty("price");
    expect(covered).not.toHaveProperty("isAccessibleForFree");
  });

  it("a centre liable to VAT states its prices excluding and including VAT, never as exempt", async () => {
    await t.app.db.update(centreSettings).set({ vatStatus: "liable" }).where(eq(centreSettings.id, 1));
    try {
      expect((await save(course("bureautique-tva", { price: "1 200" }))).status).toBe(200);
      const page = await pageText("bureautique-tva");
      expect(page).toContain("Tarif 1 200 € HT (1 440 € TTC)");
      expect(page).not.toContain("exonéré de TVA");
      const pdf = await pdfText("bureautique-tva");
      expect(pdf).toContain("HT (1");
      expect(pdf).not.toContain("exonéré de TVA");
    } finally {
      await t.app.db.update(centreSettings).set({ vatStatus: "exempt" }).where(eq(centreSettings.id, 1));
    }
  });
});

describe(`levels on ${DRIVER}`, () => {
  it("keeps the level required apart from the level reached, on the page and in the PDF", async () => {
    const saved = await save(
      course("bureautique-niveaux", { entryLevel: "niveau-3", exitLevel: "niveau-4" }),
    );
    expect(saved.status).toBe(200);
    expect(await rowOf("bureautique-niveaux")).toMatchObject({
      entryLevel: "niveau-3",
      exitLevel: "niveau-4",
    });
    const text = await pageText("bureautique-niveaux");
    expect(text).toContain("Niveau requis Niveau 3 (CAP, BEP)");
    expect(text).toContain("Niveau de sortie Niveau 4 (Bac)");
    const pdf = await pdfText("bureautique-niveaux");
    expect(pdf).toMatch(/Niveau requis\s*:?\s*Niveau 3 \(CAP, BEP\)/);
    expect(pdf).toMatch(/Niveau de sortie\s*:?\s*Niveau 4 \(Bac\)/);
    const refused = await save(course("bureautique-niveau-libre", { entryLevel: "Bac" }));
    expect(refused.body.errors).toEqual({ entryLevel: "Choisissez le niveau requis dans la liste" });
  });

  it("the seeded RH course requires a Bac and leads to a level 5, as its prerequisites say", async () => {
    const text = await pageText("tp-assistant-ressources-humaines");
    expect(text).toContain("Niveau requis Niveau 4 (Bac)");
    expect(text).toContain("Niveau de sortie Niveau 5 (Bac+2)");
    const pdf = await pdfText("tp-assistant-ressources-humaines");
    expect(pdf).not.toMatch(/Niveau requis\s*:?\s*Niveau 5/);
    expect(pdf).toMatch(/Niveau de sortie\s*:?\s*Niveau 5 \(Bac\+2\)/);
  });

  it("filters the catalogue on the list of levels, each view cached on its own; old links are redirected", async () => {
    // The results, between their count and the call to action (the footer lists every course too).
    const catalogue = async (search: string) => {
      const response = await fetch(`${t.base}/formations${search}`, { redirect: "manual" });
      const html = await response.text();
      const results = html.slice(html.indexOf('data-testid="result-count"'), html.indexOf('id="cta-titre"'));
      return { response, text: textOf(html), results: textOf(results) };
    };
    // 'Niveau' is the level reached: the Bac+2 titles; 'Niveau requis' the level to enter.
    const bac = await catalogue("?requis=niveau-4");
    expect(bac.response.status).toBe(200);
    for (const level of Object.values(FORMATION_LEVEL_LABELS)) {
      expect(bac.text).toContain(level);
    }
    expect(bac.results).toContain("2 formations trouvées");
    expect(bac.results).toContain("TP Assistant Ressources Humaines");
    expect(bac.results).toContain("TP Assistant Commercial");
    expect(bac.results).not.toContain("WordPress");
    // Served again from the cache, each level keeps its own page.
    const bac2 = await catalogue("?niveau=niveau-5");
    expect(bac2.results).toContain("2 formations trouvées");
    expect(bac2.results).toContain("TP Assistant Commercial");
    const cap = await catalogue("?requis=niveau-3");
    expect(cap.results).toContain("WordPress");
    expect(cap.results).not.toContain("TP Assistant Commercial");
    const again = await catalogue("?requis=niveau-4");
    expect(again.response.headers.get("x-cache")).toBe("HIT");
    expect(again.results).not.toContain("WordPress");

    for (const [old, current] of [
      ["?niveau=niveau5&q=rh", "?niveau=niveau-5&q=rh"],
      ["?niveau=niveau4", "?niveau=niveau-4"],
      ["?niveau=debutant", "?requis=sans-niveau"],
    ]) {
      const moved = await catalogue(old as string);
      expect(moved.response.status).toBe(301);
      expect(moved.response.headers.get("location")).toBe(`/formations${current}`);
    }
  });
});

describe(`presentation, image and disability referent on ${DRIVER}`, () => {
  it("shows the Markdown presentation as a 'Présentation' section, raw HTML escaped", async () => {
    const content = "Une formation **pratique** :\n\n- Word\n- Excel\n\n<script>alert(1)</script>";
    expect((await save(course("bureautique-presentation", { content }))).status).toBe(200);
    const html = await (await fetch(`${t.base}/formation/bureautique-presentation`)).text();
    expect(html).toMatch(/<h2 id="presentation"[^>]*>Présentation<\/h2>/);
    expect(html).toContain("<strong>pratique</strong>");
    expect(html).toContain("<li>Excel</li>");
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  it("takes the referent's contact from Paramètres only: a phone in the accessibility text is refused", async () => {
    const refused = await save(
      course("bureautique-handicap", { accessibility: "Contactez notre référente au 01 23 45 67 89." }),
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors as object)).toEqual(["accessibility"]);
    const saved = await save(
      course("bureautique-handicap", { accessibility: "Locaux de plain-pied, supports adaptés." }),
    );
    expect(saved.status).toBe(200);
    const text = await pageText("bureautique-handicap");
    // No referent named in Paramètres yet: the centre's own phone, once.
    expect(text).toContain("Référent handicap Contactez le centre · 01 23 45 67 89");
    expect(text.match(/01 23 45 67 89/g)?.length).toBeGreaterThanOrEqual(1);
    // The seeded courses no longer carry a referent's phone of their own.
    const seeded = await pageText("tp-assistant-commercial");
    expect(seeded).not.toContain("Sophie Bernard");
  });
});

const message = (label: string) =>
  `${label}\u202f: retirez les caractères invisibles (caractères de contrôle, souvent collés depuis un autre logiciel)`;

// A formation's text reaches the course page, the programme PDF, the Lhéo export and the iCalendar
// feed: a control character typed or pasted into any field is refused when the formation is saved,
// with a French message naming the field, and nothing is stored.
describe(`control characters in a formation on ${DRIVER}`, () => {
  it("refuses them in every kind of field, naming the field in French, and stores nothing", async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ title: "Bureautique\u0007" }, { title: message("Titre") }],
      [{ duration: "35\u0002 heures" }, { duration: message("Durée") }],
      [{ prerequisites: "Savoir lire\nSavoir \u001bécrire" }, { prerequisites: message("Prérequis") }],
      [{ skills: "Word, Ex\u0008cel" }, { skills: message("Compétences") }],
      [{ objectives: "Lire\nÉcr\u000bire" }, { objectives: message("Objectifs") }],
      [
        { program: JSON.stringify([{ title: "Tableaux", duration: "7h", content: "Formules\u0000" }]) },
        { program: message("Programme") },
      ],
      // A line break where one line is asked for.
      [{ contactName: "Camille\rMartin" }, { contactName: message("Interlocuteur") }],
      [
        { title: "Bureautique\u007f", location: "Lyon\u0001" },
        { title: message("Titre"), location: message("Lieu") },
      ],
    ];
    for (const [changes, errors] of cases) {
      const refused = await save(course("bureautique-controle", changes));
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual(errors);
    }
    expect(
      await t.app.db.select().from(formations).where(eq(formations.slug, "bureautique-controle")),
    ).toEqual([]);
  });

  it("keeps line breaks and tabs in the fields typed on several lines", async () => {
    const saved = await save(
      course("bureautique-lignes", {
        prerequisites: "Savoir lire\r\nSavoir écrire\tle français",
        program: JSON.stringify([{ title: "Tableaux", duration: "7h", content: "Formules\nGraphiques" }]),
      }),
    );
    expect(saved.status).toBe(200);
    const row = await rowOf("bureautique-lignes");
    expect(row.prerequisites).toBe("Savoir lire\r\nSavoir écrire\tle français");
    expect(row.program[0]?.content).toBe("Formules\nGraphiques");
  });
});
