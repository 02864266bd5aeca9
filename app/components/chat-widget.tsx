// The floating 'Message Your Coach' widget: clients pick a coach and send a subject and message, which starts
// or continues their conversation with that coach. Visitors get the sign-in dialog instead; coaches do not see it.
import { MessageCircle } from "lucide-react";
import { Suspense } from "react";
import { useLocation } from "react-router";
import { useSignInButtonProps } from "~/components/auth-dialog";
import { lazyComponent } from "~/lib/lazy-component";
import type { Role } from "~/lib/profile";

const ClientWidget = lazyComponent(() => import("~/components/chat-widget-client").then((m) => m.default));

export const launcherClass =
  "chat-launcher fixed bottom-4 right-4 z-40 inline-flex items-center gap-2 rounded-full bg-court-700 px-5 py-3 font-semibold text-white shadow-lg hover:bg-court-800";

export function ChatWidget({ user }: { user: { role: Role } | null }) {
  const signIn = useSignInButtonProps();
  const { pathname } = useLocation();
  // Coaches do not message coaches; on the messages pages the launcher would cover the composer.
  if (user?.role === "coach" || pathname === "/messages" || pathname.startsWith("/messages/")) return null;
  if (!user) {
    return (
      <button type="button" className={launcherClass} {...signIn}>
        <MessageCircle aria-hidden className="size-5" /> Message Your Coach
      </button>
    );
  }
  return (
    <Suspense
      fallback={
        <button type="button" className={launcherClass} aria-disabled="true">
          <MessageCircle aria-hidden className="size-5" /> Message Your Coach
        </button>
      }
    >
      <ClientWidget />
    </Suspense>
  );
}
