import { Star } from "lucide-react";

export const STARS = [1, 2, 3, 4, 5] as const;

/** A testimonial's stars, read by screen readers as one phrase (`label`: "4 out of 5 stars", in the page's language). */
export function StarDisplay({ rating, label }: { rating: number; label: string }) {
  return (
    <div role="img" aria-label={label} className="flex gap-0.5">
      {STARS.map((n) => (
        <Star key={n} aria-hidden className={`size-5 ${n <= rating ? "fill-amber-400 text-amber-500" : "text-slate-300"}`} />
      ))}
    </div>
  );
}
