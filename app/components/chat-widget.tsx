// The floating 'Message Your Coach' widget: clients pick a coach and send a subject and message, which starts
// or continues their conversation with that coach. Visitors get the sign-in dialog instead; coaches do not see it.
// The launcher opens the widget with the native popover attribute (`popovertarget`), so a tap works before the
// page's scripts have run; the widget's form posts by itself too (see chat-widget-client.tsx). So the widget's own
// code waits until the person reaches for it (pointer, focus or tap on a launcher, or the popover opening), not on
// every page they read.
import { MessageCircle } from "lucide-react";
import { Suspense, useEffect } from "react";
import { useFetchers, useLocation, useNavigation, useRevalidator } from "react-router";
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
  void ClientWidget.preload();
}
/** Whether a tap on a launcher came before the widget was on the page (and forget it). */
export function takeTapBeforeWidget() {
  const tapped = openWhenReady;
  openWhenReady = false;
  return tapped;
}

const ClientWidget = lazyComponent(() => import("~/components/chat-widget-client").then((m) => m.default), { until: "preload" });

/** What a launcher of the widget spreads on its button: its code starts loading as the person reaches for it. */
export const widgetLauncherProps = {
  popoverTarget: CHAT_WIDGET_ID,
  "aria-haspopup": "dialog",
  onPointerEnter: () => void ClientWidget.preload(),
  onPointerDown: () => void ClientWidget.preload(),
  onFocus: () => void ClientWidget.preload(),
  onClick: rememberTapBeforeWidget,
} as const;

/**
 * The launcher never covers the page (issue 39): it stands in the page's flow, after the content and before the footer
 * (the footer's `order-2`), and floats at the corner only on screens wide enough to keep a margin beside the content
 * (1800 px: the content is at most 1280 px wide, centred), where the footer keeps room below its last line (app.css).
 */
export const launcherClass =
  "chat-launcher order-1 z-40 mx-auto mt-12 inline-flex w-fit items-center gap-2 rounded-full bg-court-700 px-5 py-3 font-semibold text-white shadow-lg hover:bg-court-800 min-[1800px]:fixed min-[1800px]:right-4 min-[1800px]:bottom-4 min-[1800px]:mt-0";

/**
 * The widget opened, or touched, while its code was not there (a tap before React started, or on a launcher React
 * does not own): its code loads then. Opened already when React starts: at once.
 */
function useLoadWhenOpened(active: boolean) {
  useEffect(() => {
    const el = active ? document.getElementById(CHAT_WIDGET_ID) : null;
    if (!el) return;
    const load = () => void ClientWidget.preload();
    if (el.matches(":popover-open")) load();
    el.addEventListener("toggle", load);
    el.addEventListener("focusin", load);
    return () => {
      el.removeEventListener("toggle", load);
      el.removeEventListener("focusin", load);
    };
  }, [active]);
}

export function ChatWidget({ user, coaches, blocked }: { user: { role: Role } | null; coaches: WidgetCoach[]; blocked: string | null }) {
  const signIn = useSignInButtonProps();
  const pathname = pathWithoutLocale(useLocation().pathname);
  // Coaches do not message coaches; in a conversation the widget would cover the composer. On /messages the
  // widget is there without its launcher: the empty list's "Send Message" opens it.
  const shown = user?.role === "client" && !pathname.startsWith("/messages/");
  useLoadWhenOpened(shown);
  // A navigation or a form's revalidation reaches the widget's boundary too (the router's state is a context), and
  // React holds that transition until the boundary can hydrate: its code is asked for as soon as the router is busy,
  // so nothing waits on a person's tap. Only the first page someone opens, as long as they only read it, goes without.
  const navigating = useNavigation().state !== "idle";
  const revalidating = useRevalidator().state !== "idle";
  const fetching = useFetchers().some((f) => f.state !== "idle");
  if (shown && (navigating || revalidating || fetching)) void ClientWidget.preload();
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
        <button type="button" className={launcherClass} {...widgetLauncherProps}>
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
