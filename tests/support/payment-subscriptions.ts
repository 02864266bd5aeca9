// The loopback payment service's subscriptions (issue 41, decision 0067): a monthly gift's subscription cancelled
// through the API (DELETE /v1/subscriptions/:id, what the SDK's subscriptions.cancel calls), answered in Stripe's shape,
// and its `customer.subscription.deleted` event, sent after the answer as Stripe does (or made for a test, as one
// cancelled in Stripe's dashboard would be).
import type { LoopbackSession } from "./payment-service";

export type LoopbackSubscription = {
  id: string;
  object: "subscription";
  status: "active" | "canceled";
  canceled_at: number | null;
  metadata: Record<string, string>;
  currency: string;
};

/** The subscription of a subscription-mode session (its id as the pay page or completedEvent made it). */
export function subscriptionOf(sessions: Map<string, LoopbackSession>, cancelled: Map<string, number>, subscriptionId: string) {
  const s = [...sessions.values()].find((x) => x.mode === "subscription" && (x.subscription ?? `sub_for_${x.id}`) === subscriptionId);
  if (!s) return null;
  const at = cancelled.get(subscriptionId) ?? null;
  const sub: LoopbackSubscription = {
    id: subscriptionId,
    object: "subscription",
    status: at === null ? "active" : "canceled",
    canceled_at: at,
    metadata: s.subscription_metadata,
    currency: s.currency,
  };
  return sub;
}

/**
 * Answers DELETE /v1/subscriptions/:id as Stripe does: an unknown id is 404 resource_missing, one already cancelled
 * 400; else it is cancelled, answered, and its event sent. Null when the request is not this endpoint's.
 */
export function cancelSubscription(
  method: string,
  path: string,
  sessions: Map<string, LoopbackSession>,
  cancelled: Map<string, number>,
): { status: number; value: unknown; deleted?: LoopbackSubscription } | null {
  const match = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
  if (method !== "DELETE" || !match) return null;
  const sub = subscriptionOf(sessions, cancelled, match[1]!);
  if (!sub)
    return {
      status: 404,
      value: { error: { type: "invalid_request_error", code: "resource_missing", param: "id", message: `No such subscription: '${match[1]}'` } },
    };
  if (sub.status === "canceled")
    return {
      status: 400,
      value: { error: { type: "invalid_request_error", message: "A canceled subscription can only update its cancellation_details and metadata." } },
    };
  cancelled.set(sub.id, Math.floor(Date.now() / 1000));
  const deleted = subscriptionOf(sessions, cancelled, sub.id)!;
  return { status: 200, value: deleted, deleted };
}
