// Picture bytes as files: on the embedded database the originals and variants are files under
// DATA_DIR/media (writing megabytes into PGlite blocks its only thread), on PostgreSQL when
// MEDIA_DIR names a folder (shared storage); the rows keep the facts with no bytes. What visitors
// get is the same bytes, deleting or replacing an image removes its files, a variant is made once
// however many ask at once, and rows written before the files keep being served from the database.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { variantPath } from "~/features/media";
import { mediaBytes, VariantStore } from "~/features/media/index.server";
import { media, mediaVariants } from "~/features/media/schema.server";
import { type BytesKey, directoryBytes, type MediaBytes } from "~/features/media/store.server";

import * as mediaRoute from "~/routes/admin/media";
import { DRIVER } from "../support/db";
import { setUpHttpApp, setUpSignedIn } from "../support/fixture";
import { bodyOf, fileRequest, formRequest, routeArgs, statusOf } from "../support/runtime";
import { scratchDir } from "../support/scratch";

// On PostgreSQL the folder is asked for; on PGlite it is the default, DATA_DIR/media.
const mediaDir = DRIVER === "pg" ? scratchDir("cfa-media-") : null;
const t = setUpHttpApp(mediaDir ? { MEDIA_DIR: mediaDir } : {});
const admin = setUpSignedIn(t, "admin");
afterAll(() => {
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
});

const folder = () => mediaDir ?? path.join(t.app.config.dataDir, "media");

const picture = (colour: string, width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function send(fields: Record<string, string>, bytes: Uint8Array) {
  const file = { bytes, name: "photo.jpg", type: "image/jpeg" };
  const request = fileRequest("/admin/mediatheque", fields, file, admin.cookie);
  const result = await mediaRoute.action(routeArgs(t, request));
  return { status: statusOf(result), body: await bodyOf(result) };
}

async function upload(bytes: Uint8Array) {
  const { status, body } = await send({ intent: "upload", alt: "Une salle de formation" }, bytes);
  expect(status).toBe(200);
  const id = body.created as string;
  const [row] = await t.app.db
    .select({ hash: media.hash, content: media.content, size: media.size })
    .from(media)
    .where(eq(media.id, id));
  if (!row) throw new Error("no row");
  return { id, ...row };
}

const action = async (fields: Record<string, string>) =>
  statusOf(await mediaRoute.action(routeArgs(t, formRequest("/admin/mediatheque", fields, admin.cookie))));

describe(`picture files on ${DRIVER}${mediaDir ? " with MEDIA_DIR" : ""}`, () => {
  it("keeps an upload as a file named by its hash, no bytes in the row; serves the variant's file; deletion removes them", async () => {
    expect(mediaBytes(t.app).where).toBe(folder());
    const bytes = await picture("#2a6f97");
    const image = await upload(bytes);
    expect(image.content).toBeNull();
    expect(image.size).toBe(bytes.byteLength);
    expect(readFileSync(path.join(folder(), image.hash, "original")).equals(bytes)).toBe(true);

    const response = await fetch(`${t.base}${variantPath(image.hash, 360, "webp")}`);
    expect(response.status).toBe(200);
    const served = Buffer.from(await response.arrayBuffer());
    expect((await sharp(served).metadata()).width).toBe(360);
    expect(readFileSync(path.join(folder(), image.hash, "360.webp")).equals(served)).toBe(true);
    const [variant] = await t.app.db
      .select({ content: mediaVariants.content, size: mediaVariants.size })
      .from(mediaVariants)
      .where(eq(mediaVariants.hash, image.hash));
    expect(variant).toEqual({ content: null, size: served.byteLength });
    // Read back from the file: the same bytes, nothing made again.
    const again = await fetch(`${t.base}${variantPath(image.hash, 360, "webp")}`);
    expect(Buffer.from(await again.arrayBuffer()).equals(served)).toBe(true);

    expect(await action({ intent: "delete", id: image.id })).toBe(200);
    expect(existsSync(path.join(folder(), image.hash))).toBe(false);
    expect(await t.app.db.select().from(mediaVariants).where(eq(mediaVariants.hash, image.hash))).toEqual([]);
    expect((await fetch(`${t.base}${variantPath(image.hash, 360, "webp")}`)).status).toBe(404);
  });

  it("replacing an image's file removes the old bytes' files and serves the new ones", async () => {
    const image = await upload(await picture("#9b2226"));
    expect((await fetch(`${t.base}${variantPath(image.hash, 360, "avif")}`)).status).toBe(200);
    const replacement = await picture("#ee9b00", 1600, 900);
    const { status } = await send({ intent: "replace", id: image.id }, replacement);
    expect(status).toBe(200);
    expect(existsSync(path.join(folder(), image.hash))).toBe(false);
    const [row] = await t.app.db
      .select({ hash: media.hash, content: media.content })
      .from(media)
      .where(eq(media.id, image.id));
    expect(row?.content).toBeNull();
    expect(readFileSync(path.join(folder(), row?.hash ?? "", "original")).equals(replacement)).toBe(true);
    expect((await fetch(`${t.base}${variantPath(row?.hash ?? "", 360, "avif")}`)).status).toBe(200);
    expect((await fetch(`${t.base}${variantPath(image.hash, 360, "avif")}`)).status).toBe(404);
  });

  it("keeps the files while another image has the same bytes", async () => {
    const bytes = await picture("#005f73");
    const first = await upload(bytes);
    const second = await upload(bytes);
    expect(second.hash).toBe(first.hash);
    expect(await action({ intent: "delete", id: first.id })).toBe(200);
    expect(existsSync(path.join(folder(), first.hash, "original"))).toBe(true);
    expect((await fetch(`${t.base}${variantPath(first.hash, 360, "jpeg")}`)).status).toBe(200);
    expect(await action({ intent: "delete", id: second.id })).toBe(200);
    expect(existsSync(path.join(folder(), first.hash))).toBe(false);
  });

  it("makes a variant once however many ask for it at once", async () => {
    const image = await upload(await picture("#94d2bd"));
    const written: string[] = [];
    const files = directoryBytes(folder());
    const counting: MediaBytes = {
      ...files,
      put: (key: BytesKey, bytes: Uint8Array) => {
        written.push("width" in key ? `${key.width}.${key.format}` : "original");
        return files.put(key, bytes);
      },
    };
    const store = new VariantStore(t.app.db, counting);
    const answers = await Promise.all(Array.from({ length: 8 }, () => store.get(image.hash, 720, "webp")));
    expect(written).toEqual(["720.webp"]);
    for (const answer of answers) expect(answer?.equals(answers[0] as Buffer)).toBe(true);
    expect(readdirSync(path.join(folder(), image.hash)).sort()).toEqual(["720.webp", "original"]);
  });

  it("serves a picture whose bytes were stored in the database before the files", async () => {
    const bytes = await picture("#ae2012", 800, 600);
    const hash = "ab".repeat(16);
    await t.app.db.insert(media).values({
      hash,
      content: bytes,
      format: "jpeg",
      width: 800,
      height: 600,
      size: bytes.byteLength,
      fileName: "ancienne.jpg",
      alt: "Une image d'avant",
    });
    const response = await fetch(`${t.base}${variantPath(hash, 360, "webp")}`);
    expect(response.status).toBe(200);
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(360);
    // Its variants are files like any other's; its original stays where it was.
    expect(readdirSync(path.join(folder(), hash))).toEqual(["360.webp"]);
  });
});
