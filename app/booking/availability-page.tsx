// The forms of a coach's /appointments/availability: lengths and buffer, the weekly windows, the days off.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Field, FormError } from "~/components/ui/field";
import { formatDayLong, formatTime, weekdayName } from "~/lib/datetime";
import { m } from "~/paraglide/messages";
import { Checkbox, Select } from "~/components/ui/controls";

export type AvailabilityResult = { intent: string; error: string; fieldErrors: Record<string, string | undefined> | null };

type Data = {
  settings: { lessonMinutes: number[]; bufferMinutes: number };
  windows: Array<{ id: string; kind: "lesson" | "evaluation"; weekday: number; startTime: string; endTime: string; place: string }>;
  daysOff: string[];
  today: string;
};

function ErrorLine({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

export function AvailabilityForms({ loaderData, result, busy }: { loaderData: Data; result: AvailabilityResult | null; busy: boolean }) {
  const failed = result && "error" in result ? result : null;
  const errorsFor = (intent: string) => (failed?.intent === intent ? (failed.fieldErrors ?? {}) : {});
  const s = errorsFor("settings");
  const w = errorsFor("add-window");
  const d = errorsFor("add-day-off");
  const { settings, windows, daysOff } = loaderData;
  // A window's wall-clock time ("15:00:00") as people read it ("3:00 PM"): the site's one time formatter, at UTC.
  const hm = (t: string) => formatTime(`1970-01-01T${t.slice(0, 5)}:00Z`, "UTC");
  return (
    <>
      {failed ? <FormError message={failed.fieldErrors?.form ?? failed.error} /> : null}
      <CardSection title={m.booking_settings_heading()} id="settings-heading">
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="settings" />
          <fieldset aria-describedby={s.lessonMinutes ? "lengths-error" : undefined}>
            <legend className="text-sm font-medium text-slate-800">{m.booking_field_lengths()}</legend>
            {[30, 60].map((n) => (
              <label key={n} className="mr-6 inline-flex min-h-11 items-center gap-2">
                <Checkbox name="lessonMinutes" value={n} defaultChecked={settings.lessonMinutes.includes(n)} />
                {m.booking_minutes({ minutes: n })}
              </label>
            ))}
            <ErrorLine id="lengths-error" error={s.lessonMinutes} />
          </fieldset>
          <Field
            label={m.booking_field_buffer()}
            name="bufferMinutes"
            type="number"
            min={0}
            max={60}
            step={5}
            inputMode="numeric"
            defaultValue={settings.bufferMinutes}
            error={s.bufferMinutes}
          />
          <div>
            <Button type="submit" disabled={busy}>
              {m.booking_save()}
            </Button>
          </div>
        </Form>
      </CardSection>

      <CardSection title={m.booking_windows_heading()} id="windows-heading">
        {windows.length === 0 ? <p>{m.booking_windows_none()}</p> : null}
        <ul className="flex flex-col gap-2">
          {windows.map((win) => (
            <li key={win.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2">
              <span>
                {m.booking_window_line({
                  what: win.kind === "evaluation" ? m.booking_kind_evaluation() : m.booking_kind_lesson(),
                  weekday: weekdayName(win.weekday),
                  from: hm(win.startTime),
                  to: hm(win.endTime),
                  place: win.place,
                })}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-window" />
                <input type="hidden" name="windowId" value={win.id} />
                <Button
                  type="submit"
                  variant="ghost"
                  disabled={busy}
                  aria-label={m.booking_window_remove_label({ weekday: weekdayName(win.weekday), from: hm(win.startTime) })}
                >
                  {m.booking_remove()}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" aria-label={m.booking_window_add()}>
          <input type="hidden" name="intent" value="add-window" />
          <div className="flex flex-col gap-1">
            <label htmlFor="window-kind" className="text-sm font-medium text-slate-800">
              {m.booking_field_kind()}
            </label>
            <Select id="window-kind" name="kind">
              <option value="lesson">{m.booking_kind_lesson()}</option>
              <option value="evaluation">{m.booking_kind_evaluation()}</option>
            </Select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="window-weekday" className="text-sm font-medium text-slate-800">
              {m.booking_field_weekday()}
            </label>
            <Select
              id="window-weekday"
              name="weekday"
              defaultValue="5"
              aria-invalid={w.weekday ? true : undefined}
              aria-describedby={w.weekday ? "weekday-error" : undefined}
            >
              {[1, 2, 3, 4, 5, 6, 0].map((n) => (
                <option key={n} value={n}>
                  {weekdayName(n)}
                </option>
              ))}
            </Select>
            <ErrorLine id="weekday-error" error={w.weekday} />
          </div>
          <Field label={m.booking_field_start()} name="startTime" type="time" step={300} required defaultValue="15:00" error={w.startTime} />
          <Field label={m.booking_field_end()} name="endTime" type="time" step={300} required defaultValue="19:00" error={w.endTime} />
          <Field label={m.booking_field_place()} name="place" required maxLength={200} error={w.place} className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {m.booking_window_add()}
            </Button>
          </div>
        </Form>
      </CardSection>

      <DaysOffSection daysOff={daysOff} today={loaderData.today} errors={d} busy={busy} />
    </>
  );
}

/** The days off: the list, each with its remove button, and the form adding one. */
function DaysOffSection({
  daysOff,
  today,
  errors,
  busy,
}: {
  daysOff: string[];
  today: string;
  errors: Record<string, string | undefined>;
  busy: boolean;
}) {
  return (
    <CardSection title={m.booking_days_off_heading()} id="days-off-heading">
      {daysOff.length === 0 ? <p>{m.booking_days_off_none()}</p> : null}
      <ul className="flex flex-col gap-2">
        {daysOff.map((day) => (
          <li key={day} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2">
            <span>{formatDayLong(day)}</span>
            <Form method="post">
              <input type="hidden" name="intent" value="remove-day-off" />
              <input type="hidden" name="day" value={day} />
              <Button type="submit" variant="ghost" disabled={busy} aria-label={m.booking_day_off_remove_label({ day: formatDayLong(day) })}>
                {m.booking_remove()}
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value="add-day-off" />
        <Field label={m.booking_field_day_off()} name="day" type="date" min={today} required error={errors.day} />
        <Button type="submit" disabled={busy}>
          {m.booking_day_off_add()}
        </Button>
      </Form>
    </CardSection>
  );
}
