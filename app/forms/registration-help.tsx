// The registration form's "I would like financial help" (issue 41): the request form's own section, shown with the
// session chosen to a signed-in family who may ask (app/forms/registration-help.server.ts decides), what was typed
// shown again beside a refusal. Plain inputs: the form works without the page's script.
import { RequestAidSection, type AidFieldValues } from "~/payments/season-fees-aid-fields";

type State = "none" | "open" | "granted";

export function RegistrationHelp({
  state,
  errors,
  values,
}: {
  state: State | null;
  errors: Partial<Record<string, string | undefined>>;
  values: Record<string, string | undefined> | null;
}) {
  if (!state) return null;
  const typed: AidFieldValues | undefined = values
    ? {
        wantsHelp: values.wantsHelp === "on",
        householdSize: values.householdSize ?? "",
        schoolLunch: values.schoolLunch ?? "",
        incomeBand: values.incomeBand ?? "",
        note: values.note ?? "",
      }
    : undefined;
  return <RequestAidSection state={state} fieldErrors={errors} values={typed} />;
}
