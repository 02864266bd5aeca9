// The floating 'Message Your Coach' widget: clients pick a coach and send a subject and message, which starts
// or continues their conversation with that coach. Visitors get the sign-in dialog instead; coaches do not see it.
// The launcher opens the widget with the native popover attribute (`popovertarget`), so a tap works before the
// page's scripts have run; the widget's form posts by itself too (see chat-widget-client.tsx).
import { MessageCircle } from "lucide-react";
import { Suspense } from "react";
import { useLocation } from "react-router";
import { useSignInButtonProps } from "~/components/auth-dialog";
import { lazyComponent } from "~/lib/lazy-component";
import type { Role } from "~/lib/profile";
import { pathWithoutLocale } from "~/i18n/language";
import { m } from "~/paraglide/messages";

/** The widget's element: buttons elsewhere open it with `popoverTarget={CHAT_WIDGET_ID}`. */
export const CHAT_WIDGET_ID = "message-your-coach";
export type WidgetCoach = { id: string; fullName: string | null; email: string };

// After signing in without a page load (the dialog), the widget's code is still on its way when the launcher
// appears: a tap then finds no popover to open. It is remembered, and the widget opens itself when it arrives.
let openWhenReady = false;
function rememberTapBeforeWidget() {
  if (!document.getElementById(CHAT_WIDGET_ID)) openWhenReady = true;
}
/** Whether a tap on a launcher came before the widget was on the page (and forget it). */
export function takeTapBeforeWidget() {
  const tapped = openWhenReady;
  openWhenReady = false;
  return tapped;
}

const ClientWidget = lazyComponent(() => import("~/components/chat-widget-client").then((m) => m.default));

export const launcherClass =
  "chat-launcher fixed bottom-4 right-4 z-40 inline-flex items-center gap-2 rounded-full bg-court-700 px-5 py-3 font-semibold text-white shadow-lg hover:bg-court-800";

export function ChatWidget({ user, coaches, blocked }: { user: { role: Role } | null; coaches: WidgetCoach[]; blocked: string | null }) {
  const signIn = useSignInButtonProps();
  const pathname = pathWithoutLocale(useLocation().pathname);
  // Coaches do not message coaches; in a conversation the widget would cover the composer. On /messages the
  // widget is there without its launcher: the empty list's "Send Message" opens it.
  if (user?.role === "coach" || pathname.startsWith("/messages/")) return null;
  const launcher = pathname !== "/messages";
  if (!user) {
    return launcher ? (
      <button type="button" className={launcherClass} {...signIn}>
        <MessageCircle aria-hidden className="size-5" /> {m.messaging_widget_title()}
      </button>
    ) : null;
  }
  return (
    <>
      {launcher ? (
        <button type="button" popoverTarget={CHAT_WIDGET_ID} aria-haspopup="dialog" className={launcherClass} onClick={rememberTapBeforeWidget}>
          <MessageCircle aria-hidden className="size-5" /> {m.messaging_widget_title()}
        </button>
      ) : null}
      {/* The server renders the widget in place; in the browser its code arrives with the page's, and until React
          has it the popover and its form work as plain HTML. */}
      <Suspense fallback={null}>
        <ClientWidget coaches={coaches} blocked={blocked} />
      </Suspense>
    </>
  );
}
