// /account/enrollments' page as the browser shows it (account.enrollments.tsx beside it has its loader and action):
// its code loads when someone uses the page, not with it (PageUntilUsed, docs/decisions/0081).
import { useActionData, useNavigation } from "react-router";
import type { action, EnrollmentsPageProps } from "./account.enrollments";
import { PageHeader } from "~/components/page-header";
import { FormError } from "~/components/ui/form-error";
import { FamilyChildCard } from "~/enrollment/family-page";
import { isVisitorRequestAnswer as isVisitorAnswer } from "~/enrollment/visitor-requests-types";
import { VisitorRequestsSection } from "~/enrollment/visitor-requests-section";
import { refusalOf } from "~/lib/forms";
import { Confirmation } from "~/components/ui/confirmation";
import { m } from "~/paraglide/messages";

export function AccountEnrollmentsBody({ loaderData }: EnrollmentsPageProps) {
  const actionData = useActionData<typeof action>();
  // The visitor requests' answers (keep or drop) are theirs; the rest are the children's requests'.
  const visitor = actionData && isVisitorAnswer(actionData) ? actionData : undefined;
  const mine = actionData && !isVisitorAnswer(actionData) ? actionData : undefined;
  const refusal = refusalOf(mine);
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={m.enroll_family_heading()} intro={m.enroll_family_intro()} />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        {loaderData.sent ? <Confirmation key={loaderData.sent}>{loaderData.sent}</Confirmation> : null}
        <VisitorRequestsSection requests={loaderData.visitorRequests} answer={visitor} busy={busy} />
        {refusal && !refusal.values?.enrollmentId ? <FormError message={refusal.formError} /> : null}
        {loaderData.children.length === 0 ? <p className="text-slate-800">{m.enroll_family_no_children()}</p> : null}
        {loaderData.children.map((child) => (
          <FamilyChildCard
            key={child.athleteId}
            child={child}
            error={refusal}
            busy={busy}
            requestDates={loaderData.requestDates}
            asking={(mine?.ok && "confirm" in mine && mine.confirm) || null}
          />
        ))}
      </div>
    </>
  );
}
