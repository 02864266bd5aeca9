// Whether an email address may be shown to a person (issue 39). The site keeps addresses of its own that no one reads:
// an athlete a guardian added without a login has `athlete-<id>@no-login.invalid`, a deleted account
// `deleted-<id>@deleted.invalid`. Every such address is under the reserved top-level domain .invalid (RFC 2606), so
// that is the one rule: an address under .invalid is never shown, the person's name is. Pure: pages, loaders and
// mails all ask these functions.

/** The reserved domain of the placeholder address of an athlete without a login. */
export const NO_LOGIN_DOMAIN = "no-login.invalid";

/** True when `email` is an address a person may read (a real one, not one of the site's placeholders). */
export function isDisplayableEmail(email: string | null | undefined): email is string {
  if (!email) return false;
  const at = email.lastIndexOf("@");
  if (at <= 0) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  return domain !== "invalid" && !domain.endsWith(".invalid");
}

/** The address as it may be shown, or null when it must not be. */
export const displayableEmail = (email: string | null | undefined): string | null => (isDisplayableEmail(email) ? email : null);

/** How a person is named to others: their name; without one, their address when it is displayable; else "". */
export function personName(p: { fullName?: string | null | undefined; email?: string | null | undefined }): string {
  const name = p.fullName?.trim();
  if (name) return name;
  return displayableEmail(p.email) ?? "";
}
