// The médiathèque: staff upload JPEG, PNG, WebP or AVIF pictures judged by their content (15 Mo at
// most, SVG and anything else refused in French with nothing stored), each with its alternative text
// or marked decorative; visitors get them from our own origin at content-addressed addresses, in
// AVIF, WebP and JPEG/PNG at several widths, made once and kept a year by browsers; an image in use
// cannot be deleted, and the refusal says where it is used.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { articles } from "~/features/articles/schema.server";
import { auditLog } from "~/features/audit/schema.server";
import { formations } from "~/features/catalogue/schema.server";
import { variantPath } from "~/features/media";
import { media, mediaVariants } from "~/features/media/schema.server";
import { REQUEST_LIMITS } from "~/platform/request-limits";
import * as mediaRoute from "~/routes/admin/media";
import { DRIVER } from "../support/db";
import { setUpHttpApp, setUpSignedIn } from "../support/fixture";
import { hugePng } from "../support/photo";
import { BASE_URL, bodyOf, formRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpHttpApp();
const admin = setUpSignedIn(t, "admin");

const photo = (format: "jpeg" | "png" | "webp" | "avif", width = 1200, height = 800, alpha = false) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 200, g: 60, b: 40, alpha: 0.5 } : "#c83c28",
    },
  })
    .toFormat(format)
    .toBuffer();

function post(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type?: string }) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  if (file)
    body.set("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/jpeg" }));
  const request = new Request(`${BASE_URL}/admin/mediatheque`, {
    method: "POST",
    headers: { origin: BASE_URL, cookie: admin.cookie },
    body,
  });
  return mediaRoute.action(routeArgs(t, request)).catch((thrown: unknown) => thrown);
}

async function upload(bytes: Uint8Array, name = "photo.jpg", alt = "Une formatrice au tableau") {
  const result = await post({ intent: "upload", alt }, { bytes, name });
  const body = await bodyOf(result);
  return { status: statusOf(result), body, id: body.created as string | undefined };
}

const counts = async () => ({
  media: (await t.app.db.select({ id: media.id }).from(media)).length,
  audit: (await t.app.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entity, "media")))
    .length,
});

describe(`médiathèque uploads on ${DRIVER}`, () => {
  it("accepts a JPEG, PNG, WebP and AVIF with their alternative text; records size, format and hash; audits each", async () => {
    for (const format of ["jpeg", "png", "webp", "avif"] as const) {
      const { status, id } = await upload(await photo(format), `photo.${format}`);
      expect(status, format).toBe(200);
      const [row] = await t.app.db
        .select()
        .from(media)
        .where(eq(media.id, id ?? ""));
      expect(row, format).toMatchObject({
        format,
        width: 1200,
        height: 800,
        alt: "Une formatrice au tableau",
      });
      expect(row?.hash).toMatch(/^[0-9a-f]{32}$/);
      // PostgreSQL keeps the bytes in the row (every instance reads them); PGlite, as a file.
      expect(row?.content === null, format).toBe(DRIVER === "pglite");
    }
  });

  it.each([
    [
      "a text file named .jpg",
      Buffer.from("Ceci n'est pas une image, seulement du texte."),
      "photo.jpg",
      "Ce fichier n'est pas une image JPEG, PNG, WebP ou AVIF",
    ],
    [
      "an SVG",
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      "logo.svg",
      "Les images SVG ne sont pas acceptées : envoyez un JPEG, un PNG, un WebP ou un AVIF",
    ],
    [
      "an SVG named .png",
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      "logo.png",
      "Les images SVG ne sont pas acceptées : envoyez un JPEG, un PNG, un WebP ou un AVIF",
    ],
    [
      "a GIF",
      Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
      "anim.gif",
      "Ce fichier n'est pas une image JPEG, PNG, WebP ou AVIF",
    ],
    ["an empty file", Buffer.alloc(0), "vide.jpg", "Le fichier est vide"],
  ])("refuses %s in French and stores nothing", async (_, bytes, name, message) => {
    const before = await counts();
    const { status, body } = await upload(bytes, name);
    expect(status).toBe(400);
    expect((body.errors as Record<string, string>).file).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it("refuses a truncated JPEG (its start is an image, the rest is missing) and stores nothing", async () => {
    const whole = await photo("jpeg", 2000, 1500);
    const before = await counts();
    const { status, body } = await upload(whole.subarray(0, Math.floor(whole.byteLength / 3)));
    expect(status).toBe(400);
    expect((body.errors as Record<string, string>).file).toMatch(/illisible ou endommagée/);
    expect(await counts()).toEqual(before);
  });

  it("refuses a 400-megapixel picture with the size message (not as a damaged file), and stores nothing", async () => {
    const huge = hugePng(20_000, 20_000);
    // A sound picture, under the byte limit: only its pixel count is refused.
    expect(huge.byteLength).toBeLessThan(REQUEST_LIMITS.imageBytes);
    const before = await counts();
    const { status, body } = await upload(huge, "affiche.png");
    expect(status).toBe(400);
    expect((body.errors as Record<string, string>).file).toBe(
      "Cette image dépasse 50 mégapixels : réduisez-la avant de l'envoyer",
    );
    expect(await counts()).toEqual(before);
  });

  it("refuses an image over 15 Mo with the limit in French, and stores nothing", async () => {
    const before = await counts();
    const image = await photo("jpeg");
    // Just over the limit: the field says so. Far over it: reading stops, same message.
    const over = await upload(Buffer.concat([image, Buffer.alloc(REQUEST_LIMITS.imageBytes)]));
    expect(over.status).toBe(400);
    expect((over.body.errors as Record<string, string>).file).toBe("L'image ne doit pas dépasser 15 Mo");
    const far = await upload(Buffer.concat([image, Buffer.alloc(2 * REQUEST_LIMITS.imageBytes)]));
    expect(far.status).toBe(413);
    expect((far.body.toast as { description: string }).description).toBe(
      "L'image ne doit pas dépasser 15 Mo",
    );
    expect(await counts()).toEqual(before);
  });

  it("requires an alternative text unless the image is marked decorative", async () => {
    const before = await counts();
    const missing = await upload(await photo("jpeg"), "photo.jpg", "  ");
    expect(missing.status).toBe(400);
    expect((missing.body.errors as Record<string, string>).alt).toBe(
      "Décrivez l'image (texte alternatif) ou cochez « Image décorative »",
    );
    expect(await counts()).toEqual(before);
    const decorative = await post(
      { intent: "upload", decorative: "on" },
      { bytes: await photo("png"), name: "motif.png" },
    );
    expect(statusOf(decorative)).toBe(200);
  });
});

describe(`médiathèque variants on ${DRIVER}`, () => {
  it("serves AVIF, WebP and JPEG at each width from our origin, immutable for a year, made once then read back", async () => {
    const bytes = await photo("jpeg", 1200, 800);
    const { id } = await upload(bytes);
    const [row] = await t.app.db
      .select({ hash: media.hash })
      .from(media)
      .where(eq(media.id, id ?? ""));
    const hash = row?.hash ?? "";
    for (const [format, type] of [
      ["avif", "image/avif"],
      ["webp", "image/webp"],
      ["jpeg", "image/jpeg"],
    ] as const) {
      const response = await fetch(`${t.base}${variantPath(hash, 360, format)}`);
      expect(response.status, format).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const served = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(served.width).toBe(360);
      expect(served.height).toBe(240);
    }
    const stored = await t.app.db
      .select({ width: mediaVariants.width })
      .from(mediaVariants)
      .where(eq(mediaVariants.hash, hash));
    expect(stored).toHaveLength(3);
    // Asked again: read back, nothing made twice.
    expect((await fetch(`${t.base}${variantPath(hash, 360, "webp")}`)).status).toBe(200);
    expect(await t.app.db.select().from(mediaVariants).where(eq(mediaVariants.hash, hash))).toHaveLength(3);
    // Never enlarged, never a width or format it is not served in, never an unknown hash.
    expect((await fetch(`${t.base}${variantPath(hash, 1600, "webp")}`)).status).toBe(404);
    expect((await fetch(`${t.base}${variantPath(hash, 500, "webp")}`)).status).toBe(404);
    expect((await fetch(`${t.base}${variantPath(hash, 360, "png")}`)).status).toBe(404);
    expect((await fetch(`${t.base}${variantPath("0".repeat(32), 360, "webp")}`)).status).toBe(404);
  });
});

describe(`médiathèque deletion on ${DRIVER}`, () => {
  it("refuses to delete an image in use, saying where; deletes it once nobody uses it", async () => {
    const { id } = await upload(await photo("webp"));
    const [course] = await t.app.db
      .select({ id: formations.id, title: formations.title })
      .from(formations)
      .limit(1);
    const [post] = await t.app.db.select({ id: articles.id, title: articles.title }).from(articles).limit(1);
    await t.app.db
      .update(formations)
      .set({ imageId: id })
      .where(eq(formations.id, course?.id ?? ""));
    await t.app.db
      .update(articles)
      .set({ imageId: id })
      .where(eq(articles.id, post?.id ?? ""));
    const refused = await post_({ intent: "delete", id: id ?? "" });
    expect(statusOf(refused)).toBe(400);
    const toast = (await bodyOf(refused)).toast as { description: string };
    expect(toast.description).toBe(
      `Cette image est utilisée par la formation « ${course?.title} » et l'article « ${post?.title} » : choisissez une autre image là d'abord, puis supprimez-la.`,
    );
    expect(
      await t.app.db
        .select()
        .from(media)
        .where(eq(media.id, id ?? "")),
    ).toHaveLength(1);
    await t.app.db
      .update(formations)
      .set({ imageId: null })
      .where(eq(formations.id, course?.id ?? ""));
    await t.app.db
      .update(articles)
      .set({ imageId: null })
      .where(eq(articles.id, post?.id ?? ""));
    expect(statusOf(await post_({ intent: "delete", id: id ?? "" }))).toBe(200);
    expect(
      await t.app.db
        .select()
        .from(media)
        .where(eq(media.id, id ?? "")),
    ).toHaveLength(0);
  });
});

function post_(fields: Record<string, string>) {
  return mediaRoute
    .action(routeArgs(t, formRequest("/admin/mediatheque", fields, admin.cookie)))
    .catch((thrown: unknown) => thrown);
}
