// The organisation's place-holding setting on /rosters (issue 39, decision 0046), beside how long an offer is held:
// whether a bare request holds a place. A plain form: it works without the page's script.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { m } from "~/paraglide/messages";
import { Checkbox } from "~/components/ui/controls";

export const REQUESTS_HOLD_INTENT = "requests-hold";

export function PlacesSettingForm({ requestsHold, busy }: { requestsHold: boolean; busy: boolean }) {
  return (
    <Form method="post" className="flex flex-col gap-3 rounded-md border border-slate-200 p-4" aria-labelledby="places-setting-heading">
      <h2 id="places-setting-heading" className="text-lg font-semibold text-navy-900">
        {m.enroll_settings_heading()}
      </h2>
      <input type="hidden" name="intent" value={REQUESTS_HOLD_INTENT} />
      <label className="flex items-start gap-3 text-slate-900">
        <Checkbox name="requestsHold" className="mt-1" defaultChecked={requestsHold} aria-describedby="requests-hold-hint" />
        <span className="font-medium">{m.enroll_requests_hold_label()}</span>
      </label>
      <p id="requests-hold-hint" className="text-sm text-slate-700">
        {m.enroll_requests_hold_hint()}
      </p>
      <div>
        <Button type="submit" variant="secondary" disabled={busy}>
          {m.enroll_save()}
        </Button>
      </div>
    </Form>
  );
}
