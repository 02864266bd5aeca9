// /account's Safe Play sections for clients: who they are, and their family (a guardian's student-athletes, or an
// athlete's parents or guardians). Plain forms posting to /account with an `intent`.
import { Form } from "react-router";
import { ClientKindFields } from "~/components/client-kind-fields";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/auth-schemas";
import type { ClientKind } from "~/lib/safe-play";

export type FamilyView = {
  kind: ClientKind;
  dateOfBirth: string | null;
  minor: boolean;
  guardians: Array<{ id: string; fullName: string | null }>;
  athletes: Array<{ id: string; fullName: string | null; age: number | null; hasLogin: boolean; invited: boolean }>;
  pendingGuardianInvitations: string[];
};

type Props = {
  me: string;
  family: FamilyView;
  busy: boolean;
  errorsFor: (intent: string) => FieldErrors;
  errorFor: (intent: string) => string | undefined;
};

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function AccountFamily({ me, family, busy, errorsFor, errorFor }: Props) {
  return (
    <>
      <Section title="Who you are" id="kind-heading">
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="kind" />
          <ClientKindFields kind={family.kind} dateOfBirth={family.dateOfBirth} errors={errorsFor("kind")} />
          <FormError message={errorFor("kind")} />
          <Button type="submit" disabled={busy} className="self-start">
            Save
          </Button>
        </Form>
      </Section>

      {family.kind === "guardian" ? (
        <Section title="Your student-athletes" id="family-heading">
          {family.athletes.length ? (
            <ul className="mb-4 flex flex-col gap-2" aria-label="Your student-athletes">
              {family.athletes.map((a) => (
                <li key={a.id} className="rounded-md border border-slate-200 px-3 py-2 text-slate-900">
                  <span className="font-medium">{a.fullName}</span>
                  {a.age !== null ? (
                    <span className="text-slate-700">
                      {" "}
                      · {a.age} years old{a.age < 18 ? " · Minor" : ""}
                    </span>
                  ) : null}
                  <span className="block text-sm text-slate-700">
                    {a.hasLogin ? "Has their own sign-in" : a.invited ? "Invited: the invitation waits for them" : "No sign-in of their own"}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-4 text-slate-800">No student-athletes yet.</p>
          )}
          <h3 className="font-semibold text-slate-900">Add a student-athlete</h3>
          <p className="mb-3 text-sm text-slate-700">
            You are linked to them and take part in every conversation their coaches have with them while they are under 18. Give their own email to
            invite them to their account.
          </p>
          <Form method="post" className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="add-athlete" />
            <Field label="Athlete's name" name="fullName" autoComplete="off" required error={errorsFor("add-athlete").fullName} />
            <Field label="Athlete's date of birth" name="dateOfBirth" type="date" required error={errorsFor("add-athlete").dateOfBirth} />
            <Field label="Athlete's email (optional)" name="email" type="email" autoComplete="off" error={errorsFor("add-athlete").email} />
            <FormError message={errorFor("add-athlete")} />
            <Button type="submit" disabled={busy} className="self-start">
              Add a student-athlete
            </Button>
          </Form>
        </Section>
      ) : (
        <Section title="Your parents or guardians" id="family-heading">
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
                      <Button type="submit" variant="secondary" disabled={busy} aria-label={`Remove ${g.fullName ?? "guardian"}`}>
                        Remove
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
          <h3 className="font-semibold text-slate-900">Link a parent or guardian</h3>
          <Form method="post" className="mt-2 flex flex-col gap-4">
            <input type="hidden" name="intent" value="invite-guardian" />
            <Field
              label="Parent or guardian's email"
              name="guardianEmail"
              type="email"
              autoComplete="off"
              required
              error={errorsFor("invite-guardian").guardianEmail}
            />
            <FormError message={errorFor("invite-guardian")} />
            <Button type="submit" disabled={busy} className="self-start">
              Send invitation
            </Button>
          </Form>
        </Section>
      )}
    </>
  );
}
