import { Star } from "lucide-react";

export const STARS = [1, 2, 3, 4, 5] as const;

/** A testimonial's stars, read by screen readers as one phrase. */
export function StarDisplay({ rating }: { rating: number }) {
  return (
    <div role="img" aria-label={`${rating} out of 5 stars`} className="flex gap-0.5">
      {STARS.map((n) => (
        <Star key={n} aria-hidden className={`size-5 ${n <= rating ? "fill-amber-400 text-amber-500" : "text-slate-300"}`} />
      ))}
    </div>
  );
}
