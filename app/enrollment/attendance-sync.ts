// The attendance sheet's side of the phone's queue (issue 39, decision 0048): what is chosen on screen (the server's
// marks, then the taps still on the phone), how many taps wait, and one sentence for what the last send did. A tap
// that lost to a newer mark shows the value kept, with why beside the athlete. Browser only.
import { useEffect, useRef, useState } from "react";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { enqueueMark, flushQueue, readQueue, type Refusal, type SyncResult } from "./attendance-queue";

const RETRY_MS = 15_000;
/** After a send that left taps on the phone (no answer, or taps made while it was on its way): soon again, then less often. */
const FIRST_RETRY_MS = 1_000;

/** "2 marks saved, 1 not saved: Sofía Gómez: …", or "3 marks saved.": never "saved" beside a failure. */
export function syncSentence(saved: number, refused: Array<Pick<Refusal, "athleteId" | "error">>, nameOf: (id: string) => string): string {
  if (refused.length === 0) return m.attendance_sync_saved({ count: saved });
  const why = refused.map((r) => m.attendance_refused_for({ athlete: nameOf(r.athleteId), reason: r.error })).join("; ");
  return m.attendance_sync_partly({ saved, failed: refused.length, why });
}

export function useAttendanceSync(eventId: string, day: string, marks: Record<string, boolean>, nameOf: (id: string) => string) {
  const [chosen, setChosen] = useState<Record<string, boolean>>(marks);
  const [waiting, setWaiting] = useState(0);
  const [sending, setSending] = useState(false);
  const [sentence, setSentence] = useState<string | null>(null);
  const [notSaved, setNotSaved] = useState<Record<string, string>>({});
  const urlOf = (id: string) => localHref(`/rosters/${id}/marks`);
  // The page's listener lives as long as the page; the day shown may change under it (a new day picked).
  const shown = useRef({ eventId, day, nameOf });
  shown.current = { eventId, day, nameOf };

  // What this phone still keeps for this day shows as chosen: the server's marks, then the taps not yet sent.
  useEffect(() => {
    const kept = readQueue().filter((q) => q.eventId === eventId && q.day === day);
    setChosen({ ...marks, ...Object.fromEntries(kept.map((q) => [q.athleteId, q.present])) });
    setWaiting(readQueue().length);
  }, [marks, eventId, day]);

  // A send that leaves taps behind is tried again soon: the browser says "online" a moment before requests go through
  // (a phone whose signal is coming back), and a tap made while a send was on its way waits for the next. Each try
  // that is answered for nothing doubles the wait, up to the regular RETRY_MS; one that saved something starts over.
  const retry = useRef({ timer: 0, wait: FIRST_RETRY_MS, left: false });
  const retrySoon = (progressed: boolean) => {
    window.clearTimeout(retry.current.timer);
    if (retry.current.left || readQueue().length === 0 || navigator.onLine === false) {
      retry.current.wait = FIRST_RETRY_MS;
      return;
    }
    const wait = progressed ? FIRST_RETRY_MS : retry.current.wait;
    retry.current.wait = Math.min(wait * 2, RETRY_MS);
    retry.current.timer = window.setTimeout(send, wait);
  };

  const answered = (result: SyncResult) => {
    const { eventId, day, nameOf } = shown.current;
    setSending(false);
    setWaiting(readQueue().length);
    retrySoon(result.saved > 0 || result.refused.length > 0);
    if (result.saved === 0 && result.refused.length === 0) return;
    const here = (r: Refusal) => (r.eventId ?? eventId) === eventId && r.day === day;
    setSentence(
      syncSentence(result.saved, result.refused, (id) =>
        result.refused.some((r) => r.athleteId === id && (r.eventId ?? eventId) !== eventId) ? m.attendance_other_session() : nameOf(id),
      ),
    );
    const mine = result.refused.filter(here);
    if (mine.length === 0) return;
    setNotSaved((n) => ({ ...n, ...Object.fromEntries(mine.map((r) => [r.athleteId, r.error])) }));
    const kept = mine.filter((r) => r.kept !== undefined);
    if (kept.length) setChosen((c) => ({ ...c, ...Object.fromEntries(kept.map((r) => [r.athleteId, r.kept!])) }));
  };

  const send = () => {
    if (readQueue().length === 0) return;
    setSending(true);
    void flushQueue(urlOf).then(answered);
  };

  useEffect(() => {
    const tries = retry.current;
    tries.left = false;
    send();
    window.addEventListener("online", send);
    const timer = window.setInterval(send, RETRY_MS);
    return () => {
      window.removeEventListener("online", send);
      window.clearInterval(timer);
      window.clearTimeout(tries.timer);
      tries.left = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one listener for the page's life; send reads the queue itself
  }, []);

  const tap = (athleteId: string, present: boolean) => {
    setChosen((c) => ({ ...c, [athleteId]: present }));
    setNotSaved(({ [athleteId]: _gone, ...rest }) => rest);
    enqueueMark({ eventId, athleteId, day, present });
    setWaiting(readQueue().length);
    if (navigator.onLine !== false) send();
  };

  return { chosen, waiting, sending, sentence, notSaved, tap, send };
}
