// The browser's push service, stood in for in Chromium (issue 27): the page's real code and service worker ask
// PushManager for a subscription, and get one of the loopback push service (tests/support/push-service.ts), made
// with the key the page passed, exactly as a browser makes one with Google's or Apple's.
import type { BrowserContext, Page } from "playwright-core";
import type { PushService, TestSubscription } from "../../support/push-service";

/** Lets `page` turn notifications on against `pushService`; answers the device's subscription once it has one. */
export async function usePushService(context: BrowserContext, page: Page, baseURL: string, pushService: PushService) {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  let subscription: TestSubscription | null = null;
  await page.exposeFunction("__testSubscribe", async (key: string) => (subscription = await pushService.subscribe(key)));
  await page.addInitScript(() => {
    const toBase64Url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = toBase64Url(new Uint8Array(options!.applicationServerKey as ArrayBuffer));
      const sub = (await (window as unknown as { __testSubscribe: (k: string) => Promise<TestSubscription> }).__testSubscribe(
        key,
      )) as TestSubscription;
      return { toJSON: () => ({ endpoint: sub.endpoint, keys: sub.keys }) } as unknown as PushSubscription;
    };
  });
  return { subscription: () => subscription };
}

/** The notices a device received, decoded, once it has `count` (oldest first). */
export async function pushesReceived(pushService: PushService, clientHash: string) {
  return (await pushService.received(clientHash)).map((p) => JSON.parse(p) as { title: string; body: string; url: string; tag: string });
}
