// /account/family's Safe Play sections for clients: who they are, and their family (a guardian's household: its
// student-athletes, each with its state and its own forms; or an athlete's parents or guardians). Plain forms posting
// to /account/family with an `intent`; a form that succeeded is drawn anew (empty), with what happened said beside it.
import { Form } from "react-router";
import { localHref } from "~/i18n/locale";
import { answerTo, CardSection, type AthleteSectionAnswer } from "~/components/ui/card-section";
import { ClientKindFields } from "~/components/client-kind-fields";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { kindLabel, type ClientKind } from "~/safe-play/safe-play";
import { AthleteItem, personState, Saved } from "~/family/athlete-item";
import { m } from "~/paraglide/messages";
import type { FieldErrors } from "~/lib/forms";

export type FamilyView = {
  kind: ClientKind;
  dateOfBirth: string | null;
  protectedMinor: boolean;
  kindAnswered: boolean;
  minor: boolean;
  confirmation: { confirmed: boolean; linkedBefore: boolean; frozen: boolean } | null;
  /** Staff confirmed this person themself (people are confirmed, not households). */
  meConfirmed: boolean;
  guardians: Array<{ id: string; fullName: string | null; confirmed: boolean }>;
  athletes: Array<{
    id: string;
    fullName: string | null;
    dateOfBirth: string | null;
    age: number | null;
    hasLogin: boolean;
    confirmed: boolean;
    locked: boolean;
    pendingDateOfBirth: string | null;
    invitedEmail: string | null;
  }>;
  pendingGuardianInvitations: string[];
  endedInvitations: Array<{ email: string; endedAt: string }>;
  /** Testimonials the guardian's athletes wrote, waiting for their approval. */
  awaitingTestimonials: Array<{ id: string; name: string; content: string; rating: number }>;
};

/** What the last family form answered (ActionResult): its intent, the athlete it was about, and its words. */
export type FamilyAnswer = AthleteSectionAnswer;

type Props = {
  me: string;
  family: FamilyView;
  busy: boolean;
  answer: FamilyAnswer | undefined;
  errorsFor: (intent: string, athleteId?: string) => FieldErrors;
  errorFor: (intent: string, athleteId?: string) => string | undefined;
};

/** One of the page's forms: posts its intent, shows its fields (children), the form's message and its button. */
function IntentForm(props: {
  intent: string;
  button: string;
  secondary?: boolean;
  busy: boolean;
  formError: string | undefined;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className={`flex flex-col gap-4 ${props.className ?? ""}`}>
      <input type="hidden" name="intent" value={props.intent} />
      {props.children}
      <FormError message={props.formError} />
      <Button type="submit" variant={props.secondary ? "secondary" : "primary"} disabled={props.busy} className="self-start">
        {props.button}
      </Button>
    </Form>
  );
}

/** A form that sends an invitation to one email address (a parent or guardian). */
function InvitationForm(props: {
  intent: string;
  name: string;
  label: string;
  button: string;
  secondary?: boolean;
  busy: boolean;
  error: string | undefined;
  formError: string | undefined;
  children?: React.ReactNode;
}) {
  return (
    <IntentForm
      intent={props.intent}
      button={props.button}
      secondary={props.secondary}
      busy={props.busy}
      formError={props.formError}
      className="mt-2"
    >
      {props.children}
      <Field label={props.label} name={props.name} type="email" autoComplete="off" required error={props.error} />
    </IntentForm>
  );
}

/** Where the family stands with staff: paused by the lead, who is confirmed, invitations staff's confirmation ended. */
function FamilyStanding({ family }: { family: FamilyView }) {
  const words = confirmationWords(family.confirmation);
  return (
    <>
      {family.confirmation?.frozen ? (
        <p role="note" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-slate-900">
          {m.messaging_family_frozen_note()}
        </p>
      ) : null}
      {words ? <p className="mb-4 text-sm text-slate-800">{words}</p> : null}
      {family.confirmation ? (
        <p className="mb-4 text-sm text-slate-800">{family.meConfirmed ? m.messaging_family_you_confirmed() : m.messaging_family_you_waiting()}</p>
      ) : null}
      {family.endedInvitations.length ? (
        <p className="mb-4 text-sm text-slate-800">
          {m.messaging_family_invitations_ended({ emails: family.endedInvitations.map((i) => i.email).join(", ") })}
        </p>
      ) : null}
    </>
  );
}

function confirmationWords(c: FamilyView["confirmation"]) {
  if (!c || c.confirmed) return null;
  return c.linkedBefore ? m.messaging_family_waiting_linked() : m.messaging_family_waiting();
}

export function AccountFamily({ me, family, busy, answer, errorsFor, errorFor }: Props) {
  // A form that succeeded is drawn again, empty: a second athlete never inherits the first one's address.
  const keyFor = (intent: string, athleteId?: string) => {
    const own = answerTo(answer, intent, athleteId);
    return own?.ok && own.message ? `done-${own.savedAt}` : "form";
  };
  return (
    <>
      <CardSection title={m.messaging_family_who()} id="kind-heading">
        {family.protectedMinor ? (
          <div className="text-slate-800">
            <p>{m.messaging_family_born({ kind: kindLabel(family.kind), date: family.dateOfBirth ?? "" })}</p>
            <p className="mt-2 text-sm text-slate-700">{m.messaging_family_protected()}</p>
          </div>
        ) : (
          <IntentForm key={keyFor("kind")} intent="kind" button={m.messaging_family_save()} busy={busy} formError={errorFor("kind")}>
            <Saved answer={answer} intents={["kind"]} />
            {family.kindAnswered ? null : (
              <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-slate-900">
                {m.messaging_family_tell_us()}
              </p>
            )}
            <ClientKindFields kind={family.kindAnswered ? family.kind : null} dateOfBirth={family.dateOfBirth} errors={errorsFor("kind")} />
          </IntentForm>
        )}
      </CardSection>

      {family.kind === "guardian" ? (
        <CardSection title={m.messaging_family_title()} id="family-heading">
          <FamilyStanding family={family} />
          {family.guardians.length ? (
            <p className="mb-4 text-slate-800">
              {m.messaging_family_other_guardians({
                names: family.guardians.map((g) => `${g.fullName ?? ""} (${personState(g.confirmed)})`).join(", "),
              })}
            </p>
          ) : null}
          <Saved answer={answer} intents={["remove-athlete"]} />
          {family.athletes.length ? (
            <ul className="mb-6 flex flex-col gap-4" aria-label={m.messaging_family_your_athletes()}>
              {family.athletes.map((a) => (
                <AthleteItem key={a.id} athlete={a} busy={busy} answer={answer} errorsFor={errorsFor} errorFor={errorFor} keyFor={keyFor} />
              ))}
            </ul>
          ) : (
            <p className="mb-4 text-slate-800">{m.messaging_family_no_athletes()}</p>
          )}
          {family.awaitingTestimonials.length || (answer?.ok && answer.message && answer.intent?.endsWith("-testimonial")) ? (
            <div className="mb-6">
              <h3 className="font-semibold text-slate-900">{m.messaging_family_testimonials()}</h3>
              <Saved answer={answer} intents={["approve-testimonial", "decline-testimonial"]} />
              <FormError message={errorFor("approve-testimonial") ?? errorFor("decline-testimonial")} />
              <p className="mb-3 text-sm text-slate-700">{m.messaging_family_testimonials_text()}</p>
              <ul className="flex flex-col gap-3" aria-label={m.messaging_family_testimonials()}>
                {family.awaitingTestimonials.map((t) => (
                  <li key={t.id} className="rounded-md border border-slate-200 p-3 text-slate-900">
                    <blockquote className="whitespace-pre-wrap break-words">“{t.content}”</blockquote>
                    <p className="mt-1 text-sm text-slate-700">{m.messaging_family_stars({ name: t.name, rating: t.rating })}</p>
                    <div className="mt-2 flex flex-wrap gap-3">
                      {(["approve", "decline"] as const).map((choice) => (
                        <Form method="post" key={choice}>
                          <input type="hidden" name="intent" value={`${choice}-testimonial`} />
                          <input type="hidden" name="testimonialId" value={t.id} />
                          <Button type="submit" variant={choice === "approve" ? "primary" : "secondary"} disabled={busy}>
                            {choice === "approve" ? m.messaging_family_approve({ name: t.name }) : m.messaging_family_decline({ name: t.name })}
                          </Button>
                        </Form>
                      ))}
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {family.athletes.length ? (
            <div className="mb-6">
              <h3 className="font-semibold text-slate-900">{m.messaging_family_invite_coguardian()}</h3>
              <InvitationForm
                key={keyFor("invite-coguardian")}
                intent="invite-coguardian"
                name="coGuardianEmail"
                label={m.messaging_family_their_email()}
                button={m.messaging_family_send_the_invitation()}
                secondary
                busy={busy}
                error={errorsFor("invite-coguardian").coGuardianEmail}
                formError={errorFor("invite-coguardian")}
              >
                <Saved answer={answer} intents={["invite-coguardian"]} />
              </InvitationForm>
            </div>
          ) : null}
          <h3 className="font-semibold text-slate-900">{m.messaging_family_add_athlete()}</h3>
          <p className="mb-3 text-sm text-slate-700">
            {m.messaging_family_add_text()} <a href={localHref("/privacy")}>{m.messaging_family_privacy()}</a>.
          </p>
          <IntentForm
            key={keyFor("add-athlete")}
            intent="add-athlete"
            button={m.messaging_family_add_athlete()}
            busy={busy}
            formError={errorFor("add-athlete")}
          >
            <Saved answer={answer} intents={["add-athlete"]} />
            <Field label={m.messaging_family_athlete_name()} name="fullName" autoComplete="off" required error={errorsFor("add-athlete").fullName} />
            <Field label={m.messaging_family_athlete_dob()} name="dateOfBirth" type="date" required error={errorsFor("add-athlete").dateOfBirth} />
            <Field label={m.messaging_family_athlete_email()} name="email" type="email" autoComplete="off" error={errorsFor("add-athlete").email} />
          </IntentForm>
        </CardSection>
      ) : (
        <YourGuardians me={me} family={family} busy={busy} answer={answer} errorsFor={errorsFor} errorFor={errorFor} keyFor={keyFor} />
      )}
    </>
  );
}

/** An athlete's own parents or guardians: leaving one (an adult athlete), or inviting one when there is none. */
function YourGuardians({ me, family, busy, answer, errorsFor, errorFor, keyFor }: Props & { keyFor: (intent: string) => string }) {
  return (
    <CardSection title={m.messaging_family_your_guardians()} id="family-heading">
      {confirmationWords(family.confirmation) && family.minor ? (
        <p className="mb-4 text-sm text-slate-800">{confirmationWords(family.confirmation)}</p>
      ) : null}
      <Saved answer={answer} intents={["remove-guardian", "invite-guardian"]} />
      {family.guardians.length ? (
        <ul className="mb-4 flex flex-col gap-2" aria-label={m.messaging_family_your_guardians()}>
          {family.guardians.map((g) => (
            <li key={g.id} className="flex items-center justify-between gap-4 rounded-md border border-slate-200 px-3 py-2 text-slate-900">
              <span className="font-medium">{g.fullName}</span>
              {family.minor ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-guardian" />
                  <input type="hidden" name="athleteId" value={me} />
                  <input type="hidden" name="guardianId" value={g.id} />
                  <Button
                    type="submit"
                    variant="secondary"
                    disabled={busy}
                    aria-label={m.messaging_family_leave_of({ name: g.fullName ?? m.messaging_family_your_guardian() })}
                  >
                    {m.messaging_family_leave()}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-slate-800">{family.minor ? m.messaging_family_no_guardian_minor() : m.messaging_family_no_guardian()}</p>
      )}
      <FormError message={errorFor("remove-guardian")} />
      {family.pendingGuardianInvitations.length ? (
        <p className="mb-4 text-sm text-slate-700">
          {m.messaging_family_invitation_waiting({ emails: family.pendingGuardianInvitations.join(", ") })}
        </p>
      ) : null}
      {family.guardians.length ? null : (
        <>
          <h3 className="font-semibold text-slate-900">{m.messaging_link_guardian()}</h3>
          <InvitationForm
            key={keyFor("invite-guardian")}
            intent="invite-guardian"
            name="guardianEmail"
            label={m.messaging_family_guardian_email()}
            button={m.messaging_family_send_invitation()}
            busy={busy}
            error={errorsFor("invite-guardian").guardianEmail}
            formError={errorFor("invite-guardian")}
          />
        </>
      )}
    </CardSection>
  );
}
