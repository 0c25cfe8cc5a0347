/**
 * What the learner pays, as staff state it: a price, nothing because the course is free, or nothing
 * because an employer, its OPCO or another funder pays. A price of 0 alone says none of these.
 * Out of vocabulary.ts, which every public page loads: only the console and the server use these
 * (the console's labels are in its formation editor).
 */
export const FORMATION_PRICINGS = ["payant", "gratuit", "prise-en-charge"] as const;
export type FormationPricing = (typeof FORMATION_PRICINGS)[number];
