/**
 * The fixed sets of values the centre's data uses, each written once with its French labels. The
 * database enums (./schema.server.ts), the zod schemas and every screen read
 * them from here. Plain constants, no imports: a page that only shows a label loads no validator,
 * and drizzle-kit can read the schema that imports this file. Staff roles sit with their
 * permissions in features/accounts/permissions.ts.
 */

/** A course is a work-study programme (alternance) or a short course. */
export const FORMATION_TYPES = ["alternance", "courte"] as const;
export type FormationType = (typeof FORMATION_TYPES)[number];
export const FORMATION_TYPE_LABELS: Record<FormationType, string> = {
  alternance: "Alternance",
  courte: "Formation courte",
};

/** The optional badge of a course card: what the course leads to. */
export const FORMATION_BADGES = ["Diplômante", "Certifiante", "Qualifiante"] as const;
export type FormationBadge = (typeof FORMATION_BADGES)[number];
