// Pictures of the médiathèque beyond formations and articles: a testimonial's photo (chosen in the
// testimonial's dialog, drawn on the public cards with width/height, srcset, lazily, with the
// library's alternative text or alt="" when decorative) and the centre's logo chosen in Paramètres
// (site header beside the centre's name, every e-mail from PUBLIC_URL, the programme PDF). An image
// used there cannot be deleted, and the refusal says where.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { storeRequest } from "~/features/leads/contact.server";
import { media } from "~/features/media/schema.server";
import * as mediaRoute from "~/routes/admin/media";
import * as settingsRoute from "~/routes/admin/settings";
import * as testimonialsRoute from "~/routes/admin/testimonials";
import { DRIVER } from "../support/db";
import { setUpHttpApp, setUpSignedIn } from "../support/fixture";
import { BASE_URL, bodyOf, fileRequest, formRequest, routeArgs, statusOf } from "../support/runtime";
import { settingsForm } from "../support/settings";

const t = setUpHttpApp();
const admin = setUpSignedIn(t, "admin");

const picture = (width: number, height: number, alpha = false) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 30, g: 60, b: 140, alpha: 0.6 } : "#3c64a0",
    },
  })
    .png()
    .toBuffer();

/** Sends a picture to the médiathèque as the console does; its id and hash. */
async function upload(bytes: Uint8Array, fields: Record<string, string>) {
  const file = { bytes, name: "image.png", type: "image/png" };
  const request = fileRequest("/admin/mediatheque", { intent: "upload", ...fields }, file, admin.cookie);
  const result = await mediaRoute.action(routeArgs(t, request));
  const id = (await bodyOf(result)).created as string;
  const [row] = await t.app.db.select({ hash: media.hash }).from(media).where(eq(media.id, id));
  return { id, hash: row?.hash ?? "" };
}

async function act(
  route: { action: (args: never) => Promise<unknown> },
  path: string,
  fields: Record<string, string>,
) {
  try {
    return await route.action(routeArgs(t, formRequest(path, fields, admin.cookie)) as never);
  } catch (thrown) {
    return thrown;
  }
}

const remove = (id: string) => act(mediaRoute, "/admin/mediatheque", { intent: "delete", id });

async function html(pathname: string) {
  const response = await fetch(`${t.base}${pathname}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The <img> of the <picture> whose sources name `hash`. */
function imgOf(page: string, hash: string): string {
  const start = page.indexOf(`/media/${hash}/`);
  expect(start, `no picture of ${hash}`).toBeGreaterThan(-1);
  const img = page.slice(page.indexOf("<img", start));
  return img.slice(0, img.indexOf(">") + 1);
}

const testimonial = (fields: Record<string, string>) =>
  act(testimonialsRoute, "/admin/temoignages", {
    intent: "create",
    content: "Une équipe attentive du premier jour à l'examen.",
    formationId: "general",
    rating: "5",
    active: "true",
    videoUrl: "",
    ...fields,
  });

describe(`testimonial photos on ${DRIVER}`, () => {
  it("shows the photo chosen in the dialog on the home page: width/height, srcset, lazy, the library's alt; decorative → alt=''", async () => {
    const portrait = await upload(await picture(800, 800), { alt: "Portrait de Inès Moreau" });
    const pattern = await upload(await picture(600, 600), { alt: "", decorative: "on" });
    expect(await bodyOf(await testimonial({ name: "Jules Decor", imageId: pattern.id }))).toMatchObject({
      ok: true,
    });
    expect(await bodyOf(await testimonial({ name: "Inès Moreau", imageId: portrait.id }))).toMatchObject({
      ok: true,
    });
    const home = await html("/");
    const img = imgOf(home, portrait.hash);
    expect(img).toContain('alt="Portrait de Inès Moreau"');
    expect(img).toMatch(/ width="\d+" height="\d+"/);
    expect(img).toContain('loading="lazy"');
    expect(img).not.toContain("fetchpriority");
    // Small widths for a 48 px circle: 96 px (1×) and 192 px (2×) first.
    expect(img).toMatch(
      new RegExp(`srcset="/media/${portrait.hash}/96\\.jpg 96w, /media/${portrait.hash}/192\\.jpg 192w`),
    );
    expect(home).toContain(`<source type="image/avif" srcset="/media/${portrait.hash}/96.avif 96w`);
    expect(imgOf(home, pattern.hash)).toContain('alt=""');
    // The 96 px variant exists for those pictures (a width of the small set), from our origin.
    const small = await fetch(`${t.base}/media/${portrait.hash}/96.webp`);
    expect(small.status).toBe(200);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(96);
  });

  it("refuses a photo deleted meanwhile with a French message on the field, and an image in use cannot be deleted", async () => {
    const gone = await testimonial({ name: "Ali", imageId: "00000000-0000-4000-8000-000000000000" });
    expect(statusOf(gone)).toBe(400);
    expect(JSON.stringify(await bodyOf(gone))).toContain("n'est plus dans la médiathèque");
    const photo = await upload(await picture(400, 400), { alt: "Portrait de Zoé Lambert" });
    await testimonial({ name: "Zoé Lambert", imageId: photo.id });
    const refused = await remove(photo.id);
    expect(statusOf(refused)).toBe(400);
    expect(((await bodyOf(refused)).toast as { description: string }).description).toBe(
      "Cette image est utilisée par le témoignage de Zoé Lambert : choisissez une autre image là d'abord, puis supprimez-la.",
    );
    // Also the logo: the refusal names every place, the logo last.
    await act(settingsRoute, "/admin/parametres", await settingsForm(t.app.db, { logoId: photo.id }));
    const twice = await remove(photo.id);
    expect(((await bodyOf(twice)).toast as { description: string }).description).toBe(
      "Cette image est utilisée par le témoignage de Zoé Lambert et le logo du centre (Paramètres) : choisissez une autre image là d'abord, puis supprimez-la.",
    );
    await act(settingsRoute, "/admin/parametres", await settingsForm(t.app.db, { logoId: "" }));
  });
});

describe(`the centre's logo on ${DRIVER}`, () => {
  it("is shown in the header beside the centre's name, in every e-mail from PUBLIC_URL, and in the programme PDF", async () => {
    const before = await fetch(`${t.base}/formation/tp-assistant-commercial/programme.pdf`);
    const plain = Buffer.from(await before.arrayBuffer()).toString("latin1");
    expect(plain).not.toContain("/Subtype /Image");

    const logo = await upload(await picture(800, 200, true), { alt: "Logo du centre" });
    const saved = await act(
      settingsRoute,
      "/admin/parametres",
      await settingsForm(t.app.db, { logoId: logo.id }),
    );
    expect(await bodyOf(saved)).toMatchObject({ ok: true });

    // The header: the picture is decorative beside the name kept as text; at once, but not first.
    const home = await html("/");
    const header = home.slice(home.indexOf("<header"), home.indexOf("</header>"));
    const img = imgOf(header, logo.hash);
    expect(img).toContain('alt=""');
    expect(img).toContain('loading="eager"');
    expect(img).not.toContain("fetchpriority");
    expect(img).toMatch(/ width="384" height="96"/);
    expect(header).toMatch(/<span[^>]*>Centre de Formation Avenir<\/span>/);

    // E-mails: a PNG (the picture is transparent) from our absolute address, with its alt.
    await storeRequest(
      t.app,
      {
        firstName: "Léa",
        lastName: "Logo",
        email: "lea.logo@example.test",
        phone: "0612345678",
        message: "Bonjour",
      },
      "message",
    );
    await t.app.mail.drain();
    const [mail] = t.smtp.to("lea.logo@example.test");
    expect(mail?.body).toContain(
      `<img src="${BASE_URL}/media/${logo.hash}/384.png" alt="Logo du centre" width="192" height="48"`,
    );

    // The programme PDF prints it (an image object), and a new ETag says the document changed.
    const after = await fetch(`${t.base}/formation/tp-assistant-commercial/programme.pdf`);
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(Buffer.from(await after.arrayBuffer()).toString("latin1")).toContain("/Subtype /Image");

    // In use as the logo: not deleted, and the refusal says where.
    const refused = await remove(logo.id);
    expect(statusOf(refused)).toBe(400);
    expect(((await bodyOf(refused)).toast as { description: string }).description).toContain(
      "le logo du centre (Paramètres)",
    );
    // Taken off in Paramètres: the header shows the icon again, and the image can go.
    await act(settingsRoute, "/admin/parametres", await settingsForm(t.app.db, { logoId: "" }));
    expect(await html("/")).not.toContain(`/media/${logo.hash}/`);
    expect(statusOf(await remove(logo.id))).toBe(200);
  });
});
