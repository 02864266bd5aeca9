// /payments/webhook: the payment provider's signed events (decision 0044). Posted by the provider, not a browser:
// the same-origin guard lets it through (server/security.ts) because its signature is its proof, checked first here
// on the body exactly as sent. A bad signature, or no provider configured, changes nothing.
import type { Route } from "./+types/payments.webhook";
import { handleDonationEvent, handleGiftStopped } from "~/donations/index.server";
import { handleProviderEvent, handleRefundEvent, paymentProviderFor, type ProviderEvent } from "~/payments/index.server";

export async function action({ request, context }: Route.ActionArgs) {
  const provider = paymentProviderFor(context.config);
  if (!provider) return new Response("Not found", { status: 404 });
  const signature = request.headers.get("stripe-signature");
  const body = await request.text();
  let event: ProviderEvent;
  try {
    if (!signature) throw new Error("no signature");
    event = await provider.parseWebhook(body, signature);
  } catch {
    console.warn("payments: webhook refused: its signature is not the provider's");
    return new Response("Bad signature", { status: 400 });
  }
  const outcome =
    event.type === "refund"
      ? await handleRefundEvent(context.db, context, event)
      : event.type === "donation.completed" || event.type === "donation.invoice"
        ? await handleDonationEvent(context.db, context, event)
        : event.type === "donation.stopped"
          ? await handleGiftStopped(context.db, event)
          : await handleProviderEvent(context.db, context, event);
  // Stripe retries anything but 2xx: a session we do not know yet (our own insert may still be committing) is retried.
  const status = outcome === "unknown-session" ? 409 : 200;
  return new Response(outcome, { status, headers: { "content-type": "text/plain" } });
}

export function loader() {
  return new Response("Not found", { status: 404 });
}
