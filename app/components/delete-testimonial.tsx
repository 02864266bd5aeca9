// The coach's delete button on a testimonial card, loaded only where a coach sees the cards (testimonials-section.tsx).
import { Trash2 } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { Suspense } from "react";
import { buttonClass } from "~/components/ui/button";
import { lazyComponent } from "~/lib/lazy-component";
import type { Testimonial } from "~/testimonials/rules";
import { useHydrated } from "~/lib/use-hydrated";
import { m } from "~/paraglide/messages";

const DeleteTestimonialDialog = lazyComponent(() => import("~/components/delete-testimonial-dialog").then((m) => m.DeleteTestimonialDialog));

/**
 * The coach's delete button. Before hydration it is a plain form post answered by a redirect home; with JavaScript
 * it asks for confirmation in a dialog (delete-testimonial-dialog.tsx, loaded when hydrated) and posts with a
 * fetcher (the loaders then refresh the list).
 */
export function DeleteTestimonial({ testimonial, fetcherKey }: { testimonial: Testimonial; fetcherKey: string }) {
  const hydrated = useHydrated();
  const label = m.help_testimonial_delete_label({ name: testimonial.name });
  const plain = (
    <form method="post" action={localHref("/testimonials")}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={testimonial.id} />
      <button type="submit" aria-label={label} className={buttonClass("ghost", "-my-2 px-2 text-red-700 hover:bg-red-50")}>
        <Trash2 aria-hidden className="size-4" />
      </button>
    </form>
  );
  if (!hydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <DeleteTestimonialDialog testimonial={testimonial} label={label} fetcherKey={fetcherKey} />
    </Suspense>
  );
}
