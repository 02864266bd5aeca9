import type { ReactNode } from "react";

/** Focuses the element when it appears; focus brings it on screen (the browser scrolls as little as it can). */
const focusOnce = (el: HTMLElement | null) => {
  if (el && document.activeElement !== el) el.focus();
};

/**
 * What a sent form says when it worked, placed beside that form: announced to screen readers (a status) and focused,
 * so the browser brings it on screen where the person is looking. Without it a phone was left at the footer: the
 * answer (or a shorter page) had moved the form, and families sent again. `autoFocus` is the HTML attribute too, so
 * the document answering a plain form post (no JavaScript, or a visitor's page without React) opens at it. Give it
 * a `key` that changes with each answer, so a second save focuses it again.
 */
export function Confirmation({ children, panel = false, className = "" }: { children: ReactNode; panel?: boolean; className?: string }) {
  return (
    <div
      role="status"
      tabIndex={-1}
      // Focus, not a field's: it is the answer to what the person just did. The attribute serves a document (React
      // renders it but focuses only form controls on its own); the ref focuses it when React shows it.
      autoFocus
      ref={focusOnce}
      className={`scroll-my-24 border bg-court-50 text-slate-900 ${panel ? "rounded-xl border-court-200 p-6" : "rounded-md border-court-300 px-3 py-2"} ${className}`}
    >
      {children}
    </div>
  );
}
