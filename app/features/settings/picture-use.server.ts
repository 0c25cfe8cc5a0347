// The centre's logo, for the médiathèque's refusal to delete the picture chosen as logo: registered by
// app/boot (features/media/picture-uses.server.ts).
import { eq } from "drizzle-orm";
import type { PictureUse } from "~/features/media/index.server";
import { centreSettings } from "./schema.server";

export const logoPictureUse: PictureUse = async (db, mediaId) => {
  const rows = await db
    .select({ id: centreSettings.id })
    .from(centreSettings)
    .where(eq(centreSettings.logoId, mediaId));
  return rows.map(() => "le logo du centre (Paramètres)");
};
