// A device's notifications (issue 27): the "Turn on notifications" button posts the browser's subscription here, and
// /account/notifications's list of devices removes one (a plain form: it works without JavaScript). Only for the signed-in person,
// and only their own devices.
import type { Route } from "./+types/account.push";
import { requireUser } from "~/auth/index.server";
import { isUuid } from "~/lib/uuid";
import { redirectWithToast } from "~/lib/toast.server";
import {
  isPushServiceEndpoint,
  removeSubscription,
  removeSubscriptionByEndpoint,
  saveSubscription,
  SubscriptionSchema,
} from "~/notifications/index.server";
import { m } from "~/paraglide/messages";
import { done, refused } from "~/lib/forms";

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "subscribe") {
    const parsed = SubscriptionSchema.safeParse({ endpoint: form.get("endpoint"), keys: { p256dh: form.get("p256dh"), auth: form.get("auth") } });
    if (!parsed.success || !isPushServiceEndpoint(parsed.data.endpoint, context.config.push.serviceHosts)) {
      return refused({ formError: m.push_unsupported_service() }, 400);
    }
    const saved = await saveSubscription(context.db, user.id, parsed.data, request.headers.get("user-agent"));
    if (saved === "held-elsewhere") return refused({ formError: m.push_device_held_elsewhere() }, 409);
    return done();
  }
  if (intent === "unsubscribe") {
    const endpoint = form.get("endpoint");
    if (typeof endpoint === "string") await removeSubscriptionByEndpoint(context.db, user.id, endpoint);
    return done();
  }
  if (intent === "remove") {
    const id = String(form.get("id") ?? "");
    const removed = isUuid(id) && (await removeSubscription(context.db, user.id, id));
    throw await redirectWithToast(
      context,
      "/account/notifications#notifications",
      removed ? { type: "success", title: m.push_device_removed() } : { type: "error", title: m.push_device_not_found() },
    );
  }
  return refused({ formError: m.push_unsupported_service() }, 400);
}

/** Opened as a page: the account's list of devices. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  throw await redirectWithToast(context, "/account/notifications#notifications", { type: "info", title: m.push_turn_on() });
}
