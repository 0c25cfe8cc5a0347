import { completenessLabel, missingQualiopiItems, type QualiopiRecord } from "~/features/catalogue/qualiopi";
import { CompletenessStatus } from "./completeness-status";

/**
 * Whether a formation publishes everything Qualiopi asks (indicator 1, and 3 when certifying):
 * 'Informations Qualiopi complètes', or 'N informations manquantes' followed by their names.
 */
export function QualiopiStatus({ formation, className }: { formation: QualiopiRecord; className?: string }) {
  const missing = missingQualiopiItems(formation);
  return <CompletenessStatus label={completenessLabel(missing)} missing={missing} className={className} />;
}
