// One-click unsubscribe (RFC 8058) from notice mails, without signing in. The signed token names one person and
// one topic; it cannot be changed to name another. Opening the link shows a button (link scanners only GET);
// mail programs POST "List-Unsubscribe=One-Click" to the same address.
import { data, Form, Link } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/unsubscribe";
import { AuthCard } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { pageWords } from "~/content/words.server";
import { readUnsubscribeToken, type UnsubscribeTopic } from "~/mail/index.server";
import { mailSettings } from "~/mail/index.server";
import { updatePreferences } from "~/account/index.server";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { Confirmation } from "~/components/ui/confirmation";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...pageMeta(loaderData.page), { name: "robots", content: "noindex" }] : [];

/** The question each topic's link asks before turning it off. */
const TOPIC_QUESTION: Record<UnsubscribeTopic, () => string> = {
  messages: m.account_unsubscribe_ask_messages,
  submissions: m.account_unsubscribe_ask_submissions,
  cancellations: m.account_unsubscribe_ask_cancellations,
};

/** What is done, and where a person turns the mail back on. */
const TOPIC_DONE: Record<UnsubscribeTopic, () => string> = {
  messages: m.account_unsubscribe_done_messages,
  submissions: m.account_unsubscribe_done_submissions,
  cancellations: m.account_unsubscribe_done_cancellations,
};

/** The preference each topic's link turns off. */
const TOPIC_PREFERENCE: Record<UnsubscribeTopic, "notifyMessages" | "notifySubmissions" | "notifyChanges"> = {
  messages: "notifyMessages",
  submissions: "notifySubmissions",
  cancellations: "notifyChanges",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const target = readUnsubscribeToken(mailSettings(context), token);
  return { token, topic: target?.topic ?? null, done: false, page: pageWords("unsubscribe") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await request.formData();
  const token = String(form.get("token") ?? url.searchParams.get("token") ?? "");
  const target = readUnsubscribeToken(mailSettings(context), token);
  if (!target) return data({ token, topic: null, done: false }, { status: 400 });
  await updatePreferences(context.db, target.userId, { [TOPIC_PREFERENCE[target.topic]]: false });
  return { token, topic: target.topic, done: true };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  return (
    <AuthCard title={loaderData.page.heading} subtitle="">
      {!state.topic ? (
        <p role="alert" className="text-slate-900">
          {m.account_unsubscribe_invalid()}
        </p>
      ) : state.done ? (
        <Confirmation>{TOPIC_DONE[state.topic]()}</Confirmation>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <p className="text-slate-900">{TOPIC_QUESTION[state.topic]()}</p>
          <input type="hidden" name="token" value={state.token} />
          <Button type="submit">{m.account_unsubscribe_submit()}</Button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={localHref("/account/notifications")} className="font-semibold text-court-800 underline">
          {m.account_unsubscribe_account()}
        </Link>
      </p>
    </AuthCard>
  );
}
