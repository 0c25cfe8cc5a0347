// What a formation's page, programme PDF and JSON-LD print is what staff chose in the formation
// dialog, once: module numbers, prices, levels, the disability referent's contact.
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as formationsRoute from "~/routes/admin/formations";
import { formations } from "~/server/db/schema.server";
import { DRIVER } from "../support/db";
import { type HttpTestApp, startHttpApp } from "../support/http";
import { bodyOf, formRequest, routeArgs, signedInUser, statusOf } from "../support/runtime";

let t: HttpTestApp;
let admin: { cookie: string };

beforeAll(async () => {
  t = await startHttpApp();
  admin = await signedInUser(t, { role: "admin" });
});
afterAll(async () => {
  await t?.close();
});

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
  levelRequired: "Ouvert à tous",
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

/** A page's text as a reader sees it: tags dropped, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&nbsp;|\u00a0|\u202f/g, " ")
    .replace(/[ \t\r\n]+/g, " ");
}

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
