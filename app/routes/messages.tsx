import { Plus } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { useState } from "react";
import { data, Form, Link, redirect, useRevalidator, type ErrorResponse } from "react-router";
import type { Route } from "./+types/messages";
import { getUser, requireUser } from "~/auth/index.server";
import { widgetLauncherProps } from "~/components/chat-widget";
import { ConversationCard } from "~/messaging/conversation-card";
import { NewConversationDialog } from "~/messaging/new-conversation-dialog";
import { buttonClass } from "~/components/ui/button";
import { pageWords } from "~/content/words.server";
import { pageMeta } from "~/lib/meta";
import { ChatWidgetSchema, widgetMessageContent, widgetToast, type WidgetAnswer } from "~/messaging/schemas";
import { errorSummary } from "~/lib/error-summary";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { useRealtime } from "~/messaging/realtime-client";
import { z } from "zod";
import {
  ConversationRuleError,
  getClientsForCoach,
  getConversationsForUser,
  startConversation,
  createMessage,
  refusalAnswer,
} from "~/messaging/index.server";
import { getProfileById } from "~/models/users.server";
import { clientLabelWords, messagingBlock } from "~/safe-play/index.server";
import { safePlayMessage } from "~/safe-play/safe-play";
import { GeneralErrorBoundary, thrownMessage } from "~/components/general-error-boundary";
import { badRequest, invariantResponse, stopRequest } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";
import { personName } from "~/lib/displayable-address";
import { parseForm } from "~/lib/forms";
import { SearchBox } from "~/components/ui/search-box";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? pageMeta(loaderData.page) : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  // ?after=<conversation id>: the next page of the list ("Show more conversations").
  const after = url.searchParams.get("after");
  const page = pageWords("messages");
  const labels = clientLabelWords();
  if (!user) return { page, labels, role: null, userId: null, conversations: [], hasMore: false, after: null, clients: [], q, blocked: null };
  const safePlay = context.config.safePlay;
  const [list, clients, block] = await Promise.all([
    getConversationsForUser(context.db, user.id, { afterId: after, safePlay }),
    user.role === "coach" ? getClientsForCoach(context.db, safePlay, user.id) : Promise.resolve([]),
    messagingBlock(context.db, user.id, safePlay),
  ]);
  // Safe Play: what keeps this person from messaging, said in the page's language, with what to do about it.
  const blocked = block ? { code: block.code, text: safePlayMessage(block) } : null;
  return { page, labels, role: user.role, userId: user.id, conversations: list.conversations, hasMore: list.hasMore, after, clients, q, blocked };
}

const StartSchema = z.object({ intent: z.literal("start"), clientId: z.string().trim().min(1).max(64) });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "start") {
    // 'New Conversation': coaches only; startConversation re-checks both roles from the database.
    invariantResponse(user.role === "coach", m.messaging_only_coaches_start(), 403);
    const parsed = StartSchema.safeParse(Object.fromEntries(form));
    invariantResponse(parsed.success, m.messaging_choose_client());
    try {
      const { id } = await startConversation(context.db, user, parsed.data.clientId, context.config.safePlay);
      return redirect(localHref(`/messages/${id}`));
    } catch (err) {
      if (err instanceof ConversationRuleError) stopRequest(err.status, err.message);
      throw err;
    }
  }
  if (intent === "widget") {
    // The widget posts with a fetcher once its code runs (via=fetcher); before that, or without JavaScript, the
    // browser posts the form itself and gets a page back: the conversation, or the page it came from, with a toast.
    // Both show the answer's toast (widgetToast), in the page's language.
    const answer = async (body: WidgetAnswer, status = 200) => {
      if (form.get("via") === "fetcher") return data(body, { status });
      const to = body.ok ? `/messages/${body.conversationId}` : safeRedirect(form.get("redirectTo"));
      return await redirectWithToast(context, to, widgetToast(body));
    };
    const { data: input, fieldErrors } = parseForm(ChatWidgetSchema, form);
    if (!input) return answer({ ok: false, fieldErrors }, 400);
    try {
      const coach = await getProfileById(context.db, input.coachId);
      if (!coach || coach.role !== "coach") return answer({ ok: false, fieldErrors: { coachId: m.messaging_toast_select_coach() } }, 400);
      const { id } = await startConversation(context.db, user, coach.id, context.config.safePlay);
      const sent = await createMessage(
        context.db,
        { conversationId: id, senderId: user.id, content: widgetMessageContent(input.subject, input.message) },
        context.config.messaging,
      );
      if (!sent.ok) {
        const refusal = refusalAnswer(sent);
        // The conversation was just opened for this person: not being in it would be a fault, not a refusal.
        if (refusal.status === 404) throw new Error("message refused");
        return answer({ ok: false, fieldErrors: {}, formError: refusal.error }, refusal.status);
      }
      return answer({ ok: true, coachName: personName(coach), conversationId: id });
    } catch (err) {
      if (err instanceof ConversationRuleError) return answer({ ok: false, fieldErrors: {}, formError: err.message }, err.status);
      console.error("chat widget send failed:", errorSummary(err));
      return answer({ ok: false, fieldErrors: {}, formError: m.messaging_toast_failed() }, 500);
    }
  }
  badRequest(m.messaging_unknown_request());
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { page, labels, role, conversations, clients, q, hasMore, after, blocked } = loaderData;
  const [query, setQuery] = useState(q);
  const revalidator = useRevalidator();
  // New messages reorder the list and change its last lines: reload it when anything arrives.
  useRealtime(
    (e) => {
      if (e.type === "unread" || e.type === "reconnected" || e.type === "resync") void revalidator.revalidate();
    },
    { enabled: Boolean(role), watchUnread: true },
  );
  if (!role) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{m.messaging_signin_required_title()}</h1>
        <p className="mt-2 text-slate-700">{m.messaging_signin_required_text()}</p>
        <Link to={localHref(`/signin?${new URLSearchParams({ redirectTo: localHref("/messages") })}`)} className={`${buttonClass("primary")} mt-6`}>
          {m.messaging_signin()}
        </Link>
      </section>
    );
  }
  const coach = role === "coach";
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? conversations.filter((c) => [c.title, c.other?.fullName, c.other?.email].some((v) => v?.toLowerCase().includes(needle)))
    : conversations;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{page.heading}</h1>
          <p className="text-slate-700">{coach ? m.messaging_subtitle_coach() : m.messaging_subtitle_client()}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {coach ? (
            <NewConversationDialog clients={clients} labels={labels}>
              <button type="button" className={buttonClass("primary")}>
                <Plus aria-hidden className="size-4" /> {m.messaging_new_conversation()}
              </button>
            </NewConversationDialog>
          ) : null}
          <Link to={localHref("/")} className={buttonClass("secondary")}>
            {m.messaging_back_home()}
          </Link>
        </div>
      </div>
      {blocked ? (
        <div role="status" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900">
          <h2 className="font-semibold">
            {blocked.code === "needs-guardian"
              ? m.messaging_blocked_guardian_title()
              : blocked.code === "kind-question"
                ? m.messaging_blocked_kind_title()
                : m.messaging_blocked_confirmation_title()}
          </h2>
          <p className="mt-1">{blocked.text}</p>
          <Link
            to={localHref(blocked.code === "kind-question" ? "/account/family#kind-heading" : "/account/family#family-heading")}
            className="mt-2 inline-block font-semibold text-court-800 underline"
          >
            {blocked.code === "needs-guardian"
              ? m.messaging_link_guardian()
              : blocked.code === "kind-question"
                ? m.messaging_answer_on_account()
                : m.messaging_see_family()}
          </Link>
        </div>
      ) : null}
      <Form method="get" role="search" className="relative mt-6" onSubmit={(e) => e.preventDefault()}>
        <SearchBox
          name="q"
          aria-label={m.messaging_search_label()}
          placeholder={m.messaging_search_placeholder()}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </Form>
      {conversations.length === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <h2 className="text-lg font-semibold text-slate-900">{m.messaging_empty_title()}</h2>
          <p className="mt-1 text-slate-700">{coach ? m.messaging_empty_coach() : m.messaging_empty_client()}</p>
          {coach ? null : (
            // Opens the 'Message Your Coach' widget (a native popover: it works before the page's scripts run).
            <button type="button" className={`${buttonClass("primary")} mt-4`} {...widgetLauncherProps}>
              {m.messaging_send_message()}
            </button>
          )}
        </div>
      ) : (
        <ul className="mt-6 flex flex-col gap-3" aria-label={m.messaging_conversations_label()}>
          {shown.map((c) => (
            <li key={c.id}>
              <ConversationCard conversation={c} labels={labels} />
            </li>
          ))}
          {shown.length === 0 ? <li className="py-8 text-center text-slate-700">{m.messaging_no_match()}</li> : null}
        </ul>
      )}
      {hasMore || after ? (
        <nav aria-label={m.messaging_more_label()} className="mt-6 flex justify-center gap-4">
          {after ? (
            <Link to={localHref("/messages")} className={buttonClass("secondary")}>
              {m.messaging_most_recent()}
            </Link>
          ) : null}
          {hasMore ? (
            <Link
              to={localHref(`/messages?${new URLSearchParams({ after: conversations[conversations.length - 1]!.id })}`)}
              className={buttonClass("secondary")}
            >
              {m.messaging_show_more()}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  const refused = (error: ErrorResponse) => (
    <section className="mx-auto max-w-md px-4 py-24 text-center">
      <title>{m.messaging_page_title()}</title>
      <h1 className="text-2xl font-bold text-slate-900">{m.messaging_list_label()}</h1>
      <p role="alert" className="mt-2 text-slate-700">
        {thrownMessage(error) ?? m.messaging_try_again()}
      </p>
      <Link to={localHref("/messages")} className={`${buttonClass("primary")} mt-6`}>
        {m.messaging_back_to_messages_title()}
      </Link>
    </section>
  );
  return <GeneralErrorBoundary statusHandlers={{ 400: refused, 403: refused }} />;
}
