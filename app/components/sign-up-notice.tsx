// The sign-in page's note after sign-up (issue 39): where the confirmation mail went, and what to do when it does
// not come. A status region, so a screen reader hears it when the page opens. Not named by its heading ("Check your
// email"): the sign-in form's Email field must stay the only thing on the page labelled like it.
import { m } from "~/paraglide/messages";

export function SignUpNotice({ email, phone }: { email: string; phone: string }) {
  return (
    <section role="status" className="mb-6 rounded-md border border-court-300 bg-court-50 px-4 py-3 text-slate-900">
      <h2 className="font-semibold">{m.account_signup_sent_title()}</h2>
      <p className="mt-1 break-words">{m.account_signup_sent({ email })}</p>
      <p className="mt-2 text-sm text-slate-800">{m.account_signup_sent_missing({ phone })}</p>
    </section>
  );
}
