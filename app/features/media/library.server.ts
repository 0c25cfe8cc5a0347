import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { media, mediaVariants, pictureColumns } from "~/features/media/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import { countRows, readPage, searchMatch } from "~/platform/console/paging.server";
import type { Db } from "~/platform/db/client.server";
import { entityId, searchQuery } from "~/platform/form-schema";
import { IMAGE_SIZE_LABEL, REQUEST_LIMITS } from "~/platform/request-limits";
import { type ImageFacts, inspectImage, MAX_PIXELS } from "./images.server";
import { type MediaFacts, thumbnailPath } from "./media";

/** The French messages of an upload, one per reason it is refused. */
export const MEDIA_ERRORS = {
  missing: "Choisissez une image à envoyer (JPEG, PNG, WebP ou AVIF)",
  empty: "Le fichier est vide",
  tooLarge: `L'image ne doit pas dépasser ${IMAGE_SIZE_LABEL}`,
  svg: "Les images SVG ne sont pas acceptées : envoyez un JPEG, un PNG, un WebP ou un AVIF",
  type: "Ce fichier n'est pas une image JPEG, PNG, WebP ou AVIF",
  unreadable: "Cette image est illisible ou endommagée : enregistrez-la à nouveau et réessayez",
  pixels: `Cette image dépasse ${MAX_PIXELS / 1_000_000} mégapixels : réduisez-la avant de l'envoyer`,
} as const;

const ACCEPTED = new Set(["image/jpeg", "image/png", "image/webp", "image/avif"]);

/** The first 32 hexadecimal digits of the SHA-256 of the bytes: a variant's address. */
export const contentHash = (content: Uint8Array) =>
  createHash("sha256").update(content).digest("hex").slice(0, 32);

export interface CheckedImage extends ImageFacts {
  content: Uint8Array;
  hash: string;
  fileName: string;
}

/** An SVG is text (XML): refused by its content, whatever its name says, and by its name too. */
function looksLikeSvg(file: File, content: Uint8Array) {
  const head = new TextDecoder().decode(content.subarray(0, 512)).trimStart().toLowerCase();
  return (
    /\.svgz?$/i.test(file.name) ||
    head.startsWith("<svg") ||
    (head.startsWith("<?xml") && head.includes("<svg"))
  );
}

/**
 * Checks a posted image: present, not empty, within the size limit, a JPEG, PNG, WebP or AVIF by its
 * content (never its name or declared type; SVG refused), and decodable in full by sharp. The file
 * ready to store, or the French message.
 */
export async function checkImage(
  value: FormDataEntryValue | null,
): Promise<CheckedImage | { error: string }> {
  const file = value instanceof File && !(value.size === 0 && value.name === "") ? value : null;
  if (!file) return { error: MEDIA_ERRORS.missing };
  if (file.size === 0) return { error: MEDIA_ERRORS.empty };
  if (file.size > REQUEST_LIMITS.imageBytes) return { error: MEDIA_ERRORS.tooLarge };
  const content = new Uint8Array(await file.arrayBuffer());
  if (looksLikeSvg(file, content)) return { error: MEDIA_ERRORS.svg };
  const detected = await fileTypeFromBuffer(content).catch(() => undefined);
  if (!detected || !ACCEPTED.has(detected.mime)) return { error: MEDIA_ERRORS.type };
  const facts = await inspectImage(content);
  if (facts === "too-large") return { error: MEDIA_ERRORS.pixels };
  if (!facts) return { error: MEDIA_ERRORS.unreadable };
  const fileName =
    file.name
      .replace(/[\\/]/g, "_")
      .replace(/\p{Cc}/gu, "")
      .slice(-120) || "image";
  return { ...facts, content, hash: contentHash(content), fileName };
}

/** What the console shows of an image (never its bytes). */
export const MEDIA_COLUMNS = {
  id: media.id,
  hash: media.hash,
  fileName: media.fileName,
  format: media.format,
  width: media.width,
  height: media.height,
  size: media.size,
  hasAlpha: media.hasAlpha,
  alt: media.alt,
  decorative: media.decorative,
  focalX: media.focalX,
  focalY: media.focalY,
  credit: media.credit,
  createdAt: media.createdAt,
  updatedAt: media.updatedAt,
};

/** The médiathèque's filters: the search box, or one image by its id (the picker's current choice). */
export interface MediaFilters {
  q: string;
  id: string | null;
}

export function mediaFilters(params: URLSearchParams): MediaFilters {
  const id = entityId.safeParse(params.get("id"));
  return { q: searchQuery(params), id: id.success ? id.data : null };
}

/** One page of the médiathèque, newest first, searched on alternative text, file name and credit. */
export async function mediaPage(db: Db, filters: MediaFilters, page: number) {
  const clause = filters.id
    ? eq(media.id, filters.id)
    : filters.q
      ? searchMatch(filters.q, media.alt, media.fileName, media.credit)
      : undefined;
  const list = await readPage(
    page,
    () => countRows(db, media, clause),
    (limit, offset) =>
      db
        .select(MEDIA_COLUMNS)
        .from(media)
        .where(clause)
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(limit)
        .offset(offset),
  );
  return { ...list, items: list.items.map((item) => ({ ...item, thumbnail: thumbnailPath(item) })) };
}

export type MediaItem = Awaited<ReturnType<typeof mediaPage>>["items"][number];

export { pictureColumns };

/** The stored facts of image `id` (its <picture>, its Open Graph address); null when none or gone. */
export async function mediaFacts(db: Db, id: string | null): Promise<MediaFacts | null> {
  if (!id) return null;
  const [row] = await db.select(pictureColumns).from(media).where(eq(media.id, id));
  return row ?? null;
}

/** Drops the variants of `hash` once no image has those bytes any more (replaced or deleted). */
export async function dropOrphanVariants(tx: Db, hash: string) {
  await tx
    .delete(mediaVariants)
    .where(
      and(
        eq(mediaVariants.hash, hash),
        sql`not exists (select 1 from ${media} where ${media.hash} = ${hash})`,
      ),
    );
}

/** Refuses a form whose chosen picture was deleted meanwhile (the database would refuse it too). */
export async function assertImageExists(tx: Db, id: string | null) {
  if (!id) return;
  const [row] = await tx.select({ id: media.id }).from(media).where(eq(media.id, id));
  if (!row)
    throw new AdminInputError(
      "Cette image n'est plus dans la médiathèque : choisissez-en une autre.",
      "imageId",
    );
}
