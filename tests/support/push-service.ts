// A browser push service on loopback for tests (issue 27): web-push-testing's server, which takes subscriptions,
// checks each push's VAPID signature and decrypts its payload, so a test reads what a phone would show.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

type PushApiModelT = { notifyUrl: string };
type ServerT = { _app: http.RequestListener; setRequestHandlers(): void };
const PushApiModel = (require("web-push-testing/src/PushApiModel.js") as { PushApiModel: new () => PushApiModelT }).PushApiModel;
const WebPushTestingServer = require("web-push-testing/src/server.js") as new (model: PushApiModelT, port: number) => ServerT;

export type TestSubscription = { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };

export type PushService = {
  url: string;
  /** A device's subscription, as a browser would make it with the site's public key. */
  subscribe: (applicationServerKey: string) => Promise<TestSubscription>;
  /** The decrypted payloads the device received, oldest first. */
  received: (clientHash: string) => Promise<string[]>;
  /** The push service forgets the device: the next push to it answers 410. */
  expire: (clientHash: string) => Promise<void>;
  close: () => Promise<void>;
};

export async function startPushService(): Promise<PushService> {
  const model = new PushApiModel();
  const listener = http.createServer();
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const port = (listener.address() as AddressInfo).port;
  const service = new WebPushTestingServer(model, port);
  service.setRequestHandlers();
  // Its own listen() would bind every interface: it is served here, on loopback only.
  listener.on("request", service._app);
  model.notifyUrl = `http://localhost:${port}/notify/`;
  const url = `http://127.0.0.1:${port}`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json().catch(() => null)) as { data?: unknown } | null };
  };
  return {
    url,
    subscribe: async (applicationServerKey) => {
      const res = await post("/subscribe", { userVisibleOnly: "true", applicationServerKey });
      if (res.status !== 200) throw new Error(`the test push service refused the subscription: ${JSON.stringify(res.body)}`);
      return res.body!.data as TestSubscription;
    },
    received: async (clientHash) => {
      const res = await post("/get-notifications", { clientHash });
      return ((res.body?.data as { messages?: string[] } | undefined)?.messages ?? []).slice();
    },
    expire: async (clientHash) => {
      await post(`/expire-subscription/${clientHash}`, {});
    },
    close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
  };
}
