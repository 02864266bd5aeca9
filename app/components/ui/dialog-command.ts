import type { ButtonHTMLAttributes } from "react";

/**
 * The attributes of a button that opens or closes a native <dialog> by itself (HTML invoker commands), so it works on
 * pages without React; app/lib/page-behaviours.js supplies them where a browser lacks them. React's types do not
 * know these attributes yet, hence the cast, here only.
 */
export function dialogCommand(dialogId: string, command: "show-modal" | "close"): ButtonHTMLAttributes<HTMLButtonElement> {
  return { commandfor: dialogId, command } as ButtonHTMLAttributes<HTMLButtonElement>;
}
