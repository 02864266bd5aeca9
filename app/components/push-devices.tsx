import { BellRing, Smartphone } from "lucide-react";
import { useState } from "react";
import { Form, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { localHref } from "~/i18n/locale";
import { formatDateTime } from "~/lib/datetime";
import { useHydrated } from "~/lib/use-hydrated";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import type { PushAnswer } from "~/notifications/push-action";
import { refusalOf } from "~/lib/form-errors";

export type PushDevice = { id: string; device: string; createdAt: string | Date };

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

type Status = "idle" | "working" | "on" | "blocked" | "unsupported" | "failed";

/**
 * /account/notifications' devices (issue 27): "Turn on notifications" (after a tap, never on its own: the browser asks
 * permission then), the devices that get them, each removable with a plain form, and the guide for iPhones, which
 * show notifications only for a site added to the Home Screen.
 */
export function PushDevices({ publicKey, devices }: { publicKey: string; devices: PushDevice[] }) {
  const hydrated = useHydrated();
  const zone = useOrgTimeZone();
  const fetcher = useFetcher<PushAnswer>();
  const [status, setStatus] = useState<Status>("idle");
  const refused = refusalOf(fetcher.data)?.formError ?? null;

  async function turnOn() {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return setStatus("unsupported");
    setStatus("working");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setStatus("blocked");
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      const { endpoint, keys } = subscription.toJSON();
      await fetcher.submit(
        { intent: "subscribe", endpoint: endpoint ?? "", p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" },
        { method: "post", action: localHref("/account/push") },
      );
      setStatus("on");
    } catch {
      setStatus("failed");
    }
  }

  const said =
    refused ??
    (status === "on" && fetcher.state === "idle"
      ? m.push_turned_on()
      : status === "blocked"
        ? m.push_blocked()
        : status === "unsupported" || status === "failed"
          ? m.push_not_supported()
          : null);

  return (
    <CardSection title={m.push_section_title()} id="notifications">
      <p className="text-sm text-slate-700">{m.push_section_intro()}</p>
      {hydrated ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button type="button" onClick={() => void turnOn()} disabled={status === "working" || fetcher.state !== "idle"}>
            <BellRing aria-hidden className="size-4" />
            {status === "working" ? m.push_working() : m.push_turn_on()}
          </Button>
        </div>
      ) : null}
      <p role="status" className="mt-2 text-sm font-medium text-slate-900">
        {said}
      </p>
      <p className="mt-3 text-sm text-slate-600">{m.push_iphone_guide()}</p>
      {devices.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">{m.push_devices_none()}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {devices.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span className="flex items-center gap-2">
                <Smartphone aria-hidden className="size-4 text-slate-600" />
                <span>
                  <span className="font-medium">{d.device}</span>
                  <span className="block text-xs text-slate-600">{m.push_device_since({ date: formatDateTime(d.createdAt, zone) })}</span>
                </span>
              </span>
              <Form method="post" action={localHref("/account/push")}>
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={d.id} />
                <Button type="submit" variant="secondary" aria-label={m.push_device_remove_label({ device: d.device })}>
                  {m.push_device_remove()}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
