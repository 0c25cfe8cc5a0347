import { Star } from "lucide-react";
import { cn } from "./cn";

/** A rating outside 1–5 (or missing) shows as 5, as the testimonials were collected on that scale. */
export function starValue(rating: number | null | undefined): number {
  return rating && rating >= 1 && rating <= 5 ? Math.round(rating) : 5;
}

/**
 * A 1–5 rating drawn as stars and read out as "4 sur 5 étoiles"; `showValue` adds a visible "4/5"
 * beside them (the console's table).
 */
export function Stars({
  rating,
  showValue = false,
  className,
}: {
  rating: number | null | undefined;
  showValue?: boolean;
  className?: string;
}) {
  const value = starValue(rating);
  return (
    <span className={cn("flex w-fit items-center gap-1 whitespace-nowrap", className)}>
      <span role="img" aria-label={`${value} sur 5 étoiles`} className="inline-flex gap-0.5">
        {[1, 2, 3, 4, 5].map((n) => (
          <Star
            key={n}
            aria-hidden="true"
            className={n <= value ? "h-4 w-4 fill-amber-400 text-amber-500" : "h-4 w-4 text-slate-300"}
          />
        ))}
      </span>
      {showValue ? (
        <span aria-hidden="true" className="text-xs text-muted-foreground">
          {value}/5
        </span>
      ) : null}
    </span>
  );
}
