import { Star } from "lucide-react";
import { useState } from "react";

const STARS = [1, 2, 3, 4, 5] as const;

const starLabel = (n: number) => `${n} star${n === 1 ? "" : "s"}`;

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

/**
 * The star selector: a group of native radio buttons (arrow keys move between them, the form posts the value
 * without JavaScript), drawn as stars. Defaults to 5.
 */
export function StarRatingInput({ name, defaultValue = 5, error }: { name: string; defaultValue?: number; error?: string | undefined }) {
  const [value, setValue] = useState(defaultValue);
  const errorId = `${name}-rating-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-800">Rating</legend>
      <div className="flex gap-1">
        {STARS.map((n) => (
          <label
            key={n}
            className="group relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-court-700"
          >
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => setValue(n)} className="peer sr-only" />
            <span className="sr-only">{starLabel(n)}</span>
            <Star aria-hidden className={`size-8 transition-colors ${n <= value ? "fill-amber-400 text-amber-600" : "text-slate-400"}`} />
          </label>
        ))}
        <span aria-hidden className="ml-2 self-center text-sm text-slate-700">
          {value} / 5
        </span>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
