// Which form of /account was sent, and the language choice: read by its action only. In a .server module because a
// schema made at the top of a route module stays in the page's JavaScript (the bundler cannot tell zod's calls have no
// effects) and brought all of zod with it: 24 KB gzip on /account (decision 0023's budget).
import { z } from "zod";
import { LOCALES } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

// The family's forms post to /account/family, the notification choices to /account/notifications.
export const AccountIntentSchema = z.enum(["profile", "password", "email", "language", "end-session", "end-others", "delete", "resend-verification"]);

export const LanguageSchema = z.object({ locale: z.enum(LOCALES, { error: () => m.account_error_unknown_action() }) });
