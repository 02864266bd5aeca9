import { Star } from "lucide-react";
import { STARS } from "~/components/star-rating";
import { m } from "~/paraglide/messages";

/**
 * The star selector: a group of native radio buttons (arrow keys move between them, the form posts the value
 * without JavaScript), drawn as stars. Which stars are filled, and the "n / 5" beside them, is CSS (.star-rating in
 * app/app.css), so it is right before the page's code runs and needs no state. Defaults to 5.
 */
export function StarRatingInput({ name, defaultValue = 5, error }: { name: string; defaultValue?: number; error?: string | undefined }) {
  const errorId = `${name}-rating-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="star-rating flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-800">{m.help_testimonial_rating_label()}</legend>
      <div className="flex gap-1">
        {STARS.map((n) => (
          <label
            key={n}
            className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-court-700"
          >
            <input type="radio" name={name} value={n} defaultChecked={n === defaultValue} className="sr-only" />
            <span className="sr-only">{m.help_testimonial_star_count({ count: n })}</span>
            <Star aria-hidden className="size-8 text-slate-400 transition-colors" />
          </label>
        ))}
        <span aria-hidden className="ml-2 self-center text-sm text-slate-700">
          {STARS.map((n) => (
            <span key={n} data-stars={n}>
              {n} / 5
            </span>
          ))}
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
