import { type FormationResult, formatRate, RESULT_LABELS, resultSource } from "~/features/catalogue/results";
import { cn } from "~/ui/cn";

export interface Figure {
  value: string;
  label: string;
  /** Where the figure comes from, e.g. '2025, 214 répondants'. */
  source?: string;
}

/** The number of open formations, as a figure. */
export function countFigure(activeCount: number): Figure {
  return {
    value: String(activeCount),
    label: activeCount > 1 ? "formations disponibles" : "formation disponible",
  };
}

/** A recorded rate as a figure with its year and sample size; undefined when none is recorded. */
export function rateFigure(result: FormationResult | undefined): Figure | undefined {
  return result
    ? {
        value: formatRate(result.rate),
        label: RESULT_LABELS[result.kind].phrase,
        source: resultSource(result),
      }
    : undefined;
}

/**
 * Key figures as a definition list: the label, the value, and under it the year and sample size
 * of a rate. Figures nobody recorded are not passed in, so nothing invented is ever shown.
 */
export function FigureList({
  figures,
  className,
  itemClassName,
  valueClassName = "text-3xl font-bold text-primary",
  labelClassName = "text-sm text-muted-foreground",
}: {
  figures: readonly (Figure | undefined)[];
  className?: string;
  itemClassName?: string;
  valueClassName?: string;
  labelClassName?: string;
}) {
  const shown = figures.filter((f): f is Figure => Boolean(f));
  if (shown.length === 0) return null;
  return (
    <dl className={className}>
      {shown.map((f) => (
        // justify-end: in a reversed column it keeps the figure at the top of a taller cell.
        <div key={f.label} className={cn("flex flex-col-reverse justify-end", itemClassName)}>
          <dt className={labelClassName}>
            {f.label}
            {f.source ? <span className="block text-xs">{f.source}</span> : null}
          </dt>
          <dd className={valueClassName}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
