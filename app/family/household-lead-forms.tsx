// The safeguarding lead's forms on a family's page (/families/:id, Safe Play, decision 0022): unlinking a guardian,
// and pausing the family's own changes. Each irreversible step asks for a tick first, and works without JavaScript.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmTick } from "~/components/ui/confirm-tick";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { m } from "~/paraglide/messages";
import type { ActionRefusal } from "~/lib/form-errors";

/** The page's refusal, if its last answer was one (decision 0077): by intent, its member among what was sent. */
type Answer = ActionRefusal | null;

export function UnlinkGuardian({ member, actionData, busy }: { member: { id: string; fullName: string }; actionData: Answer; busy: boolean }) {
  const mine = actionData?.intent === "unlink" && actionData.values?.userId === member.id;
  const errorId = `unlink-${member.id}-error`;
  return (
    <details className="mt-2" open={mine || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-court-800">{m.messaging_household_unlink({ name: member.fullName })}</summary>
      <Form method="post" className="mt-2 flex flex-col gap-3">
        <input type="hidden" name="intent" value="unlink" />
        <input type="hidden" name="userId" value={member.id} />
        <ConfirmTick
          name="sure"
          label={m.messaging_household_unlink_sure({ name: member.fullName })}
          error={mine ? actionData?.fieldErrors.sure : undefined}
          errorId={errorId}
        />
        <FormError message={mine ? actionData?.formError : undefined} />
        <Button type="submit" variant="secondary" disabled={busy} className="self-start">
          {m.messaging_household_unlink_button()}
        </Button>
      </Form>
    </details>
  );
}

export function FreezeForm({ frozen, actionData, busy }: { frozen: string | null; actionData: Answer; busy: boolean }) {
  return (
    <section aria-labelledby="freeze-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="freeze-heading" className="text-lg font-semibold text-slate-900">
        {m.messaging_household_freeze_heading()}
      </h2>
      <p className="mt-2 text-slate-900">{frozen ? m.messaging_household_frozen({ reason: frozen }) : m.messaging_household_not_frozen()}</p>
      <Form method="post" className="mt-4 flex flex-col gap-3">
        <input type="hidden" name="intent" value={frozen ? "unfreeze" : "freeze"} />
        {frozen ? null : (
          <Field
            label={m.messaging_household_freeze_reason()}
            name="reason"
            required
            error={actionData?.intent === "freeze" ? actionData.fieldErrors.reason : undefined}
          />
        )}
        <Button type="submit" variant="secondary" disabled={busy} className="self-start">
          {frozen ? m.messaging_household_unfreeze() : m.messaging_household_freeze()}
        </Button>
      </Form>
    </section>
  );
}
