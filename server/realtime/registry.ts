// Which sockets this process holds: by person, by session and by the conversations they are subscribed to. It also
// numbers what the hub hears that changes who may listen (a person removed from a conversation, a move of its Safe Play
// version), so that a subscription whose check began before one of them was heard is refused, or checked again.
import type { WebSocket } from "ws";

export type Client = {
  /** The socket's row in realtime_sockets. */
  id: string;
  ws: WebSocket;
  userId: string;
  sessionId: string;
  sessionExpiresAt: number;
  subscriptions: Set<string>;
  watchUnread: boolean;
  lastTyping: Map<string, number>;
  alive: boolean;
  /** Client events read but not yet handled (bounded by the protocol). */
  pending: number;
  queue: Promise<void>;
};

/** A socket just upgraded: what the hub knows of it at first (no subscriptions, alive, nothing pending). */
export function newClient(s: Pick<Client, "id" | "ws" | "userId" | "sessionId" | "sessionExpiresAt">): Client {
  return {
    ...s,
    subscriptions: new Set(),
    watchUnread: false,
    lastTyping: new Map(),
    alive: true,
    pending: 0,
    queue: Promise.resolve(),
  };
}

export type Registry = ReturnType<typeof createRegistry>;

/** Heard removals and Safe Play changes kept for ordering subscriptions (the oldest are forgotten past this). */
const HEARD_KEPT = 10_000;

function add<K>(map: Map<K, Set<Client>>, key: K, c: Client) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(c);
}

function remove<K>(map: Map<K, Set<Client>>, key: K, c: Client) {
  const set = map.get(key);
  set?.delete(c);
  if (set?.size === 0) map.delete(key);
}

function remember<K>(map: Map<K, number>, key: K, n: number) {
  map.set(key, n);
  if (map.size > HEARD_KEPT) map.delete(map.keys().next().value!);
}

export function createRegistry() {
  const byConversation = new Map<string, Set<Client>>();
  const byUser = new Map<string, Set<Client>>();
  const bySession = new Map<string, Set<Client>>();

  // Removals (announcement "left") by person and conversation, and Safe Play changes by conversation, numbered in the
  // order they were heard: a subscription whose membership check started before a removal was heard is refused, one
  // whose read check started before a Safe Play change is checked again once in place (read-rechecks.ts), whichever
  // of the check's answer and the announcement came first.
  let heardCount = 0;
  const removals = new Map<string, number>();
  const safetyChanges = new Map<string, number>();
  const removalKey = (conversationId: string, userId: string) => `${conversationId}:${userId}`;

  /** Every socket held here, read in place (no copy: the heartbeat walks them every second). */
  function* allClients(): Generator<Client> {
    for (const set of byUser.values()) yield* set;
  }

  function unsubscribe(c: Client, conversationId: string) {
    c.subscriptions.delete(conversationId);
    remove(byConversation, conversationId, c);
  }

  return {
    byConversation,
    byUser,
    bySession,
    allClients,
    register(c: Client) {
      add(byUser, c.userId, c);
      add(bySession, c.sessionId, c);
    },
    /** Forgets the socket everywhere; true when it was its person's last socket here. */
    unregister(c: Client): boolean {
      for (const id of c.subscriptions) remove(byConversation, id, c);
      c.subscriptions.clear();
      remove(byUser, c.userId, c);
      remove(bySession, c.sessionId, c);
      return !byUser.has(c.userId);
    },
    /** A mark to take before checking a subscription (see subscribe). */
    mark: () => heardCount,
    /**
     * Subscribes the socket, unless its person was removed from the conversation since `since` (mark()). "recheck":
     * subscribed, but a Safe Play change was heard since, so the read rule must be asked again.
     */
    subscribe(c: Client, conversationId: string, since: number): "refused" | "subscribed" | "recheck" {
      if ((removals.get(removalKey(conversationId, c.userId)) ?? -1) >= since) return "refused";
      c.subscriptions.add(conversationId);
      add(byConversation, conversationId, c);
      return (safetyChanges.get(conversationId) ?? -1) >= since ? "recheck" : "subscribed";
    },
    unsubscribe,
    /** The person left the conversation: their sockets here stop hearing it; returns those that were subscribed. */
    removed(conversationId: string, userId: string): Client[] {
      remember(removals, removalKey(conversationId, userId), heardCount++);
      const stopped = [...(byUser.get(userId) ?? [])].filter((c) => c.subscriptions.has(conversationId));
      for (const c of stopped) unsubscribe(c, conversationId);
      return stopped;
    },
    /** The conversation's Safe Play version moved. */
    safetyChanged(conversationId: string) {
      remember(safetyChanges, conversationId, heardCount++);
    },
  };
}
