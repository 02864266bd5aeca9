// What a coach whose address is unconfirmed does not get (issue 39): booking and cancellation mails go only to
// confirmed addresses (app/booking/mails.server.ts, decision 0024), so /appointments says so where the coach looks,
// with the way to confirm. The form is the site's resend (/account's "resend-verification"), back to this page; it
// works without JavaScript. The fact comes from the root loader's signed-in person, read on the server.
import { useLocation } from "react-router";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { useRootData } from "~/root";

export function HeldMailNotice() {
  const user = useRootData()?.user;
  const location = useLocation();
  if (!user || user.emailVerified !== false) return null;
  return (
    <section aria-labelledby="held-mail-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-slate-900">
      <h2 id="held-mail-heading" className="text-lg font-semibold">
        {m.mail_held_notice_heading()}
      </h2>
      <p className="mt-2">{m.mail_held_notice_text({ email: user.email })}</p>
      <form method="post" action={localHref("/account")} className="mt-3">
        <input type="hidden" name="intent" value="resend-verification" />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <button type="submit" className="min-h-11 font-semibold text-court-800 underline">
          {m.mail_held_notice_resend()}
        </button>
      </form>
    </section>
  );
}
