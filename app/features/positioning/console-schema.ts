import { z } from "zod";
import { entityId } from "~/platform/form-schema";

export const ADAPTATION_MAX = 2000;

export const DECISIONS = ["none", "adaptation"] as const;

/**
 * The adaptation staff decide: 'Aucune adaptation nécessaire', or the adaptation in their words
 * (required then). Browser-safe: the form names its limits from here.
 */
export const adaptationSchema = z
  .object({
    id: entityId,
    decision: z.enum(DECISIONS, { error: "Choisissez s'il faut une adaptation" }),
    adaptation: z.string().max(ADAPTATION_MAX, `${ADAPTATION_MAX} caractères maximum`).optional(),
  })
  .transform((v, ctx) => {
    const text = v.adaptation?.replace(/\r\n?/g, "\n").trim() ?? "";
    if (v.decision === "adaptation" && text === "") {
      ctx.addIssue({ code: "custom", path: ["adaptation"], message: "Décrivez l'adaptation décidée" });
      return z.NEVER;
    }
    return { id: v.id, adaptation: v.decision === "adaptation" ? text : null };
  });

export type AdaptationInput = z.output<typeof adaptationSchema>;
