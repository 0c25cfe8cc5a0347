// The formations showing a picture, for the médiathèque's refusal to delete it: registered by app/boot
// (features/media/picture-uses.server.ts).
import { eq } from "drizzle-orm";
import type { PictureUse } from "~/features/media/index.server";
import { formations } from "./schema.server";

export const formationPictureUse: PictureUse = async (db, mediaId) => {
  const rows = await db
    .select({ title: formations.title })
    .from(formations)
    .where(eq(formations.imageId, mediaId));
  return rows.map((row) => `la formation « ${row.title} »`);
};
