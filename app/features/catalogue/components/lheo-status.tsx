import { lheoStatusLabel } from "../lheo/lheo-readiness";
import { CompletenessStatus } from "./completeness-status";

/**
 * Whether a formation goes into the Lhéo export: 'Prête pour l'export Lhéo', or 'N informations
 * manquantes pour l'export Lhéo' with their names (it is left out of /lheo.xml until they are given).
 */
export function LheoStatus({ missing, className }: { missing: readonly string[]; className?: string }) {
  return <CompletenessStatus label={lheoStatusLabel(missing)} missing={missing} className={className} />;
}
