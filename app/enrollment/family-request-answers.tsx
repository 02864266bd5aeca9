// A family's answers to one of their open requests on /account/enrollments: take an offered place, or withdraw the
// request, asked once with the athlete, the session and the day it was sent (issue 39, app/components/ui/confirm-action).
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { formatDateIn } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import type { EnrollmentStatus } from "./status";

export function FamilyRequestAnswers({
  request: r,
  athlete,
  requestedAt,
  asking,
  busy,
}: {
  request: { id: string; session: string; status: EnrollmentStatus };
  athlete: string;
  /** When the request was sent (an ISO instant), or null if unknown. */
  requestedAt: string | null;
  asking: string | null;
  busy: boolean;
}) {
  const zone = useOrgTimeZone();
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {r.status === "offered" ? (
        <Form method="post">
          <input type="hidden" name="enrollmentId" value={r.id} />
          <Button type="submit" name="intent" value="accept" disabled={busy}>
            {m.enroll_accept()}
          </Button>
        </Form>
      ) : null}
      <ConfirmAction
        fields={{ intent: "withdraw", enrollmentId: r.id }}
        label={m.enroll_withdraw()}
        question={m.actions_withdraw_question({ athlete, session: r.session, date: requestedAt ? formatDateIn(requestedAt, zone) : "" })}
        detail={m.actions_withdraw_detail_family()}
        confirmLabel={m.actions_withdraw_confirm()}
        asking={asking}
        busy={busy}
      />
    </div>
  );
}
