import { Plus, Search } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { useState } from "react";
import { data, Form, Link, redirect, useRevalidator, type ErrorResponse } from "react-router";
import type { Route } from "./+types/messages";
import { getUser, requireUser } from "~/auth/session.server";
import { CHAT_WIDGET_ID } from "~/components/chat-widget";
import { ConversationCard } from "~/components/messages/conversation-card";
import { NewConversationDialog } from "~/components/messages/new-conversation-dialog";
import { buttonClass } from "~/components/ui/button";
import { PAGES } from "~/content/pages";
import { parseForm } from "~/auth/schemas";
import { pageMeta } from "~/lib/meta";
import { ChatWidgetSchema, widgetMessageContent, type WidgetActionData } from "~/messaging/schemas";
import { errorSummary } from "~/lib/error-summary";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Toast } from "~/lib/toast";
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
import { messagingBlockFor } from "~/family/safe-play.server";
import { KIND_QUESTION_MESSAGE, NEEDS_GUARDIAN_MESSAGE } from "~/family/safe-play";
import { GeneralErrorBoundary, thrownMessage } from "~/components/general-error-boundary";
import { invariantResponse } from "~/lib/responses.server";

export const meta = () => pageMeta(PAGES.messages);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  // ?after=<conversation id>: the next page of the list ("Show more conversations").
  const after = url.searchParams.get("after");
  if (!user) return { role: null, userId: null, conversations: [], hasMore: false, after: null, clients: [], q, blocked: null };
  const safePlay = context.config.safePlay;
  const [page, clients, blocked] = await Promise.all([
    getConversationsForUser(context.db, user.id, { afterId: after, safePlay }),
    user.role === "coach" ? getClientsForCoach(context.db, safePlay) : Promise.resolve([]),
    messagingBlockFor(context.db, user.id, safePlay),
  ]);
  return { role: user.role, userId: user.id, conversations: page.conversations, hasMore: page.hasMore, after, clients, q, blocked };
}

const StartSchema = z.object({ intent: z.literal("start"), clientId: z.string().trim().min(1).max(64) });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "start") {
    // 'New Conversation': coaches only; startConversation re-checks both roles from the database.
    invariantResponse(user.role === "coach", "Only coaches can start a conversation with a client.", 403);
    const parsed = StartSchema.safeParse(Object.fromEntries(form));
    invariantResponse(parsed.success, "Choose a client.");
    try {
      const { id } = await startConversation(context.db, user, parsed.data.clientId, context.config.safePlay);
      return redirect(localHref(`/messages/${id}`));
    } catch (err) {
      if (err instanceof ConversationRuleError) throw data({ error: err.message }, { status: err.status });
      throw err;
    }
  }
  if (intent === "widget") {
    // The widget posts with a fetcher once its code runs (via=fetcher); before that, or without JavaScript, the
    // browser posts the form itself and gets a page back: the conversation, or the page it came from, with a toast.
    const answer = async (body: WidgetActionData, status = 200) => {
      if (form.get("via") === "fetcher") return data(body, { status });
      const toast = widgetToast(body);
      const to = body.ok ? `/messages/${body.conversationId}` : safeRedirect(form.get("redirectTo"));
      return await redirectWithToast(context, to, toast);
    };
    const { data: input, fieldErrors } = parseForm(ChatWidgetSchema, form);
    if (!input) return answer({ ok: false, fieldErrors }, 400);
    try {
      const coach = await getProfileById(context.db, input.coachId);
      if (!coach || coach.role !== "coach") return answer({ ok: false, fieldErrors: { coachId: "Select a Coach" } }, 400);
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
        return answer({ ok: false, error: refusal.error }, refusal.status);
      }
      return answer({ ok: true, coachName: coach.fullName || coach.email, conversationId: id });
    } catch (err) {
      if (err instanceof ConversationRuleError) return answer({ ok: false, error: err.message }, err.status);
      console.error("chat widget send failed:", errorSummary(err));
      return answer({ ok: false, error: "Could not send your message. Please try again." }, 500);
    }
  }
  throw data({ error: "Unknown request." }, { status: 400 });
}

/** The toast a plain (script-less) widget post comes back with: the same words the widget shows. */
function widgetToast(body: WidgetActionData): Toast {
  if (body.ok)
    return { type: "success", title: "Message Sent!", description: `Your message has been sent to ${body.coachName}. They'll respond soon!` };
  if (body.fieldErrors?.coachId) return { type: "error", title: "Select a Coach", description: body.fieldErrors.coachId };
  if (body.fieldErrors) return { type: "error", title: "Missing Information", description: "Please fill in both subject and message fields." };
  return { type: "error", title: "Failed to Send", description: body.error ?? "Could not send your message. Please try again." };
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { role, conversations, clients, q, hasMore, after, blocked } = loaderData;
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
        <h1 className="text-2xl font-bold text-slate-900">Sign In Required</h1>
        <p className="mt-2 text-slate-700">Please sign in to access messages.</p>
        <Link to={localHref("/signin?redirectTo=%2Fmessages")} className={`${buttonClass("primary")} mt-6`}>
          Sign In
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
          <h1 className="text-3xl font-bold text-slate-900">Messages</h1>
          <p className="text-slate-700">{coach ? "Manage client communications" : "Chat with your coaches"}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {coach ? (
            <NewConversationDialog clients={clients}>
              <button type="button" className={buttonClass("primary")}>
                <Plus aria-hidden className="size-4" /> New Conversation
              </button>
            </NewConversationDialog>
          ) : null}
          <Link to={localHref("/")} className={buttonClass("secondary")}>
            Back to Home
          </Link>
        </div>
      </div>
      {blocked ? (
        <div role="status" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900">
          <h2 className="font-semibold">
            {blocked === NEEDS_GUARDIAN_MESSAGE
              ? "A parent or guardian is needed"
              : blocked === KIND_QUESTION_MESSAGE
                ? "Tell us who you are"
                : "Your family is being confirmed"}
          </h2>
          <p className="mt-1">{blocked}</p>
          <Link
            to={blocked === KIND_QUESTION_MESSAGE ? "/account#kind-heading" : "/account#family-heading"}
            className="mt-2 inline-block font-semibold text-court-800 underline"
          >
            {blocked === NEEDS_GUARDIAN_MESSAGE
              ? "Link a parent or guardian"
              : blocked === KIND_QUESTION_MESSAGE
                ? "Answer on your account page"
                : "See your family"}
          </Link>
        </div>
      ) : null}
      <Form method="get" role="search" className="relative mt-6" onSubmit={(e) => e.preventDefault()}>
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
        <input
          type="search"
          name="q"
          aria-label="Search conversations"
          placeholder="Search conversations..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="w-full rounded-md border border-slate-400 py-2 pl-9 pr-3 text-base text-slate-900 placeholder:text-slate-500"
        />
      </Form>
      {conversations.length === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <h2 className="text-lg font-semibold text-slate-900">No conversations yet</h2>
          <p className="mt-1 text-slate-700">
            {coach ? "Start a conversation with a client to begin messaging." : "Send a message to a coach to start a conversation."}
          </p>
          {coach ? null : (
            // Opens the 'Message Your Coach' widget (a native popover: it works before the page's scripts run).
            <button type="button" popoverTarget={CHAT_WIDGET_ID} aria-haspopup="dialog" className={`${buttonClass("primary")} mt-4`}>
              Send Message
            </button>
          )}
        </div>
      ) : (
        <ul className="mt-6 flex flex-col gap-3" aria-label="Conversations">
          {shown.map((c) => (
            <li key={c.id}>
              <ConversationCard conversation={c} />
            </li>
          ))}
          {shown.length === 0 ? <li className="py-8 text-center text-slate-700">No conversations match your search.</li> : null}
        </ul>
      )}
      {hasMore || after ? (
        <nav aria-label="More conversations" className="mt-6 flex justify-center gap-4">
          {after ? (
            <Link to={localHref("/messages")} className={buttonClass("secondary")}>
              Most recent conversations
            </Link>
          ) : null}
          {hasMore ? (
            <Link
              to={`/messages?${new URLSearchParams({ after: conversations[conversations.length - 1]!.id })}`}
              className={buttonClass("secondary")}
            >
              Show more conversations
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
      <h1 className="text-2xl font-bold text-slate-900">Messages</h1>
      <p role="alert" className="mt-2 text-slate-700">
        {thrownMessage(error) ?? "That could not be done. Please try again."}
      </p>
      <Link to={localHref("/messages")} className={`${buttonClass("primary")} mt-6`}>
        Back to Messages
      </Link>
    </section>
  );
  return <GeneralErrorBoundary statusHandlers={{ 400: refused, 403: refused }} />;
}
