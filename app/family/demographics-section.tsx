// /account/family's "For our funders (optional)" (issue 39, decision 0051): for each athlete the person acts for, the
// answers grant forms ask, with the plain reason first. Its own section, so the page's other parts stay as they are.
import { answerTo, CardSection, type AthleteSectionAnswer } from "~/components/ui/card-section";
import { refusalOf } from "~/lib/forms";
import { m } from "~/paraglide/messages";
import type { Demographics } from "./demographics";
import { DemographicsForm, DEMOGRAPHICS_INTENT } from "./demographics-form";

type Answer = AthleteSectionAnswer;

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
  const refusal = (id: string) => refusalOf(answerTo(answer, DEMOGRAPHICS_INTENT, id));
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
              errors={refusal(a.id)?.fieldErrors ?? {}}
              error={refusal(a.id)?.formError}
            />
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
