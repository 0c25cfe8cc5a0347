// What the formation editor's sections share: the form's id, the sections' titles and anchors, the
// level and pricing options.

import { FORMATION_LEVEL_LABELS, FORMATION_LEVELS } from "~/features/catalogue/levels";
import type { FormationPricing } from "~/features/catalogue/pricing";
import { optionsOf } from "~/platform/options";

export const F = "formation";
export const N = "\u202f";

export const LEVEL_OPTIONS = optionsOf(FORMATION_LEVELS, FORMATION_LEVEL_LABELS);

export const PRICING_LABELS: Record<FormationPricing, string> = {
  payant: "Payant (prix ci-dessous)",
  gratuit: "Gratuit",
  "prise-en-charge": "Sans frais pour l'apprenant (prise en charge par un financeur)",
};

/** The editor's sections, in the order a director walks them; the contents at the top link to each. */
export const SECTIONS = {
  visitors: "Ce que lisent les visiteurs",
  qualiopi: "Qualiopi",
  lheo: "Lhéo (catalogues publics de formations)",
  prices: "Prix et financement",
  sessions: "Sessions",
  site: "Sur le site",
} as const;

export const sectionId = (key: keyof typeof SECTIONS) => `section-${key}`;
