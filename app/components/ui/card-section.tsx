import { useId, type ReactNode } from "react";

/**
 * A titled card of a signed-in page (/account, "My data"): a section named by its heading. The visitors' pages have
 * their own band, components/public/section.tsx.
 */
export function CardSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const generated = useId();
  const headingId = id ?? generated;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4 text-slate-900">{children}</div>
    </section>
  );
}

/**
 * What the family page's action answered, as each athlete's section reads it (medical information, funders'
 * questions, a child's data): the section shows its saved note or its error only beside the athlete it was for.
 */
export type AthleteSectionAnswer = {
  intent: string;
  athleteId?: string | undefined;
  saved?: string | undefined;
  savedAt?: number | undefined;
  error?: string | undefined;
};
