// /account/family's "For our funders (optional)" (issue 39, decision 0051): for each athlete the person acts for, the
// answers grant forms ask, with the plain reason first. Its own section, so the page's other parts stay as they are.
import { CardSection, type AthleteSectionAnswer } from "~/components/ui/card-section";
import { m } from "~/paraglide/messages";
import type { Demographics } from "./demographics";
import { DemographicsForm, DEMOGRAPHICS_INTENT } from "./demographics-form";
import type { FieldErrors } from "~/lib/forms";

type Answer = AthleteSectionAnswer & { fieldErrors?: FieldErrors | undefined };

export function DemographicsSection({
  athletes,
  answer,
  busy,
}: {
  athletes: Array<{ id: string; name: string; answers: Demographics }>;
  answer: Answer | undefined;
  busy: boolean;
}) {
  if (athletes.length === 0) return null;
  const mine = (id: string) => answer?.intent === DEMOGRAPHICS_INTENT && answer.athleteId === id;
  return (
    <CardSection title={m.account_demographics_heading()} id="demographics-heading">
      <p className="text-sm text-slate-800">{m.account_demographics_intro()}</p>
      <ul className="mt-2 flex flex-col gap-2">
        {athletes.map((a) => (
          <li key={a.id} className="rounded-md border border-slate-200 p-3">
            <DemographicsForm
              athleteId={a.id}
              name={a.name}
              answers={a.answers}
              busy={busy}
              answer={answer}
              errors={mine(a.id) ? (answer?.fieldErrors ?? {}) : {}}
              error={mine(a.id) ? answer?.error : undefined}
            />
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
