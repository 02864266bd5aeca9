// Audit (issue 38): the push address check ignored the port, and a device moved to whichever account posted its
// address. A push address is a listed service on the standard port (443) only; a device moves to another account only
// when that account sends the subscription's keys as stored (which only the browser holding it knows), else it stays
// where it is and the person is told why, in their language.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions } from "../../db/schema";
import { localeStore } from "../../tests/support/locale-store";
import { action as pushAction } from "~/routes/account.push";
import { call, contextFor, createRouteUsers, postForm, type Who } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { isPushServiceEndpoint } from "./push.server";

const store = localeStore();

const { db } = await createTestDatabase();
beforeAll(() => createRouteUsers(db));

const HOSTS = ["fcm.googleapis.com", "updates.push.services.mozilla.com", "*.push.apple.com", "*.notify.windows.com"];
const keys = (seed: string) => ({ p256dh: `B${seed.repeat(86).slice(0, 86)}`, auth: seed.repeat(22).slice(0, 22) });
const subscribe = (who: Who, endpoint: string, k = keys("a")) =>
  call(pushAction, {
    request: postForm("/account/push", { intent: "subscribe", endpoint, p256dh: k.p256dh, auth: k.auth }),
    context: contextFor(db, who, { PUSH_SERVICE_HOSTS: HOSTS.join(",") }),
  });
const owner = async (endpoint: string) =>
  (await db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0]?.userId;

const UNSUPPORTED = "This browser's notification service cannot be used. Try Chrome, Firefox, Edge or Safari.";

describe("a push address", () => {
  it("is refused on a port other than the standard one, and kept on 443", async () => {
    expect(isPushServiceEndpoint("https://fcm.googleapis.com:8443/fcm/send/x", HOSTS)).toBe(false);
    expect(isPushServiceEndpoint("https://web.push.apple.com:22/x", HOSTS)).toBe(false);
    expect(isPushServiceEndpoint("https://fcm.googleapis.com:443/fcm/send/x", HOSTS)).toBe(true);
    const odd = await subscribe("client", "https://fcm.googleapis.com:8443/fcm/send/port");
    expect(odd).toMatchObject({ status: 400, body: { ok: false, formError: UNSUPPORTED } });
    expect(await owner("https://fcm.googleapis.com:8443/fcm/send/port")).toBeUndefined();
    expect((await subscribe("client", "https://fcm.googleapis.com/fcm/send/standard")).body).toEqual({ ok: true });
  });
});

describe("a device another account holds", () => {
  it("stays with its account when another posts its address without its keys, and the person is told why", async () => {
    const endpoint = "https://updates.push.services.mozilla.com/wpush/v2/held";
    expect((await subscribe("client", endpoint, keys("a"))).body).toEqual({ ok: true });
    const taken = await subscribe("coach", endpoint, keys("z"));
    expect(taken).toMatchObject({
      status: 409,
      body: {
        ok: false,
        formError: "This device gets notifications for another account. Turn them off there, or in this browser's settings, then try again.",
      },
    });
    const taken_es = await store.run("es", () => subscribe("coach", endpoint, keys("z")));
    expect((taken_es.body as { formError: string }).formError).toBe(
      "Este dispositivo recibe notificaciones de otra cuenta. Desactívelas allí, o en la configuración de este navegador, y vuelva a intentarlo.",
    );
    expect(await owner(endpoint)).toBe("client-1");
    const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row).toMatchObject(keys("a"));
  });

  it("moves to the account that sends its keys as stored (the same browser, signed in as someone else)", async () => {
    const endpoint = "https://web.push.apple.com/QGx-moves";
    expect((await subscribe("client", endpoint, keys("b"))).body).toEqual({ ok: true });
    expect((await subscribe("coach", endpoint, keys("b"))).body).toEqual({ ok: true });
    expect(await owner(endpoint)).toBe("coach-1");
    // Its own account may renew its keys on the same address.
    expect((await subscribe("coach", endpoint, keys("c"))).body).toEqual({ ok: true });
    expect(await owner(endpoint)).toBe("coach-1");
  });
});
