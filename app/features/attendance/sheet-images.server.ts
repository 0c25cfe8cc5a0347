/**
 * Signatures as the sheet prints them, made once and kept (attendance_sheet_images): flattened on
 * white, in grey levels, at twice their box's size at most. The PDF library copies such a PNG as it
 * is, where it decodes a transparent one and splits its alpha pixel by pixel in JavaScript on the
 * server's only thread; and libvips still takes about 3.5 ms to read a phone's drawing and write it
 * small. So the image is made when the learner signs (one drawing, off the main thread), or by the
 * first sheet that needs it for an entry signed before this table existed: a sheet of 200 learners
 * and 80 slots then copies 16 000 small images instead of decoding 16 000 drawings (a minute).
 */
import { inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { attendanceSheetImages } from "~/features/attendance/schema.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";

/** A learner's signature box on the sheet, in PDF points. */
export const SIGNATURE_BOX = { width: 110, height: 26 };

/** PGlite answers bytea as bytes; node-postgres too, but a raw query may answer '\x…' text. */
export function bytesOf(value: Uint8Array | Buffer | string | null): Buffer | null {
  if (value === null) return null;
  if (typeof value === "string") return value.startsWith("\\x") ? Buffer.from(value.slice(2), "hex") : null;
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

/** The drawing made ready for the sheet; null when the bytes are no readable image. */
export async function sheetImage(
  png: Buffer | Uint8Array | null,
  box: { width: number; height: number },
): Promise<Buffer | null> {
  if (!png) return null;
  try {
    return await sharp(png, { failOn: "error", limitInputPixels: 4000 * 4000 })
      .flatten({ background: "#ffffff" })
      .resize({ width: box.width * 2, height: box.height * 2, fit: "inside", withoutEnlargement: true })
      .toColourspace("b-w")
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** Makes and keeps the sheet's image of one entry's drawing (a second call keeps the first). */
export async function storeSheetImage(db: Db, entryId: string, drawing: Uint8Array): Promise<void> {
  const image = await sheetImage(drawing, SIGNATURE_BOX);
  await db.insert(attendanceSheetImages).values({ entryId, image }).onConflictDoNothing();
}

/**
 * The sheet's images of `entryIds` (entries with a drawing), making and keeping those still missing
 * (entries signed before images were kept). entryId → image, null when the drawing is unreadable.
 */
export async function sheetImagesOf(db: Db, entryIds: string[]): Promise<Map<string, Buffer | null>> {
  const images = new Map<string, Buffer | null>();
  if (entryIds.length === 0) return images;
  const kept = await db
    .select({ entryId: attendanceSheetImages.entryId, image: attendanceSheetImages.image })
    .from(attendanceSheetImages)
    .where(inArray(attendanceSheetImages.entryId, entryIds));
  for (const k of kept) images.set(k.entryId, k.image ? Buffer.from(k.image) : null);
  const missing = entryIds.filter((id) => !images.has(id));
  if (missing.length === 0) return images;
  const drawings = await rows<{ id: string; signature: Uint8Array | Buffer | string | null }>(
    db,
    sql`select id, signature from attendance_entries where id in ${sql`(${sql.join(
      missing.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`}`,
  );
  // Made all at once on libvips' threads, then kept for the next sheet.
  const made = await Promise.all(
    drawings.map(async (d) => ({
      entryId: d.id,
      image: await sheetImage(bytesOf(d.signature), SIGNATURE_BOX),
    })),
  );
  if (made.length > 0) await db.insert(attendanceSheetImages).values(made).onConflictDoNothing();
  for (const m of made) images.set(m.entryId, m.image);
  return images;
}
