// /account/family's "Your mobile phone" (issue 39): optional, and asked plainly when a coach is waiting for it (a
// lesson, an evaluation or a place coming and no guardian's phone on record, so the coach's page says "no phone on
// record"). A plain form posting intent "guardian-phone"; the server's rule is optionalAccountPhone.
import { Form } from "react-router";
import { GuardianPhoneField } from "~/components/guardian-phone-field";
import { Button } from "~/components/ui/button";
import { answerTo, CardSection } from "~/components/ui/card-section";
import { Confirmation } from "~/components/ui/confirmation";
import { FormError } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import type { FamilyAnswer } from "~/family/family-page";

export const PHONE_INTENT = "guardian-phone";

export function GuardianPhoneSection(props: {
  phone: string | null;
  coachesNeedIt: boolean;
  busy: boolean;
  answer: FamilyAnswer | undefined;
  error: string | undefined;
  fieldError: string | undefined;
}) {
  const own = answerTo(props.answer, PHONE_INTENT);
  const saved = own?.ok && own.message ? own : null;
  return (
    <CardSection title={m.account_phone_heading()} id="phone">
      {saved ? (
        <Confirmation key={saved.savedAt} className="mb-3">
          {saved.message}
        </Confirmation>
      ) : null}
      {props.coachesNeedIt && !props.phone ? (
        <p role="note" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-slate-900">
          {m.account_phone_needed()}
        </p>
      ) : null}
      <Form method="post" className="flex flex-col gap-4" key={saved ? `done-${saved.savedAt}` : "form"}>
        <input type="hidden" name="intent" value={PHONE_INTENT} />
        <GuardianPhoneField defaultValue={props.phone} error={props.fieldError} />
        <FormError message={props.error} />
        <Button type="submit" variant="secondary" disabled={props.busy} className="self-start">
          {m.account_phone_save()}
        </Button>
      </Form>
    </CardSection>
  );
}
