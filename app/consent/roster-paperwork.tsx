// The roster's paperwork (issue 40, decision 0061): each athlete's photo release ("No photos" stands out, so a coach
// with a camera sees it), and before Enroll the program's forms the family still has to sign, with "Send a reminder"
// (a plain form: it works without the page's script) and its limit written beside it.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { answerTo } from "~/components/ui/card-section";
import { Confirmation } from "~/components/ui/confirmation";
import { FormError } from "~/components/ui/field";
import { getLocale } from "~/i18n/locale";
import { refusalOf, type ActionResult } from "~/lib/form-errors";
import { m } from "~/paraglide/messages";

export const REMIND_INTENT = "remind-forms";

/**
 * The page's answer as the reminder reads it (ActionResult, decision 0077): sent (`message`) for its athlete
 * (`athleteId`), or why not (`formError`) for the athlete among what was sent (`values.athleteId`).
 */
export type ReminderAnswer = ActionResult<{ athleteId?: string }, { athleteId?: string }>;
type Paperwork = { photo: "yes" | "team" | "no"; formsMissing: Array<{ en: string; es: string }>; remindedToday: boolean };

/** One line of the athlete's notes: the photo release. */
export function RosterPhotoRelease({ photo }: { photo: Paperwork["photo"] | undefined }) {
  if (photo === "yes") return <li>{m.disclosures_roster_photo_yes()}</li>;
  if (photo === "team") return <li>{m.disclosures_roster_photo_team()}</li>;
  return (
    <li>
      <strong className="rounded bg-red-50 px-1 text-red-800">{m.disclosures_roster_photo_no()}</strong>
    </li>
  );
}

export function RosterFormsMissing({
  athleteId,
  athleteName,
  paperwork,
  canAct,
  busy,
  answer,
}: {
  athleteId: string;
  athleteName: string;
  paperwork: Paperwork | undefined;
  canAct: boolean;
  busy: boolean;
  answer: ReminderAnswer | undefined;
}) {
  if (!paperwork || paperwork.formsMissing.length === 0) return null;
  const locale = getLocale() === "es" ? "es" : "en";
  const mine = answerTo(answer, REMIND_INTENT, athleteId);
  const sent = mine?.ok ? mine.message : undefined;
  const limitId = `remind-limit-${athleteId}`;
  return (
    <div className="mt-2 rounded-md border border-ball-300 bg-ball-50 p-3 text-slate-900">
      <p className="font-semibold">{m.disclosures_roster_forms_missing({ forms: paperwork.formsMissing.map((f) => f[locale]).join(", ") })}</p>
      {sent ? <Confirmation>{sent}</Confirmation> : null}
      <FormError message={refusalOf(mine)?.formError} />
      {canAct ? (
        paperwork.remindedToday && !sent ? (
          <p className="mt-1 text-sm">{m.disclosures_roster_reminded_today({ name: athleteName })}</p>
        ) : !sent ? (
          <Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value={REMIND_INTENT} />
            <input type="hidden" name="athleteId" value={athleteId} />
            <Button type="submit" variant="secondary" disabled={busy} aria-describedby={limitId}>
              {m.disclosures_roster_remind()}
            </Button>
            <span id={limitId} className="text-sm text-slate-800">
              {m.disclosures_roster_remind_limit()}
            </span>
          </Form>
        ) : null
      ) : null}
    </div>
  );
}
