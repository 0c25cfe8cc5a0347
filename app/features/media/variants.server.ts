import { and, eq, sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { media, mediaVariants } from "~/features/media/schema.server";
import type { Db } from "~/platform/db/client.server";
import type { Logger } from "~/platform/logger.server";
import { ImagesBusy, imageQueue, renderVariant } from "./images.server";
import {
  fallbackFormat,
  isVariantWidth,
  MEDIA_EXTENSIONS,
  MEDIA_TYPES,
  type MediaFacts,
  type MediaFormat,
} from "./media";
import { lockHash, type MediaBytes } from "./store.server";

const FORMAT_OF_EXTENSION = new Map(
  (Object.entries(MEDIA_EXTENSIONS) as [MediaFormat, string][]).map(([format, ext]) => [ext, format]),
);
const HASH = /^[0-9a-f]{32}$/;
const FILE = /^(\d{1,4})\.([a-z]+)$/;

/** A year, and never asked again: the address changes with the bytes (content-addressed). */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The bytes of one variant: read back (its row's content, or its file: store.server.ts) when an
 * instance already made it, else made from the original (in the image queue), kept for every
 * instance, then answered. Two requests for the same missing variant on one instance wait for the
 * same work; on two instances each may make it once, and the first stored wins. null for a variant
 * that does not exist (unknown hash, a width or format this picture is not served in). Throws
 * ImagesBusy when the image queue is full.
 */
export class VariantStore {
  private readonly making = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly db: Db,
    private readonly bytes: MediaBytes,
  ) {}

  async get(hash: string, width: number, format: MediaFormat): Promise<Buffer | null> {
    const [stored] = await this.db
      .select({ content: mediaVariants.content })
      .from(mediaVariants)
      .where(
        and(eq(mediaVariants.hash, hash), eq(mediaVariants.width, width), eq(mediaVariants.format, format)),
      );
    // A row whose file went missing (a folder restored without it) is made again.
    const kept = stored ? await this.bytes.get({ hash, width, format }, stored.content) : null;
    if (kept) return kept;
    const key = `${hash}/${width}.${format}`;
    let work = this.making.get(key);
    if (!work) {
      work = this.make(hash, width, format).finally(() => this.making.delete(key));
      this.making.set(key, work);
    }
    return work;
  }

  private async make(hash: string, width: number, format: MediaFormat): Promise<Buffer | null> {
    const [facts] = await this.db
      .select({ width: media.width, hasAlpha: media.hasAlpha })
      .from(media)
      .where(eq(media.hash, hash))
      .limit(1);
    if (!facts) return null;
    const formats: MediaFormat[] = ["avif", "webp", fallbackFormat(facts.hasAlpha)];
    if (!formats.includes(format) || !isVariantWidth(facts.width, width)) return null;
    // The original (up to 15 MB) is read once this request's turn has come, not while it waits.
    return imageQueue.run(async () => {
      // A row that still has its bytes first (written before the files), so that one is read.
      const [original] = await this.db
        .select({ content: media.content })
        .from(media)
        .where(eq(media.hash, hash))
        .orderBy(sql`${media.content} is null`)
        .limit(1);
      const source = original ? await this.bytes.get({ hash }, original.content) : null;
      if (!source) return null;
      const content = await renderVariant(source, width, format);
      // Kept only while an image still has these bytes, under the hash's lock: a deletion meanwhile
      // would otherwise leave a file nobody removes.
      await this.db.transaction(async (tx) => {
        await lockHash(tx, hash);
        const [still] = await tx.select({ id: media.id }).from(media).where(eq(media.hash, hash)).limit(1);
        if (!still) return;
        const column = await this.bytes.put({ hash, width, format }, content);
        await tx
          .insert(mediaVariants)
          .values({ hash, width, format, content: column, size: content.byteLength })
          // The first stored wins (another instance's); a row whose file was missing has it again.
          .onConflictDoNothing();
      });
      return content;
    });
  }
}

/**
 * The JPEG or PNG of a picture at `width`, for a document made on the server (the programme PDF
 * prints the centre's logo): the stored variant, made first if need be. null when the picture is
 * gone or the server is too busy making pictures (the document is printed without it).
 */
export async function printableVariant(
  db: Db,
  bytes: MediaBytes,
  image: Pick<MediaFacts, "hash" | "hasAlpha">,
  width: number,
): Promise<Buffer | null> {
  try {
    return await new VariantStore(db, bytes).get(image.hash, width, fallbackFormat(image.hasAlpha));
  } catch (error) {
    if (error instanceof ImagesBusy) return null;
    throw error;
  }
}

/**
 * GET /media/<hash>/<width>.<ext>: a variant with a year of immutable cache, 404, or 503 with
 * Retry-After while the server is making too many pictures already (browsers show the alt text
 * meanwhile; the next page view gets it).
 */
export function mediaHandler(store: VariantStore, logger: Logger): RequestHandler {
  return async (req, res) => {
    const hash = String(req.params.hash ?? "");
    const file = FILE.exec(String(req.params.file ?? ""));
    const format = file ? FORMAT_OF_EXTENSION.get(file[2] ?? "") : undefined;
    try {
      const content =
        HASH.test(hash) && file && format ? await store.get(hash, Number(file[1]), format) : null;
      if (!content || !format) {
        res.status(404).setHeader("Cache-Control", "no-store");
        res.type("text/plain").end("Image introuvable");
        return;
      }
      res.setHeader("Content-Type", MEDIA_TYPES[format]);
      res.setHeader("Cache-Control", IMMUTABLE);
      res.setHeader("Content-Length", String(content.byteLength));
      res.end(req.method === "HEAD" ? undefined : content);
    } catch (error) {
      if (error instanceof ImagesBusy) {
        res.status(503).setHeader("Cache-Control", "no-store");
        res.setHeader("Retry-After", String(error.retryAfterSeconds));
        res.type("text/plain").end("Serveur occupé : réessayez dans quelques secondes");
        return;
      }
      logger.error({ err: error, hash, file: req.params.file }, "media variant failed");
      res.status(500).setHeader("Cache-Control", "no-store").type("text/plain").end("Image indisponible");
    }
  };
}
