import { Suspense, useEffect, useRef, useState, type ComponentType, type FormEvent, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/** A component from lazyComponent (app/lib/lazy-component.ts). */
type LazyForm<P> = ComponentType<P> & { preload: () => Promise<unknown> };

// One object, so React never rewrites the box: it sets innerHTML only when this prop changes.
const SERVER_HTML = { __html: "" };

/**
 * A form whose code loads when someone uses it, not with the page (docs/decisions/0023): most visits never send
 * it. The server renders `form` in place. In the browser that HTML stays as it is, a plain form that works without
 * code, and React keeps out of it (an element with `dangerouslySetInnerHTML` is not hydrated inside). The first
 * pointer or focus in it starts loading the code; a submit swaps in the live form with what was typed and chosen,
 * and submits it there, so the person sees the live form's messages (the focus stays on the same field, or the
 * submit button). Should the code not arrive, the form posts as it is. Mounted later (after a client-side
 * navigation) it renders the live form at once.
 *
 * The live form's fields must be uncontrolled (defaultValue, defaultChecked): their values are carried over by name.
 */
export function FormUntilSubmit<P extends object>({
  form: Form,
  props,
  className,
  fallback,
}: {
  form: LazyForm<P>;
  props: P;
  className?: string;
  /** Shown while the code loads after a client-side navigation. */
  fallback: ReactNode;
}) {
  const hydrated = useHydrated();
  // Decided once: false while hydrating the server's HTML, true when mounted in a page React already runs.
  const [liveFromStart] = useState(hydrated);
  // What a submit carried over from the server's form; from then on the live form is shown.
  const [carried, setCarried] = useState<Carried | null>(null);
  const live = liveFromStart || carried !== null;
  const box = useRef<HTMLDivElement>(null);
  const swapping = useRef(false);

  useEffect(() => {
    if (!carried || !box.current) return;
    const form = box.current.querySelector("form");
    if (!form) return;
    restore(form, carried);
    form.requestSubmit();
    // After the submit: its handler may move the focus itself (to a message, or a success heading).
    if (document.activeElement === document.body || !document.activeElement) refocus(form, carried);
  }, [carried]);

  if (import.meta.env.SSR) {
    return (
      <div className={className}>
        <Form {...props} />
      </div>
    );
  }
  if (live) {
    return (
      <div ref={box} className={className}>
        <Suspense fallback={fallback}>
          <Form {...props} />
        </Suspense>
      </div>
    );
  }
  const load = () => void Form.preload().catch(() => {});
  const onSubmit = (e: FormEvent<HTMLDivElement>) => {
    const form = e.target as HTMLFormElement;
    e.preventDefault();
    // A second press while the code is on its way is the same submit, not another.
    if (swapping.current) return;
    swapping.current = true;
    const values = capture(form);
    Form.preload().then(
      () => setCarried(values),
      // No code (offline, a failed deploy): the plain form still works.
      () => HTMLFormElement.prototype.submit.call(form),
    );
  };
  return (
    <div
      ref={box}
      className={className}
      dangerouslySetInnerHTML={SERVER_HTML}
      suppressHydrationWarning
      onPointerDownCapture={load}
      onFocusCapture={load}
      onSubmitCapture={onSubmit}
    />
  );
}

/** What the person typed and chose, and where the focus was: a field's name, or "submit" for the submit button. */
type Carried = { values: [string, string][]; focus: string | null };

function capture(form: HTMLFormElement): Carried {
  const values: [string, string][] = [];
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values.push([name, value]);
  const active = document.activeElement;
  const focus = !active || !form.contains(active) ? null : active.getAttribute("type") === "submit" ? "submit" : active.getAttribute("name");
  return { values, focus };
}

function refocus(form: HTMLFormElement, { focus }: Carried) {
  if (!focus) return;
  const named = `[name="${CSS.escape(focus)}"]`;
  // The checked radio of a group, else the field itself (a selector list would give the first in the document).
  const target =
    focus === "submit"
      ? form.querySelector<HTMLElement>("[type=submit]")
      : (form.querySelector<HTMLElement>(`${named}:checked`) ?? form.querySelector<HTMLElement>(named));
  target?.focus();
}

/** Puts what was typed and chosen into the live form's fields of the same names. */
function restore(form: HTMLFormElement, { values }: Carried) {
  for (const [name, value] of values) {
    const field = form.elements.namedItem(name);
    if (field instanceof RadioNodeList) {
      for (const node of field) if (node instanceof HTMLInputElement && node.value === value) node.checked = true;
    } else if (field instanceof HTMLInputElement) {
      if (field.type === "checkbox" || field.type === "radio") field.checked = field.value === value;
      else if (field.type !== "hidden") field.value = value;
    } else if (field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) {
      field.value = value;
    }
  }
}
