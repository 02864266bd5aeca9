// Writing to this process's sockets: one event to one socket, or the same event to many (serialised once). A socket
// whose browser has stopped reading is dropped rather than buffered without end.
import { WebSocket } from "ws";
import type { ServerEvent } from "../../app/messaging/core";
import type { Client } from "./registry";

/** A browser will not read more than this: past it the socket is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Every event is a text frame, also when it is handed to the ws library already encoded. */
const TEXT_FRAME = { binary: false } as const;

export type FanOut = ReturnType<typeof createFanOut>;

export function createFanOut() {
  // Everything written to a socket in one turn of the event loop leaves in one system call: the socket is corked
  // at its first write and uncorked once the turn's work is done (profiles under load put a quarter of the
  // process's time in one writev per event).
  const corked = new Set<Client>();
  /** The TCP socket under a WebSocket (ws keeps it as `_socket`). */
  const tcpOf = (c: Client) => (c.ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
  /** Writes one text frame: `data` is the event's JSON, as a string or already encoded (UTF-8). */
  function write(c: Client, data: string | Buffer) {
    const socket = tcpOf(c);
    if (socket && !corked.has(c)) {
      socket.cork();
      if (corked.size === 0) setImmediate(uncorkAll);
      corked.add(c);
    }
    c.ws.send(data, TEXT_FRAME);
  }
  function uncorkAll() {
    for (const c of corked) tcpOf(c)?.uncork();
    corked.clear();
  }

  return {
    send(c: Client, e: ServerEvent) {
      if (c.ws.readyState !== WebSocket.OPEN) return;
      if (c.ws.bufferedAmount > MAX_BUFFERED_BYTES) return c.ws.terminate();
      write(c, JSON.stringify(e));
    },
    /**
     * The same event to many sockets: serialised and encoded once, not once per socket (the ws library writes a
     * Buffer as it is, where it encodes a string for every socket it is written to).
     */
    sendAll(clients: Iterable<Client>, e: ServerEvent, skip?: (c: Client) => boolean) {
      let encoded: Buffer | null = null;
      for (const c of clients) {
        if (skip?.(c) || c.ws.readyState !== WebSocket.OPEN) continue;
        if (c.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          c.ws.terminate();
          continue;
        }
        write(c, (encoded ??= Buffer.from(JSON.stringify(e))));
      }
    },
  };
}
