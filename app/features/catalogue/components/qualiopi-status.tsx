import { CircleAlert, CircleCheck } from "lucide-react";
import { completenessLabel, missingQualiopiItems, type QualiopiRecord } from "~/features/catalogue/qualiopi";
import { cn } from "~/ui/cn";

/**
 * Whether a formation publishes everything Qualiopi asks (indicator 1, and 3 when certifying):
 * 'Informations Qualiopi complètes', or 'N informations manquantes' followed by their names.
 */
export function QualiopiStatus({ formation, className }: { formation: QualiopiRecord; className?: string }) {
  const missing = missingQualiopiItems(formation);
  const complete = missing.length === 0;
  const Icon = complete ? CircleCheck : CircleAlert;
  return (
    <p className={cn("flex gap-1.5 text-xs", complete ? "text-success" : "text-destructive", className)}>
      <Icon aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0" />
      <span>
        <span className="font-medium">{completenessLabel(missing)}</span>
        {complete ? null : <span className="text-muted-foreground"> : {missing.join(", ")}</span>}
      </span>
    </p>
  );
}
