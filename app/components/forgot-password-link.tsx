import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

/** "Forgot your password?" under the sign-in password field, in both dialogs and on /signin. */
export function ForgotPasswordLink() {
  return (
    <a href={localHref("/forgot-password")} className="self-end text-sm font-medium text-court-800 underline">
      {m.account_forgot_link()}
    </a>
  );
}
