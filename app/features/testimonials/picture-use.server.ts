// The testimonials showing a photo, for the médiathèque's refusal to delete it: registered by app/boot
// (features/media/picture-uses.server.ts).
import { eq } from "drizzle-orm";
import type { PictureUse } from "~/features/media/index.server";
import { testimonials } from "./schema.server";

export const testimonialPictureUse: PictureUse = async (db, mediaId) => {
  const rows = await db
    .select({ name: testimonials.name })
    .from(testimonials)
    .where(eq(testimonials.imageId, mediaId));
  return rows.map((row) => `le témoignage de ${row.name}`);
};
