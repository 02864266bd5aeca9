// /aid (issue 41): staff decide requests for financial help (a full waiver, a percentage or an amount, a floor, until a
// day; or decline), see each family's balance, record payments made in person and add corrections (a row, never an edit). Administrators, and coaches an
// administrator allowed here; anyone else gets 403. requirePaymentStaff first; the rules are payments'.
import { useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/aid";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { getLocale, type Locale } from "~/i18n/language";
import { dayInZone, formatDateIn } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { invariantResponse } from "~/lib/responses.server";
import { readInPageAnswer, redirectWithToast } from "~/lib/toast.server";
import { Confirmation } from "~/components/ui/confirmation";
import { isAdmin } from "~/models/users.server";
import { m } from "~/paraglide/messages";
import { aidAnswerLines } from "~/payments/aid-answers";
import { AidPage, type AidResult } from "~/payments/aid-page";
import {
  correctAccount,
  decideAidRequest,
  getAccountSummaries,
  getCoachesForPaymentStaff,
  getOpenAidRequests,
  recordManualPayment,
  requirePaymentStaff,
  setPaymentStaff,
} from "~/payments/index.server";
import { aidDecisionSchema, CorrectionSchema, ManualPaymentSchema } from "~/payments/schemas";
import { formatDollars } from "~/programs/session-facts";
import { parseForm, refused } from "~/lib/forms";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.aid_heading()} | NLTE`, description: m.aid_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePaymentStaff(request, context);
  const { db, config } = context;
  const locale: Locale = getLocale();
  const [requests, accounts, admin] = await Promise.all([getOpenAidRequests(db), getAccountSummaries(db), isAdmin(db, user.id)]);
  return {
    today: dayInZone(config.safePlay.clock(), config.site.timeZone),
    requests: requests.map((r) => ({
      id: r.id,
      familyName: r.familyName,
      answers: aidAnswerLines(r),
      note: r.note,
      since: formatDateIn(r.createdAt, config.site.timeZone, locale),
      owed: formatDollars(r.balanceCents, locale),
    })),
    accounts: accounts.map((a) => ({ id: a.id, familyName: a.familyName, balance: formatDollars(a.balanceCents, locale), aidOpen: a.aidOpen })),
    coaches: admin ? await getCoachesForPaymentStaff(db) : null,
    // What staff just did ("Payment recorded..."), written in place and focused (a toast is gone in seconds).
    answer: await readInPageAnswer(context, request),
  };
}

const AllowSchema = z.object({ coachId: z.string().min(1).max(100), allowed: z.enum(["yes", "no"]) });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePaymentStaff(request, context);
  const { db, config } = context;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "decide") {
    const formId = String(form.get("requestId") ?? "");
    const today = dayInZone(config.safePlay.clock(), config.site.timeZone);
    const { data: input, fieldErrors } = parseForm(aidDecisionSchema(today), form);
    if (!input) return refused({ intent: formId, fieldErrors });
    const result = await decideAidRequest(db, input.requestId, user.id, input);
    if (!result.ok) return refused({ intent: formId, formError: m.aid_error_not_open() }, 409);
    throw await redirectWithToast(context, "/aid", { type: "success", title: m.aid_decided_toast(), inPage: true });
  }
  if (intent === "record-payment") {
    const formId = String(form.get("accountId") ?? "");
    const { data: input, fieldErrors } = parseForm(ManualPaymentSchema, form);
    if (!input) return refused({ intent: formId, fieldErrors });
    const result = await recordManualPayment(db, context, input, user.id);
    if (!result.ok) {
      const message = { "unknown-account": m.pay_error_unknown, "over-balance": m.aid_error_over_balance, duplicate: m.aid_error_duplicate }[
        result.reason
      ]();
      return refused({ intent: formId, fieldErrors: { [result.field]: message } });
    }
    throw await redirectWithToast(context, "/aid", { type: "success", title: m.aid_payment_toast(), inPage: true });
  }
  if (intent === "correct") {
    const formId = `correct-${String(form.get("accountId") ?? "")}`;
    const { data: input, fieldErrors } = parseForm(CorrectionSchema, form);
    if (!input) return refused({ intent: formId, fieldErrors });
    if (!(await correctAccount(db, input, user.id))) return refused({ intent: formId, formError: m.pay_error_unknown() });
    throw await redirectWithToast(context, "/aid", { type: "success", title: m.aid_correction_toast(), inPage: true });
  }
  if (intent === "allow-coach") {
    invariantResponse(await isAdmin(db, user.id), m.staff_admin_only(), 403);
    const parsed = AllowSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return refused({ intent: "staff", formError: m.pay_error_unknown() });
    const ok = await setPaymentStaff(db, parsed.data.coachId, parsed.data.allowed === "yes", user.id);
    if (!ok) return refused({ intent: "staff", formError: m.pay_error_unknown() });
    throw await redirectWithToast(context, "/aid", { type: "success", title: m.aid_staff_toast(), inPage: true });
  }
  return refused({ intent: "", formError: m.pay_error_unknown() });
}

export default function Aid({ loaderData }: Route.ComponentProps) {
  const result = useActionData<AidResult>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={m.aid_heading()} intro={m.aid_intro()} />
      {loaderData.answer ? (
        <div className="mx-auto max-w-3xl px-4 pt-6">
          <Confirmation key={loaderData.answer}>{loaderData.answer}</Confirmation>
        </div>
      ) : null}
      <AidPage view={loaderData} result={result} busy={busy} />
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.aid_heading()} documentTitle={`${m.aid_heading()} | NLTE`} />;
}
