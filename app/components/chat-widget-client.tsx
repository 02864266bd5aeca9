// The client's side of the floating widget, loaded only for signed-in clients. See chat-widget.tsx.
// Plain HTML first: a native popover with a form that posts to /messages, so it opens and sends before (or without)
// this code. Its fields are uncontrolled: what someone typed before the code arrived is what is sent.
import { X } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { CHAT_WIDGET_ID, takeTapBeforeWidget, type WidgetCoach } from "~/components/chat-widget";
import { telHref } from "~/lib/phone";
import { showToast } from "~/components/toaster";
import { widgetToast, type WidgetAnswer } from "~/messaging/core";
import { useHydrated } from "~/lib/use-hydrated";
import { useRootData } from "~/root";
import { m } from "~/paraglide/messages";
import { personName } from "~/lib/displayable-address";
import { Field, SelectField, TextAreaField } from "~/components/ui/field";

type Fields = { coachId: string; subject: string; message: string };

function readFields(form: HTMLFormElement | null): Fields {
  const data = form ? new FormData(form) : null;
  const get = (name: string) => String(data?.get(name) ?? "");
  return { coachId: get("coachId"), subject: get("subject"), message: get("message") };
}

/**
 * `blocked`: why this person cannot message yet (Safe Play: an athlete under 18 with no guardian linked), in the page's
 * language, or null. What a send answers is shown as its toast (widgetToast, in the page's language).
 */
export default function ClientWidget({ coaches, blocked }: { coaches: WidgetCoach[]; blocked: string | null }) {
  const send = useFetcher<WidgetAnswer>();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const ids = useId();
  const panel = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [missing, setMissing] = useState(true);
  const check = useCallback(() => {
    const f = readFields(form.current);
    setMissing(!f.coachId || f.subject === "" || f.message === "");
  }, []);
  // Fields filled in before this code ran count from the start.
  useLayoutEffect(check, [check]);

  useFocusOnOpen(panel);

  const sending = send.state !== "idle";
  const result = send.state === "idle" ? send.data : undefined;
  const handled = useRef<WidgetAnswer | undefined>(undefined);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    showToast(widgetToast(result));
    if (result.ok) {
      for (const name of ["subject", "message"]) {
        const field = form.current?.elements.namedItem(name);
        if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.value = "";
      }
      check();
      panel.current?.hidePopover();
    }
  }, [result, check]);

  return (
    <div
      ref={panel}
      id={CHAT_WIDGET_ID}
      popover="auto"
      role="dialog"
      aria-labelledby={`${ids}-title`}
      className="fixed inset-auto bottom-20 right-4 m-0 max-h-[calc(100dvh-6rem)] w-[min(22rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-xl"
    >
      <div className="flex items-center justify-between">
        <h2 id={`${ids}-title`} className="text-lg font-bold text-slate-900">
          {m.messaging_widget_title()}
        </h2>
        <button
          type="button"
          popoverTarget={CHAT_WIDGET_ID}
          popoverTargetAction="hide"
          aria-label={m.messaging_widget_close()}
          className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
      {blocked ? (
        <div role="status" className="mt-3 text-slate-900">
          <p>{blocked}</p>
          <a href={localHref("/account/family#family-heading")} className="mt-2 inline-block font-semibold text-court-800 underline">
            {m.messaging_widget_link_guardian()}
          </a>
        </div>
      ) : coaches.length === 0 ? (
        <NoCoaches />
      ) : (
        <send.Form
          ref={form}
          method="post"
          action={localHref("/messages")}
          className="mt-3 flex flex-col gap-3"
          onChange={check}
          onInput={check}
          onSubmit={(e) => {
            const f = readFields(e.currentTarget);
            if (!f.coachId) {
              e.preventDefault();
              showToast({ type: "error", title: m.messaging_toast_select_coach(), description: m.messaging_toast_choose_coach() });
            } else if (!f.subject.trim() || !f.message.trim()) {
              e.preventDefault();
              showToast({ type: "error", title: m.messaging_toast_missing_title(), description: m.messaging_toast_missing() });
            }
          }}
        >
          <input type="hidden" name="intent" value="widget" />
          <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
          {/* Without it (before this code runs) the server answers a plain post with a page: the conversation. */}
          {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
          <SelectField
            label={m.messaging_widget_coach()}
            name="coachId"
            // If exactly one coach exists it is preselected.
            defaultValue={coaches.length === 1 ? coaches[0]!.id : ""}
            placeholder={m.messaging_widget_select_coach()}
            options={coaches.map((c) => ({ value: c.id, label: personName(c) }))}
          />
          <Field label={m.messaging_widget_subject()} name="subject" maxLength={200} />
          <TextAreaField label={m.messaging_field_message()} name="message" rows={4} maxLength={4700} className="resize-y" />
          {import.meta.env.DEV ? (
            <p className="rounded-md bg-slate-100 px-3 py-2 font-mono text-xs text-slate-800">Debug: {coaches.length} coaches available</p>
          ) : null}
          <button
            type="submit"
            // Before this code runs the button always posts: the server checks the same rules.
            disabled={hydrated && (missing || sending)}
            className="rounded-md bg-court-700 px-4 py-2 text-sm font-semibold text-white hover:bg-court-800 disabled:cursor-not-allowed disabled:bg-slate-400"
          >
            {sending ? m.messaging_sending() : m.messaging_widget_send()}
          </button>
        </send.Form>
      )}
    </div>
  );
}

/** Opening moves the focus into the widget (the browser does not do that for a popover by itself). */
function useFocusOnOpen(panel: { current: HTMLDivElement | null }) {
  useEffect(() => {
    const el = panel.current;
    const onToggle = (e: Event) => {
      if ((e as ToggleEvent).newState === "open") el?.querySelector<HTMLElement>("select, input, textarea, a")?.focus();
    };
    el?.addEventListener("toggle", onToggle);
    if (takeTapBeforeWidget() && el && !el.matches(":popover-open")) el.showPopover();
    // Opened as plain HTML while this code was on its way: the toggle was missed, move the focus now.
    else if (el?.matches(":popover-open") && !el.contains(document.activeElement))
      el.querySelector<HTMLElement>("select, input, textarea, a")?.focus();
    return () => el?.removeEventListener("toggle", onToggle);
  }, [panel]);
}

/** Nobody to send to: say so, and how to reach the organisation meanwhile, instead of an empty list. */
function NoCoaches() {
  const site = useRootData()?.site;
  return (
    <div className="mt-3 flex flex-col gap-2 text-sm text-slate-800" data-testid="no-coaches">
      <p className="font-semibold">{m.messaging_widget_no_coaches()}</p>
      <p>
        {m.messaging_widget_reach_us()}
        {site ? (
          <>
            {" "}
            {m.messaging_widget_at()}{" "}
            <a href={telHref(site.phone)} className="font-semibold text-court-800 underline">
              {site.phone}
            </a>{" "}
            {m.messaging_widget_or()}{" "}
            <a href={`mailto:${site.email}`} className="font-semibold text-court-800 underline">
              {site.email}
            </a>
          </>
        ) : null}
        {m.messaging_widget_pass_on()}
      </p>
    </div>
  );
}
