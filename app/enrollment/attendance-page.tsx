// The attendance sheet: each enrolled athlete with "Present" and "Absent" as two large radio buttons, the head count,
// and a medical flag where the family wrote something (details one tap away: app/medical). It opens on the session's
// nearest meeting day and offers only its meeting days (decision 0048). The page's script keeps every tap on the
// phone and sends it (attendance-sync.ts, attendance-queue.ts); one sentence says what the last send did. Without
// the script, "Save attendance" posts the marks that changed, and the answer says the same truth.
import { useId } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import { formatDayLong } from "~/lib/datetime";
import { useHydrated } from "~/lib/use-hydrated";
import { errorMessage } from "~/lib/page-behaviours-contract";
import { MedicalFlag } from "~/medical/medical-flag";
import { MEDICAL_INTENT, type MedicalFlag as Flag, type MedicalReadAnswer } from "~/medical/types";
import { m } from "~/paraglide/messages";
import type { Refusal } from "./attendance-queue";
import { refusalOf, type ActionResult } from "~/lib/forms";
import { syncSentence, useAttendanceSync } from "./attendance-sync";
import { Select } from "~/components/ui/controls";

/** What the form's send did, as the offline queue's sync result says it: how many marks were saved, and those refused. */
export type MarksSent = { saved: number; refused: Array<Pick<Refusal, "athleteId" | "error" | "kept">> };

/**
 * What the page's form answers without the script (ActionResult, decision 0077): medical details (a success), or a
 * refusal: the day beside the day picker (`fieldErrors.day`), the sheet's own (`formError`), some marks not saved
 * (`sent`, the same truth the script's sync says), a flag's details refused (MedicalReadAnswer).
 */
export type AttendanceAnswer = MedicalReadAnswer | ActionResult<{}, { athleteId?: string }, { sent?: MarksSent }>;

type Athlete = { id: string; name: string; level: number | null };
type Props = {
  session: { id: string; title: string };
  day: string;
  days: string[];
  today: string;
  dayError: string | null;
  markable: boolean;
  athletes: Athlete[];
  marks: Record<string, boolean>;
  flags: Record<string, Flag>;
  result: AttendanceAnswer | undefined;
};

const FORM_ID = "attendance-marks";

export function AttendanceSheet({ session, day, days, today, dayError, markable, athletes, marks, flags, result }: Props) {
  const hydrated = useHydrated();
  const nameOf = (id: string) => athletes.find((a) => a.id === id)?.name ?? m.attendance_other_session();
  const sync = useAttendanceSync(session.id, day, marks, nameOf);
  const refusal = refusalOf(result);
  const sent = refusal && "sent" in refusal ? refusal.sent : undefined;
  const formSentence = sent ? syncSentence(sent.saved, sent.refused, nameOf) : null;
  const formRefused = Object.fromEntries((sent?.refused ?? []).map((r) => [r.athleteId, r.error]));
  const status =
    sync.waiting > 0
      ? sync.sending
        ? m.attendance_sending({ count: sync.waiting })
        : m.attendance_waiting({ count: sync.waiting })
      : (sync.sentence ?? formSentence ?? (hydrated ? m.enroll_attendance_all_sent() : ""));
  const present = athletes.filter((a) => sync.chosen[a.id] === true).length;
  const marked = athletes.filter((a) => sync.chosen[a.id] !== undefined).length;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-6">
      <nav>
        <Link to={localHref(`/rosters/${session.id}`)} className="font-medium text-court-800 underline">
          {m.enroll_rosters_heading()}
        </Link>
      </nav>
      <DayPicker day={day} days={days} today={today} error={dayError ?? refusal?.fieldErrors.day ?? null} />
      <h2 className="text-xl font-semibold text-slate-900">{formatDayLong(day)}</h2>
      {!markable ? <p className="text-slate-800">{m.attendance_opens_on({ day: formatDayLong(day) })}</p> : null}
      {markable ? (
        <>
          <p role="status" className="text-slate-800" data-testid="sync-state">
            {status}
          </p>
          {refusal?.formError && refusal.intent !== MEDICAL_INTENT ? <FormError message={refusal.formError} /> : null}
          {athletes.length === 0 ? (
            <p className="text-slate-800">{m.enroll_attendance_nobody()}</p>
          ) : (
            <p className="font-semibold text-slate-900" data-testid="head-count">
              {m.attendance_head_count({ present: String(present), marked: String(marked), enrolled: String(athletes.length) })}
            </p>
          )}
          {athletes.map((a) => (
            <AthleteCard
              key={a.id}
              athlete={a}
              chosen={sync.chosen[a.id]}
              onTap={(value) => sync.tap(a.id, value)}
              notSaved={sync.notSaved[a.id] ?? formRefused[a.id]}
              flag={flags[a.id]}
              medical={result}
            />
          ))}
          <Form
            id={FORM_ID}
            method="post"
            onSubmit={(event) => {
              // With the script every tap is already kept and sent; the button only sends what waits.
              event.preventDefault();
              sync.send();
            }}
          >
            <input type="hidden" name="day" value={day} />
            {/* What the sheet showed: without the script only the marks that changed are sent. */}
            {athletes.map((a) =>
              marks[a.id] === undefined ? null : <input key={a.id} type="hidden" name={`was:${a.id}`} value={marks[a.id] ? "present" : "absent"} />,
            )}
            {athletes.length > 0 ? <Button type="submit">{m.enroll_attendance_save()}</Button> : null}
          </Form>
        </>
      ) : null}
    </div>
  );
}

function DayPicker({ day, days, today, error }: { day: string; days: string[]; today: string; error: string | null }) {
  const id = useId();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`day-${id}`} className="text-sm font-medium text-slate-800">
          {m.attendance_day_picker()}
        </label>
        <Select
          id={`day-${id}`}
          name="day"
          defaultValue={day}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `day-${id}-error` : undefined}
          className="min-h-11"
        >
          {days.map((d) => (
            <option key={d} value={d}>
              {d === today ? m.attendance_today({ day: formatDayLong(d) }) : formatDayLong(d)}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="secondary">
        {m.enroll_attendance_show()}
      </Button>
      {error ? (
        <p id={`day-${id}-error`} {...errorMessage.field()} className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

type CardProps = {
  athlete: Athlete;
  chosen: boolean | undefined;
  onTap: (present: boolean) => void;
  notSaved: string | undefined;
  flag: Flag | undefined;
  medical: MedicalReadAnswer | undefined;
};

function AthleteCard({ athlete: a, chosen, onTap, notSaved, flag, medical }: CardProps) {
  const errorId = `not-saved-${a.id}`;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3">
      <fieldset aria-describedby={notSaved ? errorId : undefined}>
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
                form={FORM_ID}
                name={`mark:${a.id}`}
                value={present ? "present" : "absent"}
                checked={chosen === present}
                onChange={() => onTap(present)}
              />
              {present ? m.enroll_present() : m.enroll_absent()}
            </label>
          ))}
        </div>
      </fieldset>
      {notSaved ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-800">
          {m.attendance_not_saved({ reason: notSaved })}
        </p>
      ) : null}
      {flag ? <MedicalFlag athleteId={a.id} athleteName={a.name} flag={flag} answered={medical} /> : null}
    </div>
  );
}
