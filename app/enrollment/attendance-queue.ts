// The phone's side of courtside attendance (issue 29, decision 0033): every tap is kept in localStorage first, with an
// id made here and the moment it was tapped, then sent; it leaves the phone only when the server answered for it
// (saved or refused). A lost answer means it is sent again, which the server's upsert makes harmless; a page closed
// or a phone out of signal keeps it until the next time the page is open and online. Browser only. Nothing but the tap
// itself is kept (no names, no medical details: decision 0048).
export type QueuedMark = { eventId: string; athleteId: string; day: string; present: boolean; clientId: string; markedAt: string };
/** A tap the server did not save: why, and (`kept`) the value it keeps when a newer mark won. */
export type Refusal = { clientId: string; athleteId: string; day: string; error: string; kept?: boolean; eventId?: string };
/** What one send did: how many taps were saved, and those refused. */
export type SyncResult = { saved: number; refused: Refusal[] };

const KEY = "nlte-attendance-marks";

export function readQueue(): QueuedMark[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as QueuedMark[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(marks: QueuedMark[]) {
  localStorage.setItem(KEY, JSON.stringify(marks));
}

/** Keeps a tap: it replaces a tap for the same athlete and day not sent yet (the latest tap is what counts). */
export function enqueueMark(mark: Omit<QueuedMark, "clientId" | "markedAt">): QueuedMark {
  const queued: QueuedMark = { ...mark, clientId: crypto.randomUUID(), markedAt: new Date().toISOString() };
  const rest = readQueue().filter((q) => !(q.eventId === mark.eventId && q.athleteId === mark.athleteId && q.day === mark.day));
  writeQueue([...rest, queued]);
  return queued;
}

let sending: Promise<SyncResult> | null = null;

/**
 * Sends what is kept, one request a session, to `urlOf(eventId)`. Resolves with how many were saved and the refusals
 * (which leave the queue with their reason); anything unanswered stays for the next try. One send at a time.
 */
export function flushQueue(urlOf: (eventId: string) => string): Promise<SyncResult> {
  // Known to be offline: nothing is tried (the phone says the marks wait), so no request fails for nothing.
  if (navigator.onLine === false) return Promise.resolve({ saved: 0, refused: [] });
  sending ??= (async () => {
    const refusals: Refusal[] = [];
    let saved = 0;
    try {
      const byEvent = new Map<string, QueuedMark[]>();
      for (const q of readQueue()) byEvent.set(q.eventId, [...(byEvent.get(q.eventId) ?? []), q]);
      for (const [eventId, marks] of byEvent) {
        let answer = null as { saved?: string[]; refused?: Refusal[] } | null;
        try {
          const res = await fetch(urlOf(eventId), {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ marks: marks.map(({ eventId: _e, ...m }) => m) }),
          });
          if (res.ok || res.status === 400) answer = (await res.json()) as typeof answer;
        } catch {
          // No signal: the marks stay on the phone.
        }
        if (!answer) continue;
        const done = new Set([...(answer.saved ?? []), ...(answer.refused ?? []).map((r) => r.clientId)]);
        refusals.push(...(answer.refused ?? []).map((r) => ({ ...r, eventId })));
        saved += answer.saved?.length ?? 0;
        // Only what was sent and answered leaves: a tap made while this was on its way stays.
        writeQueue(readQueue().filter((q) => !done.has(q.clientId)));
      }
    } finally {
      sending = null;
    }
    return { saved, refused: refusals };
  })();
  return sending;
}
