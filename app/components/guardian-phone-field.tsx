// A guardian's mobile phone (issue 39): optional, with why it is asked and who reads it under the field. Sign-up and
// the family page use it; the server's rule is app/auth/schemas.ts (optionalAccountPhone).
import { useId } from "react";
import { PhoneField } from "~/components/ui/field";
import { m } from "~/paraglide/messages";

export function GuardianPhoneField({ error, defaultValue }: { error?: string | undefined; defaultValue?: string | null | undefined }) {
  const id = `phone-${useId()}`;
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-1">
      <PhoneField
        id={id}
        label={m.account_field_mobile_optional()}
        name="phone"
        defaultValue={defaultValue ?? ""}
        error={error}
        aria-describedby={error ? `${id}-error ${hintId}` : hintId}
      />
      <p id={hintId} className="text-sm text-slate-700">
        {m.account_phone_hint()}
      </p>
    </div>
  );
}
