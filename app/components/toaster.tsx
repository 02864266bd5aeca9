import { X } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { notice } from "~/lib/page-behaviours-contract";
import type { Toast } from "~/lib/toast";

// Sonner loads with the first toast (app/components/sonner-host.tsx); toasts asked for meanwhile wait here.
const SonnerHost = lazy(() => import("~/components/sonner-host"));
let present: ((t: Toast) => void) | null = null;
const waiting: Toast[] = [];
let wake: (() => void) | null = null;

export function showToast(t: Toast) {
  if (present) return present(t);
  waiting.push(t);
  wake?.();
}

const onReady = (fn: (t: Toast) => void) => {
  present = fn;
  for (const t of waiting.splice(0)) fn(t);
};

/** Shows a failed action's error as an error toast with the given title, once per result. */
export function useErrorToast(result: { ok: boolean; formError?: string | undefined } | undefined, title: string) {
  useEffect(() => {
    if (result && !result.ok && result.formError) showToast({ type: "error", title, description: result.formError });
  }, [result, title]);
}

/** Shows the toast the server left in the toast cookie (after a redirect), once; and every toast after it. */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    wake = () => setNeeded(true);
    if (waiting.length) setNeeded(true);
    return () => {
      wake = null;
    };
  }, []);
  useEffect(() => {
    // A toast the page writes in place (`inPage`) is not shown twice.
    if (toast && !toast.inPage) showToast(toast);
  }, [toast]);
  return needed ? (
    <Suspense fallback={null}>
      <SonnerHost onReady={onReady} />
    </Suspense>
  ) : null;
}

/** The same toast on a page that runs no React; app/lib/page-behaviours.js closes it (`notice`). */
export function DocumentToast({ toast }: { toast: Toast }) {
  if (toast.inPage) return null;
  const tone = toast.type === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-court-200 bg-white text-slate-900";
  return (
    <section
      aria-label="Notifications"
      {...notice.box()}
      className={`fixed inset-x-0 top-4 z-50 mx-auto w-[min(24rem,calc(100vw-2rem))] rounded-lg border p-4 pr-10 shadow-lg ${tone}`}
    >
      <div role="status">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="text-sm text-slate-700">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        {...notice.dismiss()}
        aria-label="Close"
        className="absolute right-2 top-2 rounded-md p-1 text-slate-600 hover:bg-slate-100"
      >
        <X aria-hidden className="size-4" />
      </button>
    </section>
  );
}
