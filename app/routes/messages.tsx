import { Plus, Search } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/messages";
import { getUser, requireUser } from "~/auth/session.server";
import { ConversationCard } from "~/components/messages/conversation-card";
import { NewConversationDialog } from "~/components/messages/new-conversation-dialog";
import { buttonClass } from "~/components/ui/button";
import { PAGES } from "~/content/pages";
import { parseForm } from "~/lib/auth-schemas";
import { pageMeta } from "~/lib/meta";
import { ChatWidgetSchema, rateLimitedMessage, widgetMessageContent, type WidgetActionData } from "~/lib/messaging";
import { errorSummary } from "~/lib/error-summary";
import { useRealtime } from "~/lib/realtime-client";
import { z } from "zod";
import { ConversationRuleError, getClientsForCoach, getConversationsForUser, startConversation } from "~/models/conversations.server";
import { createMessage } from "~/models/messages.server";
import { getProfileById } from "~/models/users.server";

export const meta = () => pageMeta(PAGES.messages);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  // ?after=<conversation id>: the next page of the list ("Show more conversations").
  const after = url.searchParams.get("after");
  if (!user) return { role: null, userId: null, conversations: [], hasMore: false, after: null, clients: [], q };
  const [page, clients] = await Promise.all([
    getConversationsForUser(context.db, user.id, { afterId: after }),
    user.role === "coach" ? getClientsForCoach(context.db) : Promise.resolve([]),
  ]);
  return { role: user.role, userId: user.id, conversations: page.conversations, hasMore: page.hasMore, after, clients, q };
}

const StartSchema = z.object({ intent: z.literal("start"), clientId: z.string().trim().min(1).max(64) });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "start") {
    // 'New Conversation': coaches only; startConversation re-checks both roles from the database.
    if (user.role !== "coach") throw data({ error: "Only coaches can start a conversation with a client." }, { status: 403 });
    const parsed = StartSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw data({ error: "Choose a client." }, { status: 400 });
    try {
      const { id } = await startConversation(context.db, user, parsed.data.clientId);
      return redirect(`/messages/${id}`);
    } catch (err) {
      if (err instanceof ConversationRuleError) throw data({ error: err.message }, { status: err.status });
      throw err;
    }
  }
  if (intent === "widget") {
    const { data: input, fieldErrors } = parseForm(ChatWidgetSchema, form);
    if (!input) return data<WidgetActionData>({ ok: false, fieldErrors }, { status: 400 });
    try {
      const coach = await getProfileById(context.db, input.coachId);
      if (!coach || coach.role !== "coach") return data<WidgetActionData>({ ok: false, fieldErrors: { coachId: "Select a Coach" } }, { status: 400 });
      const { id } = await startConversation(context.db, user, coach.id);
      const sent = await createMessage(
        context.db,
        { conversationId: id, senderId: user.id, content: widgetMessageContent(input.subject, input.message) },
        context.config.messaging,
      );
      if (!sent.ok && sent.reason === "rate") {
        return data<WidgetActionData>({ ok: false, error: rateLimitedMessage(sent.retryAfterSeconds) }, { status: 429 });
      }
      if (!sent.ok) throw new Error("message refused");
      return data<WidgetActionData>({ ok: true, coachName: coach.fullName || coach.email, conversationId: id });
    } catch (err) {
      if (err instanceof ConversationRuleError) return data<WidgetActionData>({ ok: false, error: err.message }, { status: err.status });
      console.error("chat widget send failed:", errorSummary(err));
      return data<WidgetActionData>({ ok: false, error: "Could not send your message. Please try again." }, { status: 500 });
    }
  }
  throw data({ error: "Unknown request." }, { status: 400 });
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { role, conversations, clients, q, hasMore, after } = loaderData;
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
        <Link to="/signin?redirectTo=%2Fmessages" className={`${buttonClass("primary")} mt-6`}>
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
          <Link to="/" className={buttonClass("secondary")}>
            Back to Home
          </Link>
        </div>
      </div>
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
            <Link to="/" className={`${buttonClass("primary")} mt-4`}>
              Send Message
            </Link>
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
            <Link to="/messages" className={buttonClass("secondary")}>
              Most recent conversations
            </Link>
          ) : null}
          {hasMore ? (
            <Link to={`/messages?${new URLSearchParams({ after: conversations[conversations.length - 1]!.id })}`} className={buttonClass("secondary")}>
              Show more conversations
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = error && typeof error === "object" && "data" in error ? (error.data as { error?: string })?.error : undefined;
  return (
    <section className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Messages</h1>
      <p role="alert" className="mt-2 text-slate-700">
        {message ?? "Something went wrong. Please try again."}
      </p>
      <Link to="/messages" className={`${buttonClass("primary")} mt-6`}>
        Back to Messages
      </Link>
    </section>
  );
}
