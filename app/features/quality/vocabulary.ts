/**
 * Quality's fixed value lists with their French labels. Plain constants without imports: the database
 * schema builds its checks from them (drizzle-kit reads this file too), the console speaks the labels.
 */

/** An evidence pack's life: asked, being written by one instance, ready to download, or failed. */
export const QUALITY_PACK_STATES = ["queued", "running", "done", "failed"] as const;
export type QualityPackState = (typeof QUALITY_PACK_STATES)[number];

export const QUALITY_PACK_STATE_LABELS: Record<QualityPackState, string> = {
  queued: "En attente",
  running: "En préparation",
  done: "Prêt",
  failed: "Échec",
};
