// /account/family: a client's Safe Play answers (who they are) and their family (a guardian's household: its
// student-athletes with their invitations, other guardians, testimonials waiting for approval; an athlete's parents or
// guardians). Its own page since issue 27's budget round (decision 0023): it was /account's largest part. Every form
// posts here with an `intent` and acts for the signed-in client only (familyAction checks each rule); coaches have no
// family and are sent to /account.
import { redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account.family";
import { requireUser } from "~/auth/index.server";
import { AccountFamily } from "~/family/family-page";
import { AccountNav } from "~/components/account-nav";
import { familyAction } from "~/family/index.server";
import { answerTo } from "~/components/ui/card-section";
import { done, refused, refusalOf } from "~/lib/forms";
import { getFamily } from "~/family/index.server";
import { FAMILY_INTENTS, type FamilyIntent } from "~/family/intents";
import { localHref } from "~/i18n/locale";
import { askUnlessConfirmed } from "~/lib/confirm-action";
import { invariantResponse } from "~/lib/responses.server";
import { pageMeta } from "~/lib/meta";
import { retryAfterHeaders } from "~/lib/retry-after";
import { m } from "~/paraglide/messages";
import { getTestimonialsAwaitingGuardian } from "~/testimonials/index.server";
import { countVisitorRequestsToReview } from "~/enrollment/index.server";
import { VisitorRequestsNotice } from "~/enrollment/visitor-requests-notice";
import { DemographicsSection } from "~/family/demographics-section";
import { GuardianPhoneSection, PHONE_INTENT } from "~/family/guardian-phone-section";
import { isPeopleIntent, peopleAction } from "~/family/index.server";
import { getFamilyPeople } from "~/family/index.server";
import { answerMedicalForm, getMedicalForFamily, MEDICAL_INTENT } from "~/medical/index.server";
import { MedicalSection } from "~/medical/medical-section";
import { answerChildDataForm, getChildDataForFamily, keptWords } from "~/childdata/index.server";
import { ChildDataSection } from "~/childdata/family-section";
import { CHILD_DATA_INTENT } from "~/childdata/intents";
import { getLocale } from "~/i18n/language";
import { answerDisclosureForm, getDisclosuresForFamily } from "~/consent/index.server";
import { DisclosuresSection } from "~/consent/disclosures-section";
import { DISCLOSURE_INTENT } from "~/consent/disclosures-words";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...pageMeta(loaderData.page), { name: "robots", content: "noindex" }] : [];
export const headers = retryAfterHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  if (user.role !== "client") throw redirect(localHref("/account"));
  const family = await getFamily(context.db, user.id, context.config.safePlay);
  invariantResponse(family, m.account_error_unknown_action(), 404);
  // A minor's testimonial waits for a guardian (decision 0022).
  const awaitingTestimonials = family.kind === "guardian" ? await getTestimonialsAwaitingGuardian(context.db, user.id) : [];
  return {
    page: { title: `${m.account_family_page_title()} | NLTE`, description: m.account_family_page_intro(), heading: m.account_family_page_title() },
    me: user.id,
    family: { ...family, awaitingTestimonials },
    // Requests a visitor sent with this guardian's verified address, answered on /account/enrollments (issue 37).
    visitorRequests: await countVisitorRequestsToReview(context.db, user),
    // The guardian's phone (and whether a coach waits for it) and the answers grant forms ask (issue 39).
    people: await getFamilyPeople(context, user),
    // Medical information for the athletes this person acts for (issue 39, app/medical).
    medical: await getMedicalForFamily(context.db, user, context.config.safePlay),
    // Download or ask to delete a child's data (issue 40, app/childdata), and what a deletion keeps.
    childData: { ...(await getChildDataForFamily(context.db, user, context.config.safePlay)), kept: keptWords(getLocale()) },
    // Each disclosure beyond staff, its own consent (issue 40, decision 0061).
    disclosures: await getDisclosuresForFamily(context.db, user, context.config.safePlay),
  };
}

const isFamilyIntent = (value: unknown): value is FamilyIntent => (FAMILY_INTENTS as readonly unknown[]).includes(value);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (isPeopleIntent(intent)) return peopleAction(intent, form, user, context);
  if (intent === MEDICAL_INTENT) return answerMedicalForm(context.db, user, form, context.config.safePlay);
  if (intent === DISCLOSURE_INTENT) return answerDisclosureForm(context.db, user, form, context.config.safePlay);
  if (intent === CHILD_DATA_INTENT) {
    // Asked once (issue 40): unconfirmed, nothing is recorded and the page asks.
    const ask = askUnlessConfirmed(form);
    if (ask) return done<{ athleteId: string; confirm: string }>({ intent, athleteId: String(form.get("athleteId") ?? ""), ...ask });
    return answerChildDataForm(context.db, user, form, context.config.safePlay);
  }
  if (!isFamilyIntent(intent)) return refused({ intent: "", formError: m.account_error_unknown_action() });
  // Removing an athlete is asked once (issue 39): unconfirmed, nothing changes and the page asks.
  const ask = intent === "remove-athlete" ? askUnlessConfirmed(form) : null;
  if (ask) return done<{ confirm: string }>({ intent, ...ask });
  return familyAction(intent, form, user, context);
}

export default function AccountFamilyPage({ loaderData, actionData }: Route.ComponentProps) {
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
