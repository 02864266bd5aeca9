// One student-athlete of a guardian's family on /account/family (app/family/family-page.tsx): their age and
// state, and their own forms (correct the details, invite them to sign in, cancel the invitation, remove them).
import { Form } from "react-router";
import type { FamilyAnswer, FamilyView } from "~/family/family-page";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { answerTo } from "~/components/ui/card-section";
import { Confirmation } from "~/components/ui/confirmation";
import { Field, FormError } from "~/components/ui/field";
import { formatDateIn } from "~/lib/datetime";
import { m } from "~/paraglide/messages";
import type { FieldErrors } from "~/lib/forms";

type Athlete = FamilyView["athletes"][number];

/** Where a form's success is said: beside it, announced to screen readers. */
export function Saved({ answer, intents, athleteId }: { answer: FamilyAnswer | undefined; intents: string[]; athleteId?: string }) {
  const own = answerTo(answer, intents, athleteId);
  if (!own?.ok || !own.message) return null;
  return (
    <Confirmation key={own.savedAt} className="mb-3">
      {own.message}
    </Confirmation>
  );
}

function athleteState(a: Athlete) {
  if (a.hasLogin) return m.messaging_family_state_joined();
  if (a.invitedEmail) return m.messaging_family_state_invited({ email: a.invitedEmail });
  return m.messaging_family_state_none();
}

export const personState = (confirmed: boolean) => (confirmed ? m.messaging_family_person_confirmed() : m.messaging_family_person_waiting());

export function AthleteItem({
  athlete: a,
  busy,
  answer,
  errorsFor,
  errorFor,
  keyFor,
}: {
  athlete: Athlete;
  busy: boolean;
  answer: FamilyAnswer | undefined;
  errorsFor: (intent: string, athleteId?: string) => FieldErrors;
  errorFor: (intent: string, athleteId?: string) => string | undefined;
  /** A form that succeeded is drawn again, empty: a second athlete never inherits the first one's address. */
  keyFor: (intent: string, athleteId?: string) => string;
}) {
  const name = a.fullName ?? "";
  return (
    <li className="rounded-md border border-slate-200 p-4 text-slate-900">
      <h3 className="font-semibold">
        {name}
        {a.age !== null ? (
          <span className="font-normal text-slate-700">
            {" "}
            · {m.messaging_family_age({ age: a.age })}
            {a.age < 18 ? ` · ${m.messaging_badge_minor()}` : ""}
          </span>
        ) : null}
      </h3>
      <p className="text-sm text-slate-700">
        {athleteState(a)} · {personState(a.confirmed)}
      </p>
      {a.pendingDateOfBirth ? (
        <p role="note" className="mt-1 text-sm text-slate-800">
          {m.messaging_family_pending_dob({ date: a.pendingDateOfBirth })}
        </p>
      ) : null}
      {a.locked ? <p className="mt-1 text-sm text-slate-800">{m.messaging_family_locked_note()}</p> : null}
      <Saved answer={answer} intents={["edit-athlete", "invite-athlete", "cancel-invitation"]} athleteId={a.id} />
      <FormError message={errorFor("cancel-invitation", a.id) ?? errorFor("remove-athlete", a.id)} />
      <details className="mt-2" hidden={a.locked || undefined}>
        <summary className="cursor-pointer text-sm font-medium text-court-800">{m.messaging_family_correct({ name })}</summary>
        <Form method="post" className="mt-3 flex flex-col gap-3" key={keyFor("edit-athlete", a.id)}>
          <input type="hidden" name="intent" value="edit-athlete" />
          <input type="hidden" name="athleteId" value={a.id} />
          <Field label={m.messaging_field_name()} name="fullName" defaultValue={name} required error={errorsFor("edit-athlete", a.id).fullName} />
          <Field
            label={m.messaging_field_date_of_birth()}
            name="dateOfBirth"
            type="date"
            defaultValue={a.dateOfBirth ?? ""}
            required
            error={errorsFor("edit-athlete", a.id).dateOfBirth}
          />
          <FormError message={errorFor("edit-athlete", a.id)} />
          <Button type="submit" variant="secondary" disabled={busy} className="self-start">
            {m.messaging_family_save_details({ name })}
          </Button>
        </Form>
      </details>
      {a.hasLogin ? null : (
        <>
          <Form method="post" className="mt-3 flex flex-col gap-3" key={keyFor("invite-athlete", a.id)}>
            <input type="hidden" name="intent" value="invite-athlete" />
            <input type="hidden" name="athleteId" value={a.id} />
            <input type="hidden" name="athleteName" value={name} />
            <Field
              label={a.invitedEmail ? m.messaging_family_invite_again_label({ name }) : m.messaging_family_invite_label({ name })}
              name="email"
              type="email"
              autoComplete="off"
              defaultValue={a.invitedEmail ?? ""}
              required
              error={errorsFor("invite-athlete", a.id).email}
            />
            <FormError message={errorFor("invite-athlete", a.id)} />
            <Button type="submit" variant="secondary" disabled={busy} className="self-start">
              {a.invitedEmail ? m.messaging_family_invite_again() : m.messaging_family_invite()}
            </Button>
          </Form>
          <div className="mt-3 flex flex-wrap gap-3">
            {a.invitedEmail ? (
              <Form method="post">
                <input type="hidden" name="intent" value="cancel-invitation" />
                <input type="hidden" name="athleteId" value={a.id} />
                <input type="hidden" name="athleteName" value={name} />
                <Button type="submit" variant="secondary" disabled={busy}>
                  {m.messaging_family_cancel_invitation({ name })}
                </Button>
              </Form>
            ) : null}
            {/* Asked once, naming the athlete and their birth date (issue 39). */}
            <ConfirmAction
              fields={{ intent: "remove-athlete", athleteId: a.id, athleteName: name }}
              label={m.messaging_family_remove({ name })}
              question={
                a.dateOfBirth
                  ? m.actions_remove_athlete_question({ name, date: formatDateIn(`${a.dateOfBirth}T12:00:00Z`, "UTC") })
                  : m.actions_remove_athlete_question_no_date({ name })
              }
              detail={m.actions_remove_athlete_detail()}
              confirmLabel={m.actions_remove_athlete_confirm()}
              asking={(answer?.ok && answer.confirm) || null}
              busy={busy}
            />
          </div>
        </>
      )}
    </li>
  );
}
