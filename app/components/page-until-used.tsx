import { Suspense, useEffect, useMemo, useRef, useState, type ComponentType } from "react";
import { useFetchers, useNavigate, useNavigation, useRevalidator } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

/** A page's body from lazyComponent(..., { until: "preload" }) (app/lib/lazy-component.ts). */
type LazyPage<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A page whose code loads when someone uses it, not with it (docs/decisions/0081): FormUntilSubmit (0036) for a
 * whole page. The server renders the page's body in place; in the browser React leaves that HTML dehydrated (a
 * Suspense boundary whose lazy body waits for `preload()`), so a person reading the page downloads none of its code.
 * The first pointer, key or focus in it loads the code, and React then hydrates the HTML where it stands (what was
 * typed stays typed). What comes before the code is kept and done once it has arrived: a submit is held and sent by
 * the live form (with its submitter), a click on a button is clicked again, and a link is followed by the router.
 * The router's own work (a navigation, a revalidation, a fetcher) reaches the boundary too, and React holds that
 * transition until the boundary hydrates: the code is asked for as soon as the router is busy (as the chat widget's).
 * Mounted in a page React already runs (a client-side navigation), the body renders at once: the route's
 * clientLoader loads its code beside the data (loadBesideData).
 */
export function PageUntilUsed<L, A = undefined>({
  page: Page,
  loaderData,
  actionData,
}: {
  page: LazyPage<{ loaderData: L; actionData?: A }>;
  loaderData: L;
  actionData?: A;
}) {
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const [ready] = useState(() => ({ done: false, waiting: [] as Array<() => void> }));
  const [onLive] = useState(() => () => {
    ready.done = true;
    // After the renders hydration starts (useHydrated's): what was held acts on the page as React now draws it.
    setTimeout(() => {
      for (const then of ready.waiting.splice(0)) then();
    }, 0);
  });
  // The boundary gets the same element until the page's data changes: any other render reaching it before it
  // hydrates (one not in a transition, as useHydrated's after hydration) would make React drop the server's HTML.
  const body = useMemo(
    () => (
      <Suspense fallback={null}>
        <Page loaderData={loaderData} actionData={actionData} />
        <Live onLive={onLive} />
      </Suspense>
    ),
    [Page, loaderData, actionData, onLive],
  );

  useEffect(() => {
    const el = box.current;
    if (!el || ready.done) return;
    const load = () => Page.preload();
    const inside = (e: Event) => e.target instanceof Node && el.contains(e.target);
    /** Runs `then` once React has hydrated the body; `failed` if its code cannot arrive. */
    const whenLive = (then: () => void, failed: () => void = () => {}) => {
      load().then(() => (ready.done ? then() : ready.waiting.push(then)), failed);
    };
    const reach = (e: Event) => {
      if (!ready.done && inside(e)) void load().catch(() => {});
    };
    const holdClick = (e: MouseEvent) => {
      if (ready.done || !inside(e) || e.defaultPrevented) return;
      void load().catch(() => {});
      const target = e.target as Element;
      const link = target.closest("a[href]");
      if (link instanceof HTMLAnchorElement) {
        const url = new URL(link.href);
        const sameDocument = url.pathname === location.pathname && url.search === location.search && url.hash !== "";
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        if (url.origin !== location.origin || link.target || link.hasAttribute("download") || sameDocument) return;
        e.preventDefault();
        void navigate(url.pathname + url.search + url.hash);
        return;
      }
      // A button of the page's own behaviour (not one that submits: its submit is held below) does nothing until React
      // owns it: it is clicked again once React does.
      const button = target.closest("button");
      if (button && button.type === "button" && !button.disabled) {
        e.preventDefault();
        whenLive(() => button.isConnected && press(button));
      }
    };
    let holding = false;
    const holdSubmit = (e: SubmitEvent) => {
      if (ready.done || !inside(e)) return;
      const form = e.target as HTMLFormElement;
      e.preventDefault();
      // A second press while the code is on its way is the same submit, not another.
      if (holding) return;
      holding = true;
      const submitter = e.submitter instanceof HTMLElement && form.contains(e.submitter) ? e.submitter : null;
      whenLive(
        () => {
          holding = false;
          if (form.isConnected) form.requestSubmit(submitter as HTMLButtonElement | null);
          // The live page drew the control anew (a confirm button becomes its dialog's opener): the same button there.
          else if (submitter) {
            const same = sameButton(el, submitter);
            if (same) press(same);
          }
        },
        // No code (offline, a failed deploy): the plain form still works, with its button's name and value.
        () => {
          if (submitter instanceof HTMLButtonElement && submitter.name) {
            const field = Object.assign(document.createElement("input"), { type: "hidden", name: submitter.name, value: submitter.value });
            form.append(field);
          }
          HTMLFormElement.prototype.submit.call(form);
        },
      );
    };
    // On the document, capturing: React stops a click or a key inside a boundary it has not hydrated at its root.
    document.addEventListener("pointerdown", reach, true);
    document.addEventListener("keydown", reach, true);
    document.addEventListener("click", holdClick, true);
    el.addEventListener("focusin", reach);
    el.addEventListener("submit", holdSubmit, true);
    return () => {
      document.removeEventListener("pointerdown", reach, true);
      document.removeEventListener("keydown", reach, true);
      document.removeEventListener("click", holdClick, true);
      el.removeEventListener("focusin", reach);
      el.removeEventListener("submit", holdSubmit, true);
    };
  }, [Page, navigate, ready]);

  return (
    <div ref={box} className="contents">
      <LoadWhenBusy page={Page} />
      {body}
    </div>
  );
}

/**
 * Asks for the page's code when the router is busy (its state is a context that reaches the boundary) or when the
 * page is mounted in a page React already runs. Its own component: its renders never reach the boundary.
 */
function LoadWhenBusy({ page }: { page: { preload: () => Promise<unknown> } }) {
  const hydrated = useHydrated();
  // Decided once: false while hydrating the server's HTML, true when mounted in a page React already runs.
  const [liveFromStart] = useState(hydrated);
  const navigating = useNavigation().state !== "idle";
  const revalidating = useRevalidator().state !== "idle";
  const fetching = useFetchers().some((f) => f.state !== "idle");
  if (typeof document !== "undefined" && (liveFromStart || navigating || revalidating || fetching)) void page.preload().catch(() => {});
  return null;
}

/**
 * Presses a held button as the person's press would have: focused first, so a dialog it opens gives the focus back to
 * it when it closes (a click by script alone leaves the focus where it was: on the page, or on a control drawn anew).
 */
function press(button: HTMLElement) {
  button.focus();
  button.click();
}

/** The button in `box` with the words and description of `button` (one the page drew anew). */
function sameButton(box: HTMLElement, button: HTMLElement) {
  const described = button.getAttribute("aria-describedby");
  return [...box.querySelectorAll("button")].find(
    (b) => b.textContent === button.textContent && b.getAttribute("aria-describedby") === described && !b.disabled,
  );
}

/** Renders nothing; its effect runs when React has hydrated (or rendered) the boundary it stands in. */
function Live({ onLive }: { onLive: () => void }) {
  useEffect(onLive, [onLive]);
  return null;
}

/**
 * For a route's clientLoader: on a client-side navigation the page's code loads beside its data, not after it (the
 * body would otherwise show nothing while its code arrives). Should the code fail, the page still gets its data.
 */
export async function loadBesideData<T>(data: Promise<T>, page: { preload: () => Promise<unknown> }): Promise<T> {
  const [loaded] = await Promise.all([data, page.preload().catch(() => {})]);
  return loaded;
}
