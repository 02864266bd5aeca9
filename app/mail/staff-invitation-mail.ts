// The words of an administrator's invitation to become a coach (decision 0030), in the recipient's language (the
// account's that has the invited address, else the language of the page it was sent from). As every invitation: the
// first line is the site's own words alone, the inviter's name (typed by a person) follows after a label, on one
// line, and never reaches the subject (decision 0024).
import type { Locale } from "~/i18n/language";
import { m } from "~/paraglide/messages";
import { typedName } from "./invitation-mail";
import type { MailContent } from "./template.server";

export function staffInvitationMail(
  org: string,
  days: number,
  url: string,
  names: { inviter: string },
  locale: Locale = "en",
): MailContent & { kind: string } {
  const o = { locale };
  return {
    kind: "staff-invitation",
    locale,
    subject: m.staff_mail_subject({ org }, o),
    paragraphs: [
      m.staff_mail_first({ org }, o),
      m.staff_mail_inviter({ inviter: typedName(names.inviter) }, o),
      m.staff_mail_how({}, o),
      m.staff_mail_days({ days }, o),
    ],
    action: { label: m.staff_mail_action({}, o), url },
    footnote: [m.staff_mail_ignore({}, o)],
  };
}
