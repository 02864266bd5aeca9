import { Check, Copy } from "lucide-react";
import { copy } from "~/lib/page-behaviours-contract";
import { m } from "~/paraglide/messages";

/**
 * Shows a value; clicking copies it to the clipboard and confirms it visibly (and to screen readers). The copying
 * is app/lib/page-behaviours.js (`copy`): it marks the box data-copied or data-copy-failed and the styles show
 * the matching words, which React renders once, so a click before the page's React has started changes no text.
 */
export function CopyButton({ label, value }: { label: string; value: string }) {
  return (
    <div {...copy.box()} className="group">
      <button
        type="button"
        {...copy.button(value)}
        className="flex w-full items-center justify-between gap-3 rounded-md border border-slate-300 bg-white px-4 py-3 text-left hover:border-court-700 hover:bg-court-50"
      >
        <span>
          <span className="sr-only">{m.public_copy()} </span>
          <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</span>
          <span className="block break-all font-semibold text-navy-900">{value}</span>
        </span>
        <Check aria-hidden className="hidden size-5 text-court-700 group-data-copied:block" />
        <Copy aria-hidden className="size-5 text-slate-600 group-data-copied:hidden" />
      </button>
      <p aria-live="polite" className="mt-1 min-h-5 text-sm font-medium">
        <span className="hidden text-court-800 group-data-copied:inline">{m.public_copied({ label })}</span>
        <span className="hidden text-red-700 group-data-copy-failed:inline">{m.public_copy_failed()}</span>
      </p>
    </div>
  );
}
