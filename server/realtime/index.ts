// The WebSocket side of one app process, in three parts: the upgrade (who may connect: upgrade.ts), the hub
// (which sockets this process holds and what they hear: hub.ts) and the protocol (what a socket may ask:
// protocol.ts). The database announces through one LISTEN connection (server/notify-listener.ts): messages,
// read receipts and typing on one channel, ended sessions on another (a trigger on the sessions table).
// The socket never carries anything the database has not committed.
import crypto from "node:crypto";
import type http from "node:http";
import { WebSocketServer } from "ws";
import {
  MESSAGE_CHANNEL,
  type Announcement,
  forgetProcessSockets,
  refreshSockets,
  SESSION_ENDED_CHANNEL,
  unregisterSocket,
} from "../../app/messaging/index.server";
import type { AppServices } from "../context";
import { listenForAnnouncements } from "../notify-listener";
import { createHub, errorSummary } from "./hub";
import { createProtocol } from "./protocol";
import { newClient } from "./registry";
import { createUpgradeHandler, REALTIME_PATH } from "./upgrade";

export { REALTIME_PATH };

export function attachRealtime(server: http.Server, services: AppServices, databaseUrl: string) {
  const { db, config } = services;
  const processId = crypto.randomUUID();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const hub = createHub(db, config.safePlay);
  const protocol = createProtocol(db, hub, config.messaging, config.safePlay);

  const onUpgrade = createUpgradeHandler(services, wss, processId, (s) => {
    const c = newClient(s);
    hub.register(c);
    c.ws.on("pong", () => (c.alive = true));
    c.ws.on("error", () => c.ws.terminate());
    c.ws.on("close", () => {
      hub.unregister(c);
      void unregisterSocket(db, c.id).catch((err) => console.error("realtime: socket cleanup failed:", errorSummary(err)));
    });
    c.ws.on("message", (raw) => protocol.onMessage(c, raw.toString()));
    hub.send(c, { type: "ready", userId: c.userId });
    // The session may have ended between the check at the upgrade and this registration.
    void hub.verifySessions([c.sessionId]).catch((err) => console.error("realtime: session check failed:", errorSummary(err)));
  });
  server.on("upgrade", onUpgrade);

  const listener = listenForAnnouncements(
    databaseUrl,
    {
      [MESSAGE_CHANNEL]: (payload) =>
        void hub
          .onAnnouncement(JSON.parse(payload) as Announcement)
          .catch((err) => console.error("realtime: announcement failed:", errorSummary(err))),
      [SESSION_ENDED_CHANNEL]: (sessionId) => hub.onSessionChanged(sessionId),
    },
    { name: "realtime", onResync: () => hub.onResync() },
  );

  // This process's sockets keep counting against their owners' caps only while it refreshes them.
  const refresh = setInterval(
    () => void refreshSockets(db, processId).catch((err) => console.error("realtime: socket refresh failed:", errorSummary(err))),
    15_000,
  );
  refresh.unref();

  return {
    ready: listener.ready,
    /** Closes every socket with `code` (1012 "Service Restart" on a stop: the browser reconnects). */
    close: async (code = 1001) => {
      clearInterval(refresh);
      hub.close();
      protocol.close();
      server.off("upgrade", onUpgrade);
      // A socket held for flooding (protocol.ts) is not read, so it could not answer a close frame until its backlog
      // had been read: the stop would wait 30 s (the ws library's close timeout) for it. It is cut instead.
      for (const ws of wss.clients) {
        if (ws.isPaused) ws.terminate();
        else ws.close(code, code === 1001 ? "Server shutting down" : "Server restarting");
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      for (const ws of wss.clients) ws.terminate();
      await listener.close();
      await forgetProcessSockets(db, processId).catch(() => undefined);
    },
  };
}
