// Sonner and its toaster, loaded with the first toast a page shows (app/components/toaster.tsx): most page views
// show none, and it is about 10 KB gzip of every signed-in page's JavaScript otherwise.
import { useEffect } from "react";
import { Toaster as Sonner, toast as show } from "sonner";
import type { Toast } from "~/lib/toast";

function present(t: Toast) {
  const fn = t.type === "error" ? show.error : t.type === "info" ? show.info : show.success;
  fn(t.title, t.description ? { description: t.description } : undefined);
}

export default function SonnerHost({ onReady }: { onReady: (present: (t: Toast) => void) => void }) {
  // Runs after Sonner's own effect has subscribed, so its live region is on the page before the first toast.
  useEffect(() => onReady(present), [onReady]);
  return (
    <Sonner
      position="top-center"
      closeButton
      toastOptions={{
        classNames: {
          toast: "!border !border-slate-300 !bg-white !text-slate-900 !shadow-lg",
          description: "!text-slate-700",
          error: "!border-red-300 !bg-red-50 !text-red-900",
          success: "!border-court-200",
        },
      }}
    />
  );
}
