import { useId, type ReactNode } from "react";

const focusOnce = (el: HTMLElement | null) => {
  if (el && document.activeElement !== el) el.focus();
};

/**
 * The question a page asks in place of what it asks about, when the server answered a post with it (a form without
 * JavaScript, or a step that always asks: ConfirmAction, the kept visitor requests): a group the question names,
 * focused when it appears so it is read first (autoFocus: the document answering a plain post opens at it). `children`:
 * what then happens, and the form that answers.
 */
export function QuestionStep({ question, className, children }: { question: string; className: string; children: ReactNode }) {
  const questionId = useId();
  return (
    <div role="group" aria-labelledby={questionId} tabIndex={-1} autoFocus ref={focusOnce} className={className} data-confirm-step>
      <p id={questionId} className="font-semibold text-slate-900">
        {question}
      </p>
      {children}
    </div>
  );
}
