// The words of the family invitations (Safe Play, decision 0022). The first line of every one is the site's own words
// alone; the names people typed (free text: a name can be made to read like anything) follow on a later line, after
// a label, and never reach the subject (decision 0024).
import type { MailContent } from "./template.server";

type InvitationMail = MailContent & { kind: string };

/** A name as typed, on one line: line breaks would let it pass for a line of the site's own. */
export function typedName(name: string) {
  return name.replace(/\s+/g, " ").trim();
}

export const INVITATION_MAIL = {
  /** A guardian invites a second parent or guardian into the family. */
  secondGuardian: (org: string, days: number, url: string, names: { athletes: string; inviter: string }): InvitationMail => ({
    kind: "guardian-invitation",
    subject: `${org}: an invitation to join a family as a parent or guardian`,
    paragraphs: [
      `${org}: you are invited to join a family on our site as a second parent or guardian.`,
      `The student-athletes: ${typedName(names.athletes)}. Sent by: ${typedName(names.inviter)}.`,
      "Once you accept, you take part in every conversation their coaches have with them while they are under 18.",
      `The invitation works for ${days} days. Sign in (or create an account with this email address) to accept it.`,
    ],
    action: { label: "See the invitation", url },
    footnote: ["If you do not know this person, ignore this email: nothing is linked unless you accept."],
  }),
  /** A student-athlete of 13 to 17 who signed up alone names a parent or guardian. */
  guardian: (org: string, days: number, url: string, names: { athlete: string }): InvitationMail => ({
    kind: "guardian-invitation",
    subject: `${org}: an invitation to be a parent or guardian`,
    paragraphs: [
      `${org}: you are invited to join a family on our site as a parent or guardian. A student-athlete named you as theirs.`,
      `The student-athlete: ${typedName(names.athlete)}.`,
      "Until a parent or guardian accepts, they cannot message their coaches. Once you accept, you join their family on the site and take part in every conversation they have with a coach.",
      `The invitation works for ${days} days. Sign in (or create an account with this email address) to accept it.`,
    ],
    action: { label: "See the invitation", url },
    footnote: ["If you do not know this person, ignore this email: nothing is linked unless you accept."],
  }),
  /** A guardian asks the student-athlete they added to choose a password for their own login. */
  athlete: (org: string, days: number, url: string, names: { athlete: string; inviter: string }): InvitationMail => ({
    kind: "athlete-invitation",
    subject: `${org}: your own student-athlete login`,
    paragraphs: [
      `${org}: you are invited to choose a password for your own student-athlete login on our site. Your parent or guardian added you to their family there.`,
      `The student-athlete: ${typedName(names.athlete)}. Added by: ${typedName(names.inviter)}.`,
      `Follow the link to choose a password. It works for ${days} days and only for this address.`,
    ],
    action: { label: "Choose a password", url },
    footnote: ["If this is not for you, ignore this email: no login is made unless someone follows the link."],
  }),
};
