// The WebSocket upgrade at /ws: only pages of this site (Origin), only a signed-in session, and at most
// SOCKETS_PER_PERSON sockets per person across every app process. Every other upgrade (Vite's HMR socket in
// development) is left to its own handler.
import crypto from "node:crypto";
import type http from "node:http";
import type { Duplex } from "node:stream";
import { fromNodeHeaders } from "better-auth/node";
import type { WebSocket, WebSocketServer } from "ws";
import { registerSocket, unregisterSocket } from "../../app/messaging/index.server";
import type { AppServices } from "../context";
import { allowedOriginsFor } from "../security";
import { errorSummary } from "./hub";

export const REALTIME_PATH = "/ws";

export type UpgradedSocket = { id: string; ws: WebSocket; userId: string; sessionId: string; sessionExpiresAt: number };

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${text.length}\r\n\r\n${text}`);
}

export function createUpgradeHandler(services: AppServices, wss: WebSocketServer, processId: string, onSocket: (s: UpgradedSocket) => void) {
  const { db, auth, config } = services;
  return (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== REALTIME_PATH) return;
    socket.on("error", () => socket.destroy());
    void (async () => {
      const forwarded = config.trustProxy
        ? String(req.headers["x-forwarded-proto"] ?? "")
            .split(",")[0]
            ?.trim()
        : "";
      const protocol = forwarded || ("encrypted" in socket && socket.encrypted ? "https" : "http");
      const origin = req.headers.origin;
      if (!origin || !allowedOriginsFor(req.headers.host, protocol, config).includes(origin)) return refuse(socket, 403, "Forbidden");
      try {
        const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
        if (!session) return refuse(socket, 401, "Unauthorized");
        const id = crypto.randomUUID();
        const userId = session.user.id;
        if (!(await registerSocket(db, { id, userId, processId, cap: config.messaging.socketsPerPerson }))) {
          return refuse(socket, 429, "Too Many Requests");
        }
        const sessionExpiresAt = new Date(session.session.expiresAt).getTime();
        let upgraded = false;
        // A browser that leaves during the handshake must not keep counting against its cap.
        socket.once("close", () => void (upgraded ? undefined : unregisterSocket(db, id).catch(() => undefined)));
        wss.handleUpgrade(req, socket, head, (ws) => {
          upgraded = true;
          onSocket({ id, ws, userId, sessionId: session.session.id, sessionExpiresAt });
        });
      } catch (err) {
        console.error("realtime: upgrade failed:", errorSummary(err));
        return refuse(socket, 500, "Internal Server Error");
      }
    })();
  };
}
