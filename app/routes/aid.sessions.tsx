// /aid/sessions (issue 41, decision 0059): an administrator cancels a session for good, and every family enrolled in it
// is credited what it was charged for it, after aid (the database's trigger: once, whatever path comes first); its
// monthly fees stop. Administrators only (a session is the organisation's decision); anyone else gets 403.
// requireAdmin first on the loader and the action; the rules are payments'.
import { useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/aid.sessions";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { getLocale } from "~/i18n/language";
import { formatDateIn } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { readInPageAnswer, redirectWithToast } from "~/lib/toast.server";
import { Confirmation } from "~/components/ui/confirmation";
import { m } from "~/paraglide/messages";
import { getCancellableSessions } from "~/payments/index.server";
import { cancelSessionAs } from "~/programs/index.server";
import { CancelSessionsPage, type CancelSessionResult } from "~/payments/season-fees-cancel-page";
import { CancelSessionSchema } from "~/payments/season-fees-schemas";
import { requireAdmin } from "~/staff/index.server";
import { parseForm, refused } from "~/lib/forms";
import { forbidden, notFound } from "~/lib/responses.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.seasonfees_cancel_heading()} | NLTE`, description: m.seasonfees_cancel_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const locale = getLocale();
  const sessions = await getCancellableSessions(context.db);
  return {
    rows: sessions.map((s) => ({
      id: s.id,
      title: (locale === "es" && s.titleEs) || s.title,
      enrolled: s.enrolled,
      cancelledOn: s.cancelledAt ? formatDateIn(s.cancelledAt, context.config.site.timeZone, locale) : null,
    })),
    answer: await readInPageAnswer(context, request),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData();
  const eventId = String(form.get("eventId") ?? "");
  const { data: input, fieldErrors } = parseForm(CancelSessionSchema, form);
  if (!input) return refused({ intent: eventId, fieldErrors });
  // The one way to cancel (decision 0068): the programs editor and the roster call it too.
  const result = await cancelSessionAs(context, admin, input.eventId, { en: input.reason, es: input.reasonEs });
  if (!result.ok && result.reason === "not-found") notFound();
  if (!result.ok && result.reason === "forbidden") forbidden();
  if (!result.ok) return refused({ intent: eventId, formError: m.seasonfees_cancel_already() }, 409);
  throw await redirectWithToast(context, "/aid/sessions", {
    type: "success",
    title: m.seasonfees_cancel_done_toast({ count: String(result.credited) }),
    inPage: true,
  });
}

export default function AidSessions({ loaderData }: Route.ComponentProps) {
  const result = useActionData<CancelSessionResult>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={m.seasonfees_cancel_heading()} intro={m.seasonfees_cancel_intro()} />
      {loaderData.answer ? (
        <div className="mx-auto max-w-3xl px-4 pt-6">
          <Confirmation key={loaderData.answer}>{loaderData.answer}</Confirmation>
        </div>
      ) : null}
      <CancelSessionsPage rows={loaderData.rows} result={result} busy={busy} />
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.seasonfees_cancel_heading()} documentTitle={`${m.seasonfees_cancel_heading()} | NLTE`} />;
}
