// One-click unsubscribe (RFC 8058) from notice mails, without signing in. The signed token names one person and
// one topic; it cannot be changed to name another. Opening the link shows a button (link scanners only GET);
// mail programs POST "List-Unsubscribe=One-Click" to the same address.
import { data, Form, Link } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/unsubscribe";
import { AuthCard } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { PAGES } from "~/content/pages";
import { readUnsubscribeToken, type UnsubscribeTopic } from "~/mail/template.server";
import { mailSettings } from "~/mail/outbox.server";
import { updatePreferences } from "~/models/account.server";
import { pageMeta } from "~/lib/meta";

export const meta = () => [...pageMeta(PAGES.unsubscribe), { name: "robots", content: "noindex" }];

const TOPIC_TEXT: Record<UnsubscribeTopic, string> = {
  messages: "emails about messages waiting unread",
  submissions: "emails about new registration and contact submissions",
  cancellations: "emails about sessions cancelled at short notice",
};

/** Where a person turns the mail back on. */
const TOPIC_PAGE: Record<UnsubscribeTopic, string> = {
  messages: "your account page",
  submissions: "your account page",
  cancellations: "the calendar page",
};

/** The preference each topic's link turns off. */
const TOPIC_PREFERENCE: Record<UnsubscribeTopic, "notifyMessages" | "notifySubmissions" | "cancellationMails"> = {
  messages: "notifyMessages",
  submissions: "notifySubmissions",
  cancellations: "cancellationMails",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const target = readUnsubscribeToken(mailSettings(context), token);
  return { token, topic: target?.topic ?? null, done: false };
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
    <AuthCard title={PAGES.unsubscribe.heading} subtitle="">
      {!state.topic ? (
        <p role="alert" className="text-slate-900">
          This unsubscribe link is not valid. You can change your emails on your account page.
        </p>
      ) : state.done ? (
        <p role="status" className="text-slate-900">
          Done: you will no longer get {TOPIC_TEXT[state.topic]}. You can turn them back on from {TOPIC_PAGE[state.topic]}.
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <p className="text-slate-900">Stop {TOPIC_TEXT[state.topic]}?</p>
          <input type="hidden" name="token" value={state.token} />
          <Button type="submit">Stop these emails</Button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={localHref("/account")} className="font-semibold text-court-800 underline">
          Your account
        </Link>
      </p>
    </AuthCard>
  );
}
