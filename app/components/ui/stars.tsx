import { Star } from "lucide-react";

/** A 1–5 rating drawn as stars, read out as text; SPEC.md §9: 5 when the rating is missing. */
export function Stars({ rating }: { rating: number | null | undefined }) {
  const value = rating && rating >= 1 && rating <= 5 ? Math.round(rating) : 5;
  return (
    <p className="flex gap-0.5" role="img" aria-label={`${value} sur 5 étoiles`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={n <= value ? "h-4 w-4 fill-amber-400 text-amber-500" : "h-4 w-4 text-slate-300"}
        />
      ))}
    </p>
  );
}
