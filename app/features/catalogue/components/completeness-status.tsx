import { CircleAlert, CircleCheck } from "lucide-react";
import { cn } from "~/ui/cn";

/**
 * One completeness line of a formation: `label` in green with a check when nothing is missing, in
 * red followed by what is missing otherwise ('3 informations manquantes : Prérequis, …').
 */
export function CompletenessStatus({
  label,
  missing,
  className,
}: {
  label: string;
  missing: readonly string[];
  className?: string;
}) {
  const complete = missing.length === 0;
  const Icon = complete ? CircleCheck : CircleAlert;
  return (
    <p className={cn("flex gap-1.5 text-xs", complete ? "text-success" : "text-destructive", className)}>
      <Icon aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0" />
      <span>
        <span className="font-medium">{label}</span>
        {complete ? null : <span className="text-muted-foreground"> : {missing.join(", ")}</span>}
      </span>
    </p>
  );
}
