import { useId, type ReactNode } from "react";
import type { ActionResult } from "~/lib/form-errors";

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
 * An answer about one athlete (one ActionResult, decision 0077), as each part of a page that shows one reads it: the
 * family page's sections (the family's forms, the phone, medical information, funders' questions, disclosures, a
 * child's data), a medical flag (the attendance sheet's and /staff/medical's) and the roster's paperwork reminder. A
 * success names the athlete it was about (and carries the question of a form asked once, `confirm`); a refusal carries
 * the athlete among what was sent (`values.athleteId`).
 */
export type AthleteSectionAnswer = ActionResult<{ athleteId?: string; confirm?: string }, { athleteId?: string }>;

/** The athlete an answer was about, if any. */
export const answerAthlete = (answer: AthleteSectionAnswer) => (answer.ok ? answer.athleteId : answer.values?.athleteId);

/**
 * The answer if it was one of `intents`' and, when `athleteId` is given, about that athlete: a section shows its saved
 * note or its refusal only beside the form (and the athlete) it was for.
 */
export function answerTo<A extends AthleteSectionAnswer>(
  answer: A | null | undefined,
  intents: string | readonly string[],
  athleteId?: string,
): A | undefined {
  if (!answer?.intent || !(typeof intents === "string" ? [intents] : intents).includes(answer.intent)) return undefined;
  return athleteId === undefined || answerAthlete(answer) === athleteId ? answer : undefined;
}
