// A course record as Qualiopi asks it to be published (indicators 1 and 3): staff fill it in the
// console, which validates it; the course page shows it in sections with the date of its last change.
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { formations } from "~/features/catalogue/schema.server";
import { getCentreSettings } from "~/features/settings/centre.server";
import { formatEuros } from "~/platform/money";
import * as formationsRoute from "~/routes/admin/formations";
import { DRIVER } from "../support/db";
import { setUpHttpApp, setUpSignedIn } from "../support/fixture";
import { publishDraft } from "../support/publishing";
import { bodyOf, formRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpHttpApp();
const admin = setUpSignedIn(t, "admin");

const save = async (fields: Record<string, string>) => {
  const result = await formationsRoute.action(
    routeArgs(t, formRequest("/admin/formations", fields, admin.cookie)),
  );
  return { status: statusOf(result), body: await bodyOf(result) };
};

/** A complete certifying course as staff type it in the dialog. */
const record = (slug: string): Record<string, string> => ({
  intent: "create",
  title: `Comptable assistant ${slug}`,
  slug,
  formationType: "courte",
  duration: "420 heures",
  entryLevel: "niveau-4",
  pricing: "payant",
  description: "Tenir la comptabilité d'une petite entreprise.",
  active: "true",
  price: "3 900",
  objectives: "Tenir la comptabilité courante\nPréparer la paie",
  prerequisites: "Niveau Bac, aisance avec les chiffres",
  accessArrangements: "Entretien individuel et test de positionnement",
  accessDelay: "Trois semaines après l'entretien",
  priceDetails: "Tarif entreprise sur devis",
  contactName: "Claire Moreau, conseillère formation",
  contactPhone: "01 23 45 67 89",
  teachingMethods: "Cours en petit groupe et cas pratiques",
  assessmentMethods: "Épreuves devant un jury",
  accessibility: "Locaux accessibles ; référente handicap à votre écoute",
  certifying: "true",
  rncpCode: "rncp37489",
  certifier: "Ministère du Travail",
  certificationRegisteredOn: "2023-03-01",
  skillBlocks:
    "RNCP37489BC01 — Assurer les travaux courants de comptabilité\nRNCP37489BC02 — Préparer la paie",
  equivalences: "Blocs acquis à vie ; accès par la VAE",
  furtherPaths: "Titre professionnel Gestionnaire comptable et fiscal",
  careerOpportunities: "Assistant·e comptable, Aide-comptable",
  results: JSON.stringify([
    { kind: "reussite", year: 2025, rate: 88, sample: 24, source: "enquête interne" },
  ]),
});

/** A page's text as a reader sees it: tags dropped, entities decoded, spaces collapsed (no-break spaces kept). */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/[ \t\r\n]+/g, " ");
}

const rowOf = async (slug: string) => {
  const [row] = await t.app.db.select().from(formations).where(eq(formations.slug, slug));
  if (!row) throw new Error(`no formation ${slug}`);
  return row;
};

describe(`course records on ${DRIVER}`, () => {
  it("saves every published item: the code as France Compétences writes it, the day, one block a line", async () => {
    const created = await save(record("comptable-assistant"));
    expect(created.status).toBe(200);
    const row = await rowOf("comptable-assistant");
    expect(row).toMatchObject({
      accessArrangements: "Entretien individuel et test de positionnement",
      priceDetails: "Tarif entreprise sur devis",
      contactName: "Claire Moreau, conseillère formation",
      certifying: true,
      rncpCode: "RNCP 37489",
      certifier: "Ministère du Travail",
      certificationRegisteredOn: "2023-03-01",
      skillBlocks: [
        "RNCP37489BC01 — Assurer les travaux courants de comptabilité",
        "RNCP37489BC02 — Préparer la paie",
      ],
      equivalences: "Blocs acquis à vie ; accès par la VAE",
      furtherPaths: "Titre professionnel Gestionnaire comptable et fiscal",
    });
    // Blank optional items are stored as nothing, and 'not certifying' is kept.
    const update = await save({
      ...record("comptable-assistant"),
      intent: "update",
      id: row.id,
      certifying: "false",
      certifier: " ",
      certificationRegisteredOn: "",
      skillBlocks: "",
    });
    expect(update.status).toBe(200);
    await publishDraft(t, admin.cookie, "formation", row.id);
    expect(await rowOf("comptable-assistant")).toMatchObject({
      certifying: false,
      certifier: null,
      certificationRegisteredOn: null,
      skillBlocks: [],
    });
  });

  it("refuses a bad code, an impossible day and overlong text with French messages", async () => {
    const refused = await save({
      ...record("comptable-refuse"),
      rncpCode: "35030",
      certificationRegisteredOn: "2023-02-30",
      accessArrangements: "x".repeat(2001),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      rncpCode: "Code invalide : RNCP ou RS suivi de son numéro, par exemple RNCP 35030",
      certificationRegisteredOn: "Date d'enregistrement invalide : choisissez un jour dans le calendrier",
      accessArrangements: "2000 caractères maximum",
    });
    expect(await t.app.db.select().from(formations).where(eq(formations.slug, "comptable-refuse"))).toEqual(
      [],
    );
  });

  it("shows the record on the course page in sections, with the date of its last change", async () => {
    expect((await save(record("comptable-page"))).status).toBe(200);
    const row = await rowOf("comptable-page");
    await t.app.db
      .update(formations)
      .set({ updatedAt: new Date("2026-11-12T09:00:00Z") })
      .where(eq(formations.id, row.id));
    const response = await fetch(`${t.base}/formation/comptable-page`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    expect(text).toContain("Mis à jour le 12 novembre 2026");
    expect(html).toContain('dateTime="2026-11-12T09:00:00.000Z"');
    for (const heading of [
      "Certification",
      "Informations pratiques",
      "Objectifs de la formation",
      "Prérequis",
    ]) {
      expect(html).toMatch(new RegExp(`<h2 id="[a-z-]+"[^>]*>${heading}</h2>`));
    }
    for (const item of [
      "Modalités d'accès Entretien individuel et test de positionnement",
      "Délai d'accès Trois semaines après l'entretien",
      `${formatEuros(3900)} (net de taxe, exonéré de TVA). Tarif entreprise sur devis`,
      "Contact Claire Moreau, conseillère formation · 01 23 45 67 89",
      "Fiche RNCP 37489 sur France Compétences",
      "Certificateur Ministère du Travail",
      "Date d'enregistrement 1er mars 2023",
      "Blocs de compétences RNCP37489BC01 — Assurer les travaux courants de comptabilité",
      "Équivalences et passerelles Blocs acquis à vie ; accès par la VAE",
      "Suites de parcours Titre professionnel Gestionnaire comptable et fiscal",
      // A typed result is only an archive, dated and with its source.
      "Taux de réussite — Archive 2025, source\u00a0: enquête interne (24 candidats)",
    ]) {
      expect(text).toContain(item);
    }
    expect(html).toContain('href="https://www.francecompetences.fr/recherche/rncp/37489/"');
    // Nothing of the console's wording reaches visitors.
    expect(text).not.toMatch(/Non défini|informations? manquantes?|Qualiopi complètes|indicateur [13]/i);
  });

  it("leaves out the empty optional sections of a course leading to no certification", async () => {
    const plain = {
      ...record("comptable-simple"),
      certifying: "false",
      rncpCode: "",
      certification: "",
      equivalences: "",
      accessArrangements: "",
    };
    expect((await save(plain)).status).toBe(200);
    const text = textOf(await (await fetch(`${t.base}/formation/comptable-simple`)).text());
    expect(text).toContain("Informations pratiques");
    expect(text).not.toContain("France Compétences");
    expect(text).not.toContain("Équivalences");
    expect(text).not.toContain("Modalités d'accès");
    expect(text).not.toMatch(/<h2[^>]*>Certification</);
  });

  it("answers the programme as a PDF with the page's content, rebuilt once the record changes", async () => {
    expect(
      (
        await save({
          ...record("comptable-pdf"),
          priceDetails: "Tarif « entreprise » : 1 200 € par salarié·e, l’attestation comprise",
        })
      ).status,
    ).toBe(200);
    const row = await rowOf("comptable-pdf");
    await t.app.db
      .update(formations)
      .set({ updatedAt: new Date("2026-11-12T09:00:00Z") })
      .where(eq(formations.id, row.id));
    const { name: centreName } = await getCentreSettings(t.app.db);

    const first = await fetch(`${t.base}/formation/comptable-pdf/programme.pdf`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.headers.get("content-disposition")).toBe(
      'attachment; filename="programme-comptable-pdf.pdf"',
    );
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = await pdfText(bytes);
    for (const item of [
      centreName,
      "Comptable assistant comptable-pdf",
      "Tenir la comptabilité courante",
      "Préparer la paie",
      "Mis à jour le 12 novembre 2026",
      "Tarif « entreprise » : 1 200 € par salarié·e, l’attestation comprise",
      "RNCP 37489",
      "https://www.francecompetences.fr/recherche/rncp/37489/",
      "88 % — Taux de réussite — Archive 2025, source : enquête interne (24 candidats)",
    ]) {
      expect(text).toContain(item);
    }

    // The same record: the same bytes (kept), and a browser that has them is told so (304, no body).
    const again = new Uint8Array(
      await (await fetch(`${t.base}/formation/comptable-pdf/programme.pdf`)).arrayBuffer(),
    );
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const known = { headers: { "if-none-match": etag } };
    const unchanged = await fetch(`${t.base}/formation/comptable-pdf/programme.pdf`, known);
    expect(unchanged.status).toBe(304);
    expect((await unchanged.arrayBuffer()).byteLength).toBe(0);
    // An edit: a new document, whatever the browser kept.
    const edited = await save({
      ...record("comptable-pdf"),
      intent: "update",
      id: row.id,
      objectives: "Établir les déclarations de TVA",
    });
    expect(edited.status).toBe(200);
    await publishDraft(t, admin.cookie, "formation", row.id);
    const changed = await fetch(`${t.base}/formation/comptable-pdf/programme.pdf`, known);
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    const after = await pdfText(new Uint8Array(await changed.arrayBuffer()));
    expect(after).toContain("Établir les déclarations de TVA");
    expect(after).not.toContain("Tenir la comptabilité courante");
    expect(after).not.toContain("Mis à jour le 12 novembre 2026");
  });

  it("links the programme from the course page; an unknown course has none", async () => {
    expect((await save(record("comptable-lien"))).status).toBe(200);
    const html = await (await fetch(`${t.base}/formation/comptable-lien`)).text();
    expect(html).toMatch(
      /<a href="\/formation\/comptable-lien\/programme\.pdf" download=""[^>]*>.*Télécharger le programme \(PDF\)<\/a>/,
    );
    const missing = await fetch(`${t.base}/formation/pas-de-formation/programme.pdf`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^text\/plain/);
  });
});

/** The text a PDF reader extracts, lines joined by spaces (from a copy: pdf.js takes the buffer). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  return text.replace(/[ \t\r\n]+/g, " ");
}
