// /account's Safe Play sections for clients: who they are, and their family (a guardian's household: its
// student-athletes, each with its state and its own forms; or an athlete's parents or guardians). Plain forms posting
// to /account with an `intent`; a form that succeeded is drawn anew (empty), with what happened said beside it.
import { Form } from "react-router";
import { localHref } from "~/i18n/locale";
import { CardSection } from "~/components/ui/card-section";
import { ClientKindFields } from "~/components/client-kind-fields";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import type { FieldErrors } from "~/auth/schemas";
import { KIND_LABEL, type ClientKind } from "~/family/safe-play";

export type FamilyView = {
  kind: ClientKind;
  dateOfBirth: string | null;
  protectedMinor: boolean;
  kindAnswered: boolean;
  minor: boolean;
  confirmation: { confirmed: boolean; linkedBefore: boolean } | null;
  guardians: Array<{ id: string; fullName: string | null }>;
  athletes: Array<{
    id: string;
    fullName: string | null;
    dateOfBirth: string | null;
    age: number | null;
    hasLogin: boolean;
    invitedEmail: string | null;
  }>;
  pendingGuardianInvitations: string[];
  /** Testimonials the guardian's athletes wrote, waiting for their approval. */
  awaitingTestimonials: Array<{ id: string; name: string; content: string; rating: number }>;
};

/** What the last family form answered: its intent, the athlete it was about, and its words. */
export type FamilyAnswer = { intent: string; athleteId?: string | undefined; saved?: string | undefined; savedAt?: number | undefined };

type Props = {
  me: string;
  family: FamilyView;
  busy: boolean;
  answer: FamilyAnswer | undefined;
  errorsFor: (intent: string, athleteId?: string) => FieldErrors;
  errorFor: (intent: string, athleteId?: string) => string | undefined;
};

/** Where a form's success is said: beside it, announced to screen readers. */
function Saved({ answer, intents, athleteId }: { answer: FamilyAnswer | undefined; intents: string[]; athleteId?: string }) {
  if (!answer?.saved || !intents.includes(answer.intent) || (athleteId !== undefined && answer.athleteId !== athleteId)) return null;
  return (
    <p role="status" className="mb-3 rounded-md border border-court-300 bg-court-50 px-3 py-2 text-slate-900">
      {answer.saved}
    </p>
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
    <Form method="post" className="mt-2 flex flex-col gap-4">
      {props.children}
      <input type="hidden" name="intent" value={props.intent} />
      <Field label={props.label} name={props.name} type="email" autoComplete="off" required error={props.error} />
      <FormError message={props.formError} />
      <Button type="submit" variant={props.secondary ? "secondary" : "primary"} disabled={props.busy} className="self-start">
        {props.button}
      </Button>
    </Form>
  );
}

function athleteState(a: FamilyView["athletes"][number]) {
  if (a.hasLogin) return "Joined: has their own login";
  if (a.invitedEmail) return `Invited: an invitation waits at ${a.invitedEmail}`;
  return "No login of their own";
}

function confirmationWords(c: FamilyView["confirmation"]) {
  if (!c || c.confirmed) return null;
  return c.linkedBefore
    ? "Waiting for confirmation: a coach or the safeguarding lead will confirm your family when they meet or phone you. Your conversations go on meanwhile."
    : "Waiting for confirmation: before coaches and your student-athletes under 18 can message each other, a coach or the safeguarding lead confirms your family when they meet or phone you. You can message coaches meanwhile.";
}

export function AccountFamily({ me, family, busy, answer, errorsFor, errorFor }: Props) {
  // A form that succeeded is drawn again, empty: a second athlete never inherits the first one's address.
  const keyFor = (intent: string, athleteId?: string) =>
    answer?.saved && answer.intent === intent && (athleteId === undefined || answer.athleteId === athleteId) ? `done-${answer.savedAt}` : "form";
  return (
    <>
      <CardSection title="Who you are" id="kind-heading">
        {family.protectedMinor ? (
          <div className="text-slate-800">
            <p>
              {KIND_LABEL[family.kind]}, born {family.dateOfBirth}.
            </p>
            <p className="mt-2 text-sm text-slate-700">
              Your date of birth and account type can only be changed by your parent or guardian, or corrected by the organisation&apos;s safeguarding
              lead.
            </p>
          </div>
        ) : (
          <Form method="post" className="flex flex-col gap-4" key={keyFor("kind")}>
            <Saved answer={answer} intents={["kind"]} />
            {family.kindAnswered ? null : (
              <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-slate-900">
                Please tell us whether you are a parent or guardian or a student-athlete, with your date of birth. Until you do, you cannot send
                messages.
              </p>
            )}
            <input type="hidden" name="intent" value="kind" />
            <ClientKindFields kind={family.kindAnswered ? family.kind : null} dateOfBirth={family.dateOfBirth} errors={errorsFor("kind")} />
            <FormError message={errorFor("kind")} />
            <Button type="submit" disabled={busy} className="self-start">
              Save
            </Button>
          </Form>
        )}
      </CardSection>

      {family.kind === "guardian" ? (
        <CardSection title="Your family" id="family-heading">
          {confirmationWords(family.confirmation) ? <p className="mb-4 text-sm text-slate-800">{confirmationWords(family.confirmation)}</p> : null}
          {family.guardians.length ? (
            <p className="mb-4 text-slate-800">Other parents or guardians: {family.guardians.map((g) => g.fullName).join(", ")}</p>
          ) : null}
          <Saved answer={answer} intents={["remove-athlete"]} />
          {family.athletes.length ? (
            <ul className="mb-6 flex flex-col gap-4" aria-label="Your student-athletes">
              {family.athletes.map((a) => {
                const name = a.fullName ?? "";
                return (
                  <li key={a.id} className="rounded-md border border-slate-200 p-4 text-slate-900">
                    <h3 className="font-semibold">
                      {name}
                      {a.age !== null ? (
                        <span className="font-normal text-slate-700">
                          {" "}
                          · {a.age} years old{a.age < 18 ? " · Minor" : ""}
                        </span>
                      ) : null}
                    </h3>
                    <p className="text-sm text-slate-700">{athleteState(a)}</p>
                    <Saved answer={answer} intents={["edit-athlete", "invite-athlete", "cancel-invitation"]} athleteId={a.id} />
                    <FormError message={errorFor("cancel-invitation", a.id) ?? errorFor("remove-athlete", a.id)} />
                    <details className="mt-2">
                      <summary className="cursor-pointer text-sm font-medium text-court-800">Correct {name}&apos;s details</summary>
                      <Form method="post" className="mt-3 flex flex-col gap-3" key={keyFor("edit-athlete", a.id)}>
                        <input type="hidden" name="intent" value="edit-athlete" />
                        <input type="hidden" name="athleteId" value={a.id} />
                        <Field label="Name" name="fullName" defaultValue={name} required error={errorsFor("edit-athlete", a.id).fullName} />
                        <Field
                          label="Date of birth"
                          name="dateOfBirth"
                          type="date"
                          defaultValue={a.dateOfBirth ?? ""}
                          required
                          error={errorsFor("edit-athlete", a.id).dateOfBirth}
                        />
                        <FormError message={errorFor("edit-athlete", a.id)} />
                        <Button type="submit" variant="secondary" disabled={busy} className="self-start">
                          Save {name}&apos;s details
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
                            label={a.invitedEmail ? `Send ${name}'s invitation again, or to a new address` : `${name}'s own email, to invite them`}
                            name="email"
                            type="email"
                            autoComplete="off"
                            defaultValue={a.invitedEmail ?? ""}
                            required
                            error={errorsFor("invite-athlete", a.id).email}
                          />
                          <FormError message={errorFor("invite-athlete", a.id)} />
                          <Button type="submit" variant="secondary" disabled={busy} className="self-start">
                            {a.invitedEmail ? "Send the invitation again" : "Send an invitation"}
                          </Button>
                        </Form>
                        <div className="mt-3 flex flex-wrap gap-3">
                          {a.invitedEmail ? (
                            <Form method="post">
                              <input type="hidden" name="intent" value="cancel-invitation" />
                              <input type="hidden" name="athleteId" value={a.id} />
                              <input type="hidden" name="athleteName" value={name} />
                              <Button type="submit" variant="secondary" disabled={busy}>
                                Cancel {name}&apos;s invitation
                              </Button>
                            </Form>
                          ) : null}
                          <Form method="post">
                            <input type="hidden" name="intent" value="remove-athlete" />
                            <input type="hidden" name="athleteId" value={a.id} />
                            <input type="hidden" name="athleteName" value={name} />
                            <Button type="submit" variant="secondary" disabled={busy}>
                              Remove {name}
                            </Button>
                          </Form>
                        </div>
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="mb-4 text-slate-800">No student-athletes yet.</p>
          )}
          {family.awaitingTestimonials.length || (answer?.saved && answer.intent.endsWith("-testimonial")) ? (
            <div className="mb-6">
              <h3 className="font-semibold text-slate-900">Testimonials waiting for your approval</h3>
              <Saved answer={answer} intents={["approve-testimonial", "decline-testimonial"]} />
              <FormError message={errorFor("approve-testimonial") ?? errorFor("decline-testimonial")} />
              <p className="mb-3 text-sm text-slate-700">
                Your student-athlete wrote these for the home page. They appear under their first name and last initial, only once you approve them.
              </p>
              <ul className="flex flex-col gap-3" aria-label="Testimonials waiting for your approval">
                {family.awaitingTestimonials.map((t) => (
                  <li key={t.id} className="rounded-md border border-slate-200 p-3 text-slate-900">
                    <blockquote className="whitespace-pre-wrap break-words">“{t.content}”</blockquote>
                    <p className="mt-1 text-sm text-slate-700">
                      {t.name} · {t.rating} of 5 stars
                    </p>
                    <div className="mt-2 flex flex-wrap gap-3">
                      {(["approve", "decline"] as const).map((choice) => (
                        <Form method="post" key={choice}>
                          <input type="hidden" name="intent" value={`${choice}-testimonial`} />
                          <input type="hidden" name="testimonialId" value={t.id} />
                          <Button type="submit" variant={choice === "approve" ? "primary" : "secondary"} disabled={busy}>
                            {choice === "approve" ? `Approve ${t.name}'s testimonial` : `Decline ${t.name}'s testimonial`}
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
              <h3 className="font-semibold text-slate-900">Invite another parent or guardian</h3>
              <InvitationForm
                key={keyFor("invite-coguardian")}
                intent="invite-coguardian"
                name="coGuardianEmail"
                label="Their email"
                button="Send the invitation"
                secondary
                busy={busy}
                error={errorsFor("invite-coguardian").coGuardianEmail}
                formError={errorFor("invite-coguardian")}
              >
                <Saved answer={answer} intents={["invite-coguardian"]} />
              </InvitationForm>
            </div>
          ) : null}
          <h3 className="font-semibold text-slate-900">Add a student-athlete</h3>
          <p className="mb-3 text-sm text-slate-700">
            They join your family: you take part in every conversation their coaches have with them while they are under 18. Give their own email to
            invite them to choose a password for their own login. What we keep about children and why:{" "}
            <a href={localHref("/privacy")}>privacy notice</a>.
          </p>
          <Form method="post" className="flex flex-col gap-4" key={keyFor("add-athlete")}>
            <Saved answer={answer} intents={["add-athlete"]} />
            <input type="hidden" name="intent" value="add-athlete" />
            <Field label="Athlete's name" name="fullName" autoComplete="off" required error={errorsFor("add-athlete").fullName} />
            <Field label="Athlete's date of birth" name="dateOfBirth" type="date" required error={errorsFor("add-athlete").dateOfBirth} />
            <Field label="Athlete's email (optional)" name="email" type="email" autoComplete="off" error={errorsFor("add-athlete").email} />
            <FormError message={errorFor("add-athlete")} />
            <Button type="submit" disabled={busy} className="self-start">
              Add a student-athlete
            </Button>
          </Form>
        </CardSection>
      ) : (
        <CardSection title="Your parents or guardians" id="family-heading">
          {confirmationWords(family.confirmation) && family.minor ? (
            <p className="mb-4 text-sm text-slate-800">{confirmationWords(family.confirmation)}</p>
          ) : null}
          <Saved answer={answer} intents={["remove-guardian", "invite-guardian"]} />
          {family.guardians.length ? (
            <ul className="mb-4 flex flex-col gap-2" aria-label="Your parents or guardians">
              {family.guardians.map((g) => (
                <li key={g.id} className="flex items-center justify-between gap-4 rounded-md border border-slate-200 px-3 py-2 text-slate-900">
                  <span className="font-medium">{g.fullName}</span>
                  {family.minor ? null : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove-guardian" />
                      <input type="hidden" name="athleteId" value={me} />
                      <input type="hidden" name="guardianId" value={g.id} />
                      <Button type="submit" variant="secondary" disabled={busy} aria-label={`Leave the family of ${g.fullName ?? "your guardian"}`}>
                        Leave the family
                      </Button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-4 text-slate-800">
              {family.minor
                ? "No parent or guardian is linked yet. Until one is, you can browse the site but not send messages."
                : "No parent or guardian is linked."}
            </p>
          )}
          <FormError message={errorFor("remove-guardian")} />
          {family.pendingGuardianInvitations.length ? (
            <p className="mb-4 text-sm text-slate-700">Invitation waiting for: {family.pendingGuardianInvitations.join(", ")}</p>
          ) : null}
          {family.guardians.length ? null : (
            <>
              <h3 className="font-semibold text-slate-900">Link a parent or guardian</h3>
              <InvitationForm
                key={keyFor("invite-guardian")}
                intent="invite-guardian"
                name="guardianEmail"
                label="Parent or guardian's email"
                button="Send invitation"
                busy={busy}
                error={errorsFor("invite-guardian").guardianEmail}
                formError={errorFor("invite-guardian")}
              />
            </>
          )}
        </CardSection>
      )}
    </>
  );
}
