import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { getLocale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

/** Starts Google sign-in (a form post, so it works before the page's scripts have loaded). */
export function GoogleButton({ className = "" }: { className?: string }) {
  return (
    <Form method="post" action="/auth/google" className={className} reloadDocument>
      {/* The page's language, so the person comes back to it (an account that never chose one has none). */}
      <input type="hidden" name="lang" value={getLocale()} />
      <button type="submit" className={buttonClass("secondary", "w-full")}>
        <svg aria-hidden viewBox="0 0 24 24" className="size-4">
          <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8.1Z" />
          <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23Z" />
          <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.7-2.8Z" />
          <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4Z" />
        </svg>
        {m.account_google_continue()}
      </button>
    </Form>
  );
}
