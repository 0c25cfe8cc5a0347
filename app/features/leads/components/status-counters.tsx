import { Card, CardContent } from "~/ui/card";

/**
 * The counters above a console list: how many rows in each status, over the whole table; '—' when
 * the list could not be read (never a misleading 0).
 */
export function StatusCounters<Status extends string>({
  statuses,
  labels,
  counts,
  className,
}: {
  statuses: readonly Status[];
  labels: Record<Status, string>;
  counts: Record<Status, number> | null;
  className: string;
}) {
  return (
    <div className={className}>
      {statuses.map((status) => (
        <Card key={status}>
          <CardContent className="p-4 sm:p-4">
            <p className="text-sm text-muted-foreground">{labels[status]}</p>
            <p className="text-2xl font-bold" data-testid={`count-${status}`}>
              {counts ? counts[status] : "—"}
            </p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
