// The articles showing a picture, for the médiathèque's refusal to delete it: registered by app/boot
// (features/media/picture-uses.server.ts).
import { eq } from "drizzle-orm";
import type { PictureUse } from "~/features/media/index.server";
import { articles } from "./schema.server";

export const articlePictureUse: PictureUse = async (db, mediaId) => {
  const rows = await db.select({ title: articles.title }).from(articles).where(eq(articles.imageId, mediaId));
  return rows.map((row) => `l'article « ${row.title} »`);
};
