// Notifications on the phone, end to end in Chromium (issue 27): a guardian turns them on at /account (the page's
// real code, the site's service worker and the browser's permission prompt; only the browser's own push service is
// stood in for, by a loopback one that checks the signature and decrypts), a coach writes, and the device receives it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedServer } from "./support/shared-server";
import { startPushService, type PushService } from "../support/push-service";
import { waitFor } from "../support/wait-for";
import { setupBrowser } from "./support/browser";
import { usePushService } from "./support/push-device";
import { makePerson, openDatabase, post, startConversation, useSession } from "./support/messaging";

let pushService: PushService;
const open = setupBrowser(() => server.url);

const server = sharedServer();
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService?.close();
});

describe("notifications on a device", () => {
  it("are turned on after a tap, listed on /account, bring a coach's message, and stop when the device is removed", async () => {
    const env = server.env;
    const coach = await makePerson(server.url, "Nadia Coach", { coach: true, env });
    const parent = await makePerson(server.url, "Pedro Parent", { env });
    const { context, page } = await open();
    await useSession(context, server.url, parent);
    const device = await usePushService(context, page, server.url, pushService);

    await page.goto("/account/notifications");
    const section = page.getByRole("region", { name: "Notifications on your devices" });
    await section.getByText("No device gets notifications yet.").waitFor();
    await section.getByRole("button", { name: "Turn on notifications" }).click();
    await section.getByRole("status").getByText("Notifications are on for this device").waitFor();
    await section.getByRole("button", { name: /^Remove / }).waitFor();
    const subscription = device.subscription();
    expect(subscription).not.toBeNull();

    // The coach writes; the parent is not reading: the device gets it after PUSH_DELAY_SECONDS, and no mail is queued.
    const database = await openDatabase(server.dataDir);
    const parentId = (await database.query<{ id: string }>("select id from users where email = $1", [parent.email])).rows[0]!.id;
    await database.close();
    const conversationId = await startConversation(server.url, coach, parentId);
    expect((await post(server.url, `/messages/${conversationId}`, coach, { intent: "send", content: "Practice moved to court 3." })).status).toBe(
      200,
    );
    const hash = subscription!.clientHash;
    const [notice] = await waitFor(
      async () => {
        const got = await pushService.received(hash);
        return got.length ? got : null;
      },
      { what: "the push of the coach's message", timeout: 20_000 },
    );
    expect(JSON.parse(notice!)).toEqual({
      title: "New message",
      body: "Nadia Coach: Practice moved to court 3.",
      url: `/messages/${conversationId}`,
      tag: `conversation-${conversationId}`,
    });

    // Removing the device: the list is empty again, and the next message is mailed instead.
    await section.getByRole("button", { name: /^Remove / }).click();
    await section.getByText("No device gets notifications yet.").waitFor();
  });
});
