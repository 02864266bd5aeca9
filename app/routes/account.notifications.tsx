// /account/notifications: every notification choice together (issue 27): what we tell this person by mail or on their
// phones (messages waiting, cancellations and changes for families, form submissions for coaches), the devices that
// get notifications ("Turn on notifications", each device removable at /account/push), and the private calendar
// address of their bookings (issue 30: a family's, and the lessons a coach gives). Its own page since issue 27's
// budget round (decision 0023). Acts for the signed-in person only.
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/account.notifications";
import { PreferencesSchema } from "~/auth/schemas";
import { feedPath, getFeedState, resetFeedSecret } from "~/booking/index.server";
import { FeedSection } from "~/booking/feed-section";
import { requireUser } from "~/auth/index.server";
import { AccountNav } from "~/components/account-nav";
import { PushDevices } from "~/components/push-devices";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Confirmation } from "~/components/ui/confirmation";
import { pageMeta } from "~/lib/meta";
import { getAccountSettings, updatePreferences } from "~/account/index.server";
import { getPushKeys } from "~/notifications/index.server";
import { listDevices } from "~/notifications/index.server";
import { m } from "~/paraglide/messages";
import { done, parseForm, refused } from "~/lib/forms";
import { Checkbox } from "~/components/ui/controls";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...pageMeta(loaderData.page), { name: "robots", content: "noindex" }] : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const [settings, keys, devices, feed] = await Promise.all([
    getAccountSettings(context.db, user.id),
    getPushKeys(context.config, context.db),
    listDevices(context.db, user.id),
    getFeedState(context.db, user.id),
  ]);
  return {
    page: {
      title: `${m.account_notifications_page_title()} | NLTE`,
      description: m.account_notifications_page_intro(),
      heading: m.account_notifications_page_title(),
    },
    role: user.role,
    settings: { notifyMessages: settings.notifyMessages, notifyChanges: settings.notifyChanges, notifySubmissions: settings.notifySubmissions },
    // The key a browser subscribes with, and this person's devices, named in the reader's language.
    push: { publicKey: keys.publicKey, devices },
    feed,
  };
}

/** What a success shows next: the calendar feed's new address (shown once, on this answer). */
type Shown = { feedAddress?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  if (form.get("intent") === "feed") {
    // Shown once, on this answer: only its hash is kept. A new one ends the old.
    const token = await resetFeedSecret(context.db, user.id);
    return done<Shown>({ intent: "feed", feedAddress: `${context.config.publicUrl}${feedPath(token)}` });
  }
  const { data: input, fieldErrors } = parseForm(PreferencesSchema, form);
  if (!input) return refused({ intent: "preferences", fieldErrors });
  await updatePreferences(context.db, user.id, {
    notifyMessages: input.notifyMessages,
    ...(user.role === "coach" ? { notifySubmissions: input.notifySubmissions } : { notifyChanges: input.notifyChanges }),
  });
  // Said on the page, under the form (a toast needs JavaScript; this form works without it).
  return done<Shown>({ intent: "preferences", message: m.account_saved_preferences(), savedAt: Date.now() });
}

export default function AccountNotifications({ loaderData, actionData }: Route.ComponentProps) {
  const { page, role, settings, push, feed } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <AccountNav current="notifications" family={role === "client"} />
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{page.heading}</h1>
        <p className="mt-2 text-slate-700">{page.description}</p>
      </div>
      <CardSection title={m.account_section_notifications()} id="notifications-heading">
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="preferences" />
          <label className="flex items-center gap-2 text-slate-900">
            <Checkbox name="notifyMessages" defaultChecked={settings.notifyMessages} />
            {m.account_notify_messages()}
          </label>
          {role === "client" ? (
            <label className="flex items-center gap-2 text-slate-900">
              <Checkbox name="notifyChanges" defaultChecked={settings.notifyChanges} />
              {m.account_notify_changes()}
            </label>
          ) : null}
          {role === "coach" ? (
            <label className="flex items-center gap-2 text-slate-900">
              <Checkbox name="notifySubmissions" defaultChecked={settings.notifySubmissions} />
              {m.account_notify_submissions()}
            </label>
          ) : null}
          <Button type="submit" disabled={busy} className="self-start">
            {m.account_save_preferences()}
          </Button>
        </Form>
        {actionData?.ok && actionData.message ? <Confirmation key={actionData.savedAt}>{actionData.message}</Confirmation> : null}
      </CardSection>
      <PushDevices publicKey={push.publicKey} devices={push.devices} />
      <FeedSection feed={feed} address={(actionData?.ok && actionData.feedAddress) || null} />
    </div>
  );
}
