// The attendance sheet's medical flag for one athlete (issue 39, decision 0048): "Medical alert" (the family ticked
// the courtside alert) or "Medical notes". A tap asks the server for the details (intent=medical on the sheet's page:
// a fetcher with the page's script, the same form without it); they live in the page's memory only, never in the
// phone's queue, localStorage or the service worker's cache, and each read is written to the safeguarding log.
import { useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { m } from "~/paraglide/messages";
import { answerTo } from "~/components/ui/card-section";
import { MEDICAL_INTENT, type MedicalFlag as Flag, type MedicalReadAnswer } from "./types";

type Props = { athleteId: string; athleteName: string; flag: Flag; answered: MedicalReadAnswer | undefined };

export function MedicalFlag({ athleteId, athleteName, flag, answered }: Props) {
  const fetcher = useFetcher<MedicalReadAnswer>();
  const [hidden, setHidden] = useState(false);
  // This athlete's details, or why not; an answer about another athlete (or another form) is not theirs.
  const answer = answerTo(fetcher.data, MEDICAL_INTENT, athleteId) ?? answerTo(answered, MEDICAL_INTENT, athleteId);
  const label = flag === "alert" ? m.attendance_medical_alert() : m.attendance_medical_notes();
  const open = answer && !hidden;
  return (
    <div className="mt-2">
      <fetcher.Form method="post" onSubmit={() => setHidden(false)}>
        <input type="hidden" name="intent" value={MEDICAL_INTENT} />
        <input type="hidden" name="athleteId" value={athleteId} />
        <button
          type="submit"
          aria-label={m.attendance_medical_show({ flag: label, athlete: athleteName })}
          aria-expanded={open ? true : false}
          className={`inline-flex min-h-11 items-center gap-1 rounded-full border-2 px-3 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-court-700 focus-visible:ring-offset-2 ${
            flag === "alert" ? "border-red-800 bg-red-50 text-red-900" : "border-amber-700 bg-amber-50 text-amber-900"
          }`}
        >
          <span aria-hidden="true">{flag === "alert" ? "⚠" : "✚"}</span>
          {label}
        </button>
      </fetcher.Form>
      {open ? <MedicalDetails answer={answer} athleteName={athleteName} onHide={() => setHidden(true)} /> : null}
    </div>
  );
}

function MedicalDetails({ answer, athleteName, onHide }: { answer: MedicalReadAnswer; athleteName: string; onHide: () => void }) {
  const hydrated = useHydrated();
  if (!answer.ok) {
    return (
      <p role="alert" className="mt-2 text-sm text-red-800">
        {answer.formError}
      </p>
    );
  }
  const d = answer.details;
  const row = (term: string, value: string) => (
    <div>
      <dt className="font-semibold text-slate-900">{term}</dt>
      <dd className="text-slate-800">{value || m.attendance_medical_none()}</dd>
    </div>
  );
  return (
    <div
      role="region"
      aria-label={m.attendance_medical_for({ athlete: athleteName })}
      className="mt-2 rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm"
    >
      {d ? (
        <>
          {d.courtsideAlert ? <p className="mb-2 font-semibold text-red-900">{m.attendance_medical_courtside()}</p> : null}
          <dl className="flex flex-col gap-2">
            {row(m.attendance_medical_allergies(), d.allergies)}
            {row(m.attendance_medical_conditions(), d.conditions)}
            {row(m.attendance_medical_medication(), d.medication)}
          </dl>
        </>
      ) : (
        <p>{m.attendance_medical_nothing()}</p>
      )}
      <p className="mt-2 text-slate-700">{m.attendance_medical_logged()}</p>
      {hydrated ? (
        <button type="button" onClick={onHide} className="mt-2 min-h-11 font-medium text-court-800 underline">
          {m.attendance_medical_hide()}
        </button>
      ) : null}
    </div>
  );
}
