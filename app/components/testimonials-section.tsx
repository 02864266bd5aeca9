import { Quote } from "lucide-react";
import { Suspense, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { SignInButton } from "~/components/auth-dialog";
import { FormUntilSubmit } from "~/components/form-until-submit";
import { StarDisplay } from "~/components/star-rating";
import { showToast } from "~/components/toaster";
import { isFallbackId } from "~/testimonials/delete";
import type { Testimonial } from "~/testimonials/rules";
import type { TestimonialsWords } from "~/testimonials/index.server";
import { lazyComponent } from "~/lib/lazy-component";
import type { TestimonialAnswer } from "~/testimonials/schemas";

// Only signed-in people get the form, and its code loads when they use it (FormUntilSubmit); visitors never download it.
const TestimonialForm = lazyComponent(() => import("~/components/testimonial-form").then((m) => m.TestimonialForm));
// Only coaches get the delete button (and, once they use it, the confirmation with Radix).
const DeleteTestimonial = lazyComponent(() => import("~/components/delete-testimonial").then((m) => m.DeleteTestimonial));

export type TestimonialsSectionProps = {
  testimonials: Testimonial[];
  canSubmit: boolean;
  canDelete: boolean;
  defaultName: string;
  /** In the page's language, from the loader (loadTestimonialsSection). */
  words: TestimonialsWords;
};

/** Home: 'What Are They Saying About NLTE Now?' — three testimonials, the form for signed-in users. */
// Shared by every card's delete button and the section: the card unmounts once the list refreshes, the
// section stays to announce the result.
const DELETE_FETCHER_KEY = "testimonial-delete";

export function TestimonialsSection({ testimonials, canSubmit, canDelete, defaultName, words }: TestimonialsSectionProps) {
  const deleter = useFetcher<TestimonialAnswer>({ key: DELETE_FETCHER_KEY });
  const result = deleter.state === "idle" && deleter.data?.intent === "delete" ? deleter.data : undefined;
  const handled = useRef<TestimonialAnswer | undefined>(undefined);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) showToast(result.toast);
    else showToast({ type: "error", title: words.deleteFailedTitle, description: result.formError });
  }, [result, words.deleteFailedTitle]);

  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="bg-slate-50 py-16">
      <div className="mx-auto max-w-7xl px-4">
        <div className="text-center">
          <h2 id="testimonials-heading" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {words.heading}
          </h2>
          <p className="mt-2 text-lg text-slate-700">{words.intro}</p>
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.id}>
              <TestimonialCard testimonial={t} starsLabel={words.stars[t.rating - 1] ?? ""} canDelete={canDelete && !isFallbackId(t.id)} />
            </li>
          ))}
        </ul>
        <div className="mx-auto mt-12 max-w-2xl">
          {canSubmit ? (
            <FormUntilSubmit
              form={TestimonialForm}
              props={{ defaultName }}
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
              fallback={<p className="text-slate-600">{words.loading}</p>}
            />
          ) : (
            <SignInHint hint={words.signInHint} button={words.signIn} />
          )}
        </div>
      </div>
    </section>
  );
}

function TestimonialCard({ testimonial, starsLabel, canDelete }: { testimonial: Testimonial; starsLabel: string; canDelete: boolean }) {
  return (
    <figure className="flex h-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <StarDisplay rating={testimonial.rating} label={starsLabel} />
        {canDelete ? (
          <Suspense fallback={null}>
            <DeleteTestimonial testimonial={testimonial} fetcherKey={DELETE_FETCHER_KEY} />
          </Suspense>
        ) : null}
      </div>
      <blockquote className="flex-1 text-slate-800">
        <Quote aria-hidden className="mb-2 size-6 text-court-600" />
        <p className="whitespace-pre-line break-words">{testimonial.content}</p>
      </blockquote>
      <figcaption className="font-semibold text-slate-900">{testimonial.name}</figcaption>
    </figure>
  );
}

function SignInHint({ hint, button }: { hint: string; button: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-6 text-center">
      <p className="text-slate-700">{hint}</p>
      <SignInButton variant="secondary">{button}</SignInButton>
    </div>
  );
}
