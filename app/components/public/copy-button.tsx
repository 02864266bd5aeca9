import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { showToast } from "~/components/toaster";
import { DONATE_TEXT } from "~/content/donate";

/** Shows a value; clicking copies it to the clipboard and confirms it visibly (and to screen readers). */
export function CopyButton({ label, value }: { label: string; value: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state !== "copied") return;
    const t = window.setTimeout(() => setState("idle"), 4000);
    return () => window.clearTimeout(t);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
      showToast({ type: "success", title: DONATE_TEXT.copied, description: `${label}: ${value}` });
    } catch {
      setState("failed");
    }
  };
  return (
    <div>
      <button
        type="button"
        onClick={copy}
        className="flex w-full items-center justify-between gap-3 rounded-md border border-slate-300 bg-white px-4 py-3 text-left hover:border-court-700 hover:bg-court-50"
      >
        <span>
          <span className="sr-only">Copy </span>
          <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</span>
          <span className="block break-all font-semibold text-navy-900">{value}</span>
        </span>
        {state === "copied" ? <Check aria-hidden className="size-5 text-court-700" /> : <Copy aria-hidden className="size-5 text-slate-600" />}
      </button>
      <p aria-live="polite" className="mt-1 min-h-5 text-sm font-medium text-court-800">
        {state === "copied" ? `${label} ${DONATE_TEXT.copied.toLowerCase()}` : state === "failed" ? DONATE_TEXT.copyFailed : ""}
      </p>
    </div>
  );
}
