// The words of the family invitations (Safe Play, decision 0022), in the recipient's language (the account's that has
// the invited address, else the language of the page the invitation was sent from; English unless told). The first
// line of every one is the site's own words alone; the names people typed (free text: a name can be made to read like
// anything) follow on a later line, after a label, and never reach the subject (decision 0024).
import type { Locale } from "~/i18n/language";
import { m } from "~/paraglide/messages";
import type { MailContent } from "./template.server";

type InvitationMail = MailContent & { kind: string };

/** A name as typed, on one line: line breaks would let it pass for a line of the site's own. */
export function typedName(name: string) {
  return name.replace(/\s+/g, " ").trim();
}

export const INVITATION_MAIL = {
  /** A guardian invites a second parent or guardian into the family. */
  secondGuardian: (org: string, days: number, url: string, names: { athletes: string; inviter: string }, locale: Locale = "en"): InvitationMail => {
    const o = { locale };
    return {
      kind: "guardian-invitation",
      locale,
      subject: m.messaging_mail_invite_second_subject({ org }, o),
      paragraphs: [
        m.messaging_mail_invite_second_first({ org }, o),
        m.messaging_mail_invite_second_names({ athletes: typedName(names.athletes), inviter: typedName(names.inviter) }, o),
        m.messaging_mail_invite_second_part({}, o),
        m.messaging_mail_invite_days({ days }, o),
      ],
      action: { label: m.messaging_mail_invite_see({}, o), url },
      footnote: [m.messaging_mail_invite_ignore({}, o)],
    };
  },
  /** A student-athlete of 13 to 17 who signed up alone names a parent or guardian. */
  guardian: (org: string, days: number, url: string, names: { athlete: string }, locale: Locale = "en"): InvitationMail => {
    const o = { locale };
    return {
      kind: "guardian-invitation",
      locale,
      subject: m.messaging_mail_invite_guardian_subject({ org }, o),
      paragraphs: [
        m.messaging_mail_invite_guardian_first({ org }, o),
        m.messaging_mail_invite_guardian_names({ athlete: typedName(names.athlete) }, o),
        m.messaging_mail_invite_guardian_until({}, o),
        m.messaging_mail_invite_days({ days }, o),
      ],
      action: { label: m.messaging_mail_invite_see({}, o), url },
      footnote: [m.messaging_mail_invite_ignore({}, o)],
    };
  },
  /** A guardian asks the student-athlete they added to choose a password for their own login. */
  athlete: (org: string, days: number, url: string, names: { athlete: string; inviter: string }, locale: Locale = "en"): InvitationMail => {
    const o = { locale };
    return {
      kind: "athlete-invitation",
      locale,
      subject: m.messaging_mail_invite_athlete_subject({ org }, o),
      paragraphs: [
        m.messaging_mail_invite_athlete_first({ org }, o),
        m.messaging_mail_invite_athlete_names({ athlete: typedName(names.athlete), inviter: typedName(names.inviter) }, o),
        m.messaging_mail_invite_athlete_link({ days }, o),
      ],
      action: { label: m.messaging_mail_invite_athlete_action({}, o), url },
      footnote: [m.messaging_mail_invite_athlete_ignore({}, o)],
    };
  },
};
