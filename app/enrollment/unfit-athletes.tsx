// The enroll form's list of the family's athletes who do not fit the session (issue 39): each with why not, in the
// words the server refuses a request with (eligibility.ts). They are not offered in the form's choice.
import { m } from "~/paraglide/messages";

export function UnfitAthletes({ athletes }: { athletes: Array<{ id: string; name: string; why: string }> }) {
  if (athletes.length === 0) return null;
  return (
    <section aria-labelledby="unfit-heading" className="rounded-md border border-slate-200 bg-slate-50 p-4">
      <h2 id="unfit-heading" className="font-semibold text-slate-900">
        {m.enroll_unfit_heading()}
      </h2>
      <ul className="mt-2 flex flex-col gap-2">
        {athletes.map((a) => (
          <li key={a.id} className="text-slate-800" data-testid="unfit-athlete">
            {a.why}
          </li>
        ))}
      </ul>
    </section>
  );
}
