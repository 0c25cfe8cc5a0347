// Where a picture of the médiathèque is shown, asked of the features that show pictures: each declares
// in its own picture-use.server.ts how to find its records showing an image, and app/boot registers
// them when the process starts, so the médiathèque names none of them (they import it for pictures).
import type { Db } from "~/platform/db/client.server";

/** The records of one feature showing image `mediaId`, each in words ('la formation « X »'). */
export type PictureUse = (db: Db, mediaId: string) => Promise<string[]>;

// Keyed by name: registering again (a module evaluated twice in development) replaces in place, so the
// phrases keep the order of the first registration, which is the order of the refusal message.
const pictureUses = new Map<string, PictureUse>();

export function registerPictureUse(name: string, use: PictureUse): void {
  pictureUses.set(name, use);
}

/** Where image `id` is shown, in words, in the order the uses were registered (the refusal's order). */
export async function mediaUses(db: Db, id: string): Promise<string[]> {
  const found = await Promise.all([...pictureUses.values()].map((use) => use(db, id)));
  return found.flat();
}
