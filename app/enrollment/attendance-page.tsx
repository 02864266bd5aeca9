// The attendance sheet: each enrolled athlete with "Present" and "Absent" as two large radio buttons. The page's
// script keeps every tap on the phone and sends it (attendance-queue.ts): "kept on this phone" says how many wait for
// the signal. Without the script, "Save attendance" posts the sheet as a form.
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import { formatDayLong } from "~/lib/datetime";
import { useHydrated } from "~/lib/use-hydrated";
import { m } from "~/paraglide/messages";
import { enqueueMark, flushQueue, readQueue, type Refusal } from "./attendance-queue";

type Props = {
  session: { id: string; title: string };
  day: string;
  today: string;
  athletes: Array<{ id: string; name: string; level: number | null }>;
  marks: Record<string, boolean>;
  result: { error: string; refused: Array<{ athleteId: string; error: string }> } | undefined;
};

const RETRY_MS = 15_000;

export function AttendanceSheet({ session, day, athletes, marks, result }: Props) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<Record<string, boolean>>(marks);
  const [waiting, setWaiting] = useState(0);
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<Refusal[]>([]);
  const urlOf = (eventId: string) => localHref(`/rosters/${eventId}/marks`);

  // What this phone still keeps for this day shows as chosen: the server's marks, then the taps not yet sent.
  useEffect(() => {
    const kept = readQueue().filter((q) => q.eventId === session.id && q.day === day);
    setChosen({ ...marks, ...Object.fromEntries(kept.map((q) => [q.athleteId, q.present])) });
    setWaiting(readQueue().length);
  }, [marks, session.id, day]);

  useEffect(() => {
    const send = async () => {
      if (readQueue().length === 0) return;
      setSending(true);
      const newlyRefused = await flushQueue(urlOf);
      setSending(false);
      setWaiting(readQueue().length);
      if (newlyRefused.length) setRefused((r) => [...r, ...newlyRefused]);
    };
    void send();
    window.addEventListener("online", send);
    const timer = window.setInterval(send, RETRY_MS);
    return () => {
      window.removeEventListener("online", send);
      window.clearInterval(timer);
    };
  }, []);

  const tap = (athleteId: string, present: boolean) => {
    setChosen((c) => ({ ...c, [athleteId]: present }));
    enqueueMark({ eventId: session.id, athleteId, day, present });
    setWaiting(readQueue().length);
    if (navigator.onLine === false) return;
    setSending(true);
    void flushQueue(urlOf).then((newlyRefused) => {
      setSending(false);
      setWaiting(readQueue().length);
      if (newlyRefused.length) setRefused((r) => [...r, ...newlyRefused]);
    });
  };

  const nameOf = (id: string) => athletes.find((a) => a.id === id)?.name ?? "";
  const allRefused = [...(result?.refused ?? []), ...refused];
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-6">
      <nav>
        <Link to={localHref(`/rosters/${session.id}`)} className="font-medium text-court-800 underline">
          {m.enroll_rosters_heading()}
        </Link>
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <Field label={m.enroll_attendance_day()} name="day" type="date" defaultValue={day} />
        <Button type="submit" variant="secondary">
          {m.enroll_attendance_show()}
        </Button>
      </Form>
      <h2 className="text-xl font-semibold text-slate-900">{formatDayLong(day)}</h2>
      <p role="status" className="text-slate-800" data-testid="sync-state">
        {waiting > 0
          ? sending
            ? m.enroll_attendance_sending({ count: String(waiting) })
            : m.enroll_attendance_waiting({ count: String(waiting) })
          : hydrated
            ? m.enroll_attendance_all_sent()
            : ""}
      </p>
      {result?.error ? <FormError message={result.error} /> : null}
      {allRefused.map((r) => (
        <p key={`${r.athleteId}-${r.error}`} role="alert" className="text-sm text-red-800">
          {m.enroll_attendance_refused({ athlete: nameOf(r.athleteId) || r.athleteId, reason: r.error })}
        </p>
      ))}
      {athletes.length === 0 ? <p className="text-slate-800">{m.enroll_attendance_nobody()}</p> : null}
      <Form
        method="post"
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          // With the script every tap is already kept and sent; the button only sends what waits.
          event.preventDefault();
          void flushQueue(urlOf).then(() => setWaiting(readQueue().length));
        }}
      >
        <input type="hidden" name="day" value={day} />
        {athletes.map((a) => (
          <fieldset key={a.id} className="rounded-xl border border-slate-200 bg-white p-3">
            <legend className="px-1 font-semibold text-slate-900">{a.name}</legend>
            <div className="grid grid-cols-2 gap-2">
              {([true, false] as const).map((present) => (
                <label
                  key={String(present)}
                  className="flex min-h-12 cursor-pointer items-center justify-center rounded-lg border-2 border-slate-300 text-base font-semibold text-slate-800 has-checked:border-court-700 has-checked:bg-court-700 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-court-700 has-focus-visible:ring-offset-2"
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={`mark:${a.id}`}
                    value={present ? "present" : "absent"}
                    checked={chosen[a.id] === present}
                    onChange={() => tap(a.id, present)}
                  />
                  {present ? m.enroll_present() : m.enroll_absent()}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        {athletes.length > 0 ? (
          <div>
            <Button type="submit">{m.enroll_attendance_save()}</Button>
          </div>
        ) : null}
      </Form>
    </div>
  );
}
