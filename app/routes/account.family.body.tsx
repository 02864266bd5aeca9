// /account/family's page as the browser shows it (account.family.tsx beside it has its loader and action): its code
// loads when someone uses the page, not with it (PageUntilUsed, docs/decisions/0081).
import { useNavigation } from "react-router";
import type { FamilyPageProps } from "./account.family";
import { AccountFamily } from "~/family/family-page";
import { AccountNav } from "~/components/account-nav";
import { answerTo } from "~/components/ui/card-section";
import { refusalOf } from "~/lib/forms";
import { VisitorRequestsNotice } from "~/enrollment/visitor-requests-notice";
import { DemographicsSection } from "~/family/demographics-section";
import { GuardianPhoneSection, PHONE_INTENT } from "~/family/guardian-phone-section";
import { MedicalSection } from "~/medical/medical-section";
import { ChildDataSection } from "~/childdata/family-section";
import { DisclosuresSection } from "~/consent/disclosures-section";

export function AccountFamilyBody({ loaderData, actionData }: FamilyPageProps) {
  const { page, me, family } = loaderData;
  const busy = useNavigation().state === "submitting";
  // A form about one athlete answers with its id: its errors show on that athlete's card only.
  const refusal = (intent: string, athleteId?: string) => refusalOf(answerTo(actionData, intent, athleteId));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <AccountNav current="family" family />
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{page.heading}</h1>
        <p className="mt-2 text-slate-700">{page.description}</p>
      </div>
      <VisitorRequestsNotice count={loaderData.visitorRequests} />
      {family.kind === "guardian" || !family.minor ? (
        <GuardianPhoneSection
          {...loaderData.people.phone}
          busy={busy}
          answer={actionData}
          error={refusal(PHONE_INTENT)?.formError}
          fieldError={refusal(PHONE_INTENT)?.fieldErrors.phone}
        />
      ) : null}
      <AccountFamily
        me={me}
        family={family}
        busy={busy}
        answer={actionData}
        errorsFor={(intent, athleteId) => refusal(intent, athleteId)?.fieldErrors ?? {}}
        errorFor={(intent, athleteId) => refusal(intent, athleteId)?.formError}
      />
      <DemographicsSection athletes={loaderData.people.demographics} answer={actionData} busy={busy} />
      <MedicalSection athletes={loaderData.medical} answer={actionData} busy={busy} />
      <DisclosuresSection athletes={loaderData.disclosures} answer={actionData} busy={busy} />
      <ChildDataSection {...loaderData.childData} answer={actionData} busy={busy} />
    </div>
  );
}
