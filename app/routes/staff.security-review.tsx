// /staff/security-review (issue 40, docs/security-programme.md): the security programme's yearly review recorded as
// done today (the organisation's day by the site's clock), from the reminder on /staff or /staff/profile. An
// administrator or the coordinator only (recordSecurityReview asks the rule); anyone else gets 403 with nothing
// changed, a visitor is sent to sign in. A plain form's target: it answers with a redirect back and a toast.
import { redirect } from "react-router";
import type { Route } from "./+types/staff.security-review";
import { requireUser } from "~/auth/index.server";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { localHref } from "~/i18n/locale";
import { dayInZone, formatCalendarDate } from "~/lib/datetime";
import { invariantResponse } from "~/lib/responses.server";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { recordSecurityReview } from "~/security/index.server";

/** Nothing to read here: the reminder lives on /staff. */
export function loader() {
  throw redirect(localHref("/staff"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const back = form.get("back") === "profile" ? "/staff/profile" : "/staff";
  const today = dayInZone(context.config.safePlay.clock(), context.config.site.timeZone);
  const r = await recordSecurityReview(context.db, user, today);
  invariantResponse(r.ok, m.security_record_refused(), 403);
  const next = formatCalendarDate(`${r.nextDueOn}T00:00:00Z`) ?? r.nextDueOn;
  throw await redirectWithToast(context, back, { type: "success", title: m.security_recorded({ date: next }) });
}

export default function SecurityReview() {
  return null;
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.security_title()} documentTitle={m.security_title()} />;
}
