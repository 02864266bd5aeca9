import type { ComponentPropsWithRef } from "react";

// The site's form controls, drawn one way (issue 38, docs/decisions/0078): every text box, choice, text area, checkbox
// and radio button on a page is one of these (lint: eslint-rules/field-kit.js refuses a hand-styled one elsewhere).
// A labelled field with its error tied to it is ./field.tsx; these are the bare controls, for a page that puts the
// label (or a legend) itself. A page's `className` adds layout only (width, margin, flex); the look is here:
// a slate-500 border (3:1 against white, WCAG 1.4.11), slate-900 text, a red border while `aria-invalid`, and the
// site's focus-visible outline (app/app.css) on every control.

const box = "rounded-md border border-slate-500 bg-white text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-700";
/** The room inside a box: `icon` leaves room on the left for a search glass the page draws over it; `compact` is a small one beside a message. */
const SPACING = { normal: "px-3 py-2 text-base", icon: "py-2 pl-9 pr-3 text-base", compact: "px-2 py-1 text-sm" } as const;
type Spacing = { spacing?: keyof typeof SPACING };
const mark = "size-5 shrink-0 accent-court-700";

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" ");

/** A text box (any text-like `type`: text, email, search, date, number...). */
export function Input({ className, spacing = "normal", ...input }: ComponentPropsWithRef<"input"> & Spacing) {
  return <input className={join(box, SPACING[spacing], className)} {...input} />;
}

/** A choice from a list; its `<option>`s are the children. */
export function Select({ className, spacing = "normal", ...select }: ComponentPropsWithRef<"select"> & Spacing) {
  return <select className={join(box, SPACING[spacing], className)} {...select} />;
}

/** Several lines of text (a page adds `resize-none` or `resize-y` to its className when it cares). */
export function TextArea({ className, spacing = "normal", ...area }: ComponentPropsWithRef<"textarea"> & Spacing) {
  return <textarea className={join(box, SPACING[spacing], className)} {...area} />;
}

type MarkProps = Omit<ComponentPropsWithRef<"input">, "type">;

/** A checkbox; its label is the page's (usually a `<label>` around it and its words). */
export function Checkbox({ className, ...input }: MarkProps) {
  return <input type="checkbox" className={join(mark, className)} {...input} />;
}

/** One radio button of a group; the group's legend and each button's label are the page's. */
export function Radio({ className, ...input }: MarkProps) {
  return <input type="radio" className={join(mark, className)} {...input} />;
}
