import { useEffect } from "react";
import { Toaster as Sonner, toast as show } from "sonner";
import type { Toast } from "~/lib/toast";

export function showToast(t: Toast) {
  const fn = t.type === "error" ? show.error : t.type === "info" ? show.info : show.success;
  fn(t.title, t.description ? { description: t.description } : undefined);
}

/** Shows a failed action's error as an error toast with the given title, once per result. */
export function useErrorToast(result: { ok: boolean; error?: string | undefined } | undefined, title: string) {
  useEffect(() => {
    if (result && !result.ok && result.error) showToast({ type: "error", title, description: result.error });
  }, [result, title]);
}

/** Shows the toast the server left in the toast cookie (after a redirect), once. */
export function Toaster({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
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
