// How the Journal d'activité speaks of the demonstration data: registered by app/boot (features/journal/registry.ts).
import type { JournalDeclaration } from "~/features/journal/index.server";

export const demoJournal: JournalDeclaration = {
  entity: "demo_data",
  kind: "Données de démonstration",
  record: () => ({ name: "", href: null }),
};
