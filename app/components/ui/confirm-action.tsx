// The one confirm-before-acting control (issue 39, decision 0049): a button whose action cannot be taken back asks
// once, naming the person and the date, and acts only when confirmed. With JavaScript: an accessible dialog (the
// native modal <dialog>, role alertdialog: it takes focus, the rest of the page is inert while it is open, Escape
// closes it, and focus goes back to the button; Radix's AlertDialog did the same for 13 KB more on every page that
// has such a button, decision 0023). Without it (or before
// the page's script runs): the button posts the form unconfirmed, the server changes nothing and answers which form
// it asks about (app/lib/confirm-action.ts), and this control shows the same question in place, focused, with the
// confirm button and a way back. The route's action asks askUnlessConfirmed first.
import { useId, useRef, type ReactNode } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { CONFIRM_FIELD, CONFIRMED, confirmKey } from "~/lib/confirm-action";
import { useHydrated } from "~/lib/use-hydrated";
import { m } from "~/paraglide/messages";
import { buttonClass, type ButtonVariant } from "./button";
import { QuestionStep } from "./question-step";

type Props = {
  /** The form's fields (hidden inputs): the same with and without JavaScript. */
  fields: Record<string, string>;
  /** The button's words ("Cancel this booking"). */
  label: string;
  /** The question, naming the person and the date ("Cancel Sofía Gómez's evaluation on Tuesday, December 1, 4:30 PM?"). */
  question: string;
  /** What then happens, in a sentence (optional). */
  detail?: string;
  /** The confirm button's words ("Yes, cancel it"). */
  confirmLabel: string;
  /** The server's answer to an unconfirmed post (`actionData.confirm`): this control shows its step when it names it. */
  asking?: string | null;
  variant?: ButtonVariant;
  busy?: boolean;
  /** The id of what the button acts on (its card's heading), read after the button's name. */
  describedBy?: string;
  className?: string;
};

function HiddenFields({ fields, confirmed }: { fields: Record<string, string>; confirmed: boolean }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {confirmed ? <input type="hidden" name={CONFIRM_FIELD} value={CONFIRMED} /> : null}
    </>
  );
}

/**
 * The question asked in place of a button whose action cannot be taken back (a post without JavaScript): the question,
 * what then happens, the form that confirms (`children`) and the way back to the page as it was. ConfirmAction shows
 * it, and so do the forms that ask a question of their own before acting (the season's session cancel).
 */
export function ConfirmStep({
  question,
  detail,
  className = "",
  children,
}: {
  question: string;
  detail?: string;
  className?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <QuestionStep question={question} className={`scroll-my-24 rounded-md border border-red-300 bg-red-50 p-4 text-slate-900 ${className}`}>
      {detail ? <p className="mt-1 text-sm text-slate-800">{detail}</p> : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {children}
        <Link to={`${location.pathname}${location.search}`} className="inline-flex min-h-11 items-center font-medium text-court-800 underline">
          {m.actions_keep()}
        </Link>
      </div>
    </QuestionStep>
  );
}

export function ConfirmAction(props: Props) {
  const hydrated = useHydrated();
  const { fields, label, question, detail, confirmLabel, variant = "secondary", busy = false, describedBy, className = "" } = props;
  if (props.asking && props.asking === confirmKey(Object.entries(fields))) {
    // The page's answer to the unconfirmed post: the question where the button was, focused so it is read first.
    return (
      <ConfirmStep question={question} detail={detail} className={className}>
        <Form method="post">
          <HiddenFields fields={fields} confirmed />
          <button type="submit" className={buttonClass("danger")} disabled={busy}>
            {confirmLabel}
          </button>
        </Form>
      </ConfirmStep>
    );
  }
  if (!hydrated)
    return (
      <form method="post" className={className}>
        <HiddenFields fields={fields} confirmed={false} />
        <button type="submit" className={buttonClass(variant)} aria-describedby={describedBy}>
          {label}
        </button>
      </form>
    );
  return <ConfirmDialog {...props} variant={variant} busy={busy} className={className} />;
}

function ConfirmDialog({ fields, label, question, detail, confirmLabel, variant, busy, describedBy, className }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const submit = useSubmit();
  const id = useId();
  return (
    <div className={className}>
      <button
        type="button"
        className={buttonClass(variant)}
        disabled={busy}
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        {label}
      </button>
      {/* Keep comes first, so showModal() focuses it (the safe choice), as Radix's AlertDialog did. */}
      <dialog
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-q`}
        aria-describedby={detail ? `${id}-d` : undefined}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-6 text-left shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id={`${id}-q`} className="text-lg font-bold text-slate-900">
          {question}
        </h2>
        {detail ? (
          <p id={`${id}-d`} className="mt-2 text-sm text-slate-700">
            {detail}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonClass("secondary")} onClick={() => dialog.current?.close()}>
            {m.actions_keep()}
          </button>
          <button
            type="button"
            className={buttonClass("danger")}
            disabled={busy}
            onClick={() => {
              void submit({ ...fields, [CONFIRM_FIELD]: CONFIRMED }, { method: "post" });
              dialog.current?.close();
            }}
          >
            {confirmLabel}
          </button>
        </div>
      </dialog>
    </div>
  );
}
