// How the Journal d'activité speaks of the media library: registered by app/boot (features/journal/registry.ts).
import type { JournalDeclaration } from "~/features/journal/index.server";

export const mediaJournal: JournalDeclaration = { entity: "media", kind: "Médiathèque" };
