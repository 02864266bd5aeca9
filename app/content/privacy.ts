// The privacy notice (/privacy): what the site keeps about families and children, who sees it, how long, and how to
// get a copy or delete it. Every sentence must stay true of the code: db/schema.ts, exportUserData and anonymizeUser
// (app/account/account.server.ts), decisions 0011-0015 and 0022, server/request-log.ts. Change the words when those
// change, in English here (the reference) and in Spanish in privacy.server.ts. The page fills in {email}, {phone}
// (CONTACT_EMAIL, CONTACT_PHONE), {days} (BACKUP_KEEP: one backup a day) and {account} (a link to /account).
import type { PageInfo } from "./pages";

export type PrivacyWords = {
  page: PageInfo;
  updated: string;
  /** The words of the `{account}` link in the sections. */
  accountLink: string;
  sections: PrivacySection[];
  /** A closing line after the sections (the Spanish says the English version prevails). */
  closing?: string;
};

export const PRIVACY_PAGE: PageInfo = {
  title: "Privacy Notice | NLTE",
  description: "What this website keeps about families and children, who sees it, how long it is kept, and how to get a copy or delete it.",
  heading: "Privacy Notice",
  intro: "In plain words: what this website keeps about you and your children, why, who sees it, and how to get a copy or delete it.",
};

export const PRIVACY_UPDATED = "Last updated November 24, 2026";

/** The words of the `{account}` link in the sections below. */
export const PRIVACY_ACCOUNT_LINK = "your account page (/account)";

export type PrivacySection = { id: string; title: string; paragraphs: string[]; items?: string[]; after?: string[] };

export const PRIVACY_SECTIONS: PrivacySection[] = [
  {
    id: "parents",
    title: "What we keep about parents and guardians",
    paragraphs: ["When you create an account we keep:"],
    items: [
      "your name and email address, and your phone number if you give it;",
      "your date of birth, to check that a parent or guardian is an adult (18 or older);",
      "your password, only in a scrambled form that nobody can read back; if you use “Continue with Google” we keep the link to your Google account instead;",
      "your email settings, such as whether you want an email when a message waits for you;",
      "while you are signed in: when you signed in, and the internet address and kind of browser you used (your account page lists your sign-ins so you can end them).",
    ],
  },
  {
    id: "children",
    title: "What we keep about children",
    paragraphs: ["For each student-athlete we keep:"],
    items: [
      "their name and date of birth;",
      "their email address and phone number, only if they have a login of their own (a child a parent adds has none until they are invited);",
      "the household they belong to: which adults are their parents or guardians;",
      "the messages in conversations they are part of, and files sent there;",
      "the registration forms a parent or guardian sends: the child's name and age, skill level and program, the parent's name, email and phone, and an emergency contact.",
    ],
    after: [
      "We also keep what anyone sends with the contact form (name, email, phone if given, the message), testimonials people post (shown on the site with the name they typed), reports of messages, and a log of family changes: who added a child, sent or accepted an invitation, or confirmed a family, and when.",
    ],
  },
  {
    id: "why",
    title: "Why we ask for dates of birth",
    paragraphs: [
      "We follow Safe Play, the safeguarding rules of U.S. tennis. A parent or guardian is in every conversation between a coach and a child under 18, and coaches cannot write to a child at night. The date of birth tells the site who is under 18.",
      "We do not use this information for anything else.",
    ],
  },
  {
    id: "who",
    title: "Who sees it",
    paragraphs: [],
    items: [
      "Your family: parents and guardians see their children's details on their account page and can correct a child's name and date of birth. Each person sees their own details.",
      "People in a conversation see each other's names, email addresses and phone numbers (if given), and the messages.",
      "Coaches see everyone who has a login: their name, phone number if given, whether they are a parent or a student-athlete, whether a child is under 18, and the names of their family. Coaches never see a date of birth. They also read the registration and contact forms sent to the organisation.",
      "Staff confirm a family by meeting it or phoning a parent or guardian. To do that, a coach sees the family's page: each child's age (not the date of birth) and the parents' email and phone. The log keeps who confirmed the family, how and when.",
      "The safeguarding lead (a coach named by the organisation) reads only conversations someone reported, the families waiting for confirmation, and the log of family changes.",
      "The person who runs the website's server can reach the database and its backups, to keep the site working.",
    ],
  },
  {
    id: "how-long",
    title: "How long we keep it",
    paragraphs: [
      "Everything stays while the account exists. When you delete your account, your name, email, phone, date of birth, password and sign-ins are removed at once, and you leave your household.",
      "Some things stay, because they are also other people's records:",
    ],
    items: [
      "messages you sent stay in the other person's conversation, shown as from “Deleted user”;",
      "registration and contact forms you sent stay with the organisation, as its record of your request;",
      "testimonials you posted stay on the site, no longer linked to your account (ask us to remove one);",
      "the log of family changes keeps names as they were, because it is the safeguarding record;",
      "copies of the emails the site sent.",
    ],
    after: [
      "If you were a child's only parent or guardian, a child you added who never had a login is removed with your account. A child with their own login keeps it, but no coach can message them until a parent or guardian joins again.",
      "The site makes a copy of its database every day and keeps the newest {days}. Something deleted is gone from every copy after {days} days.",
    ],
  },
  {
    id: "your-rights",
    title: "Get a copy, or delete it",
    paragraphs: [
      "Sign in and open {account}.",
      "“Download my data” gives you a file with your profile, the conversations you are part of, your testimonials, the forms sent with your email address, your family (your parents' or guardians' names, or your children's names and dates of birth), the invitations you sent and the reports you made.",
      "“Delete my account” removes your account as described above. It asks for your password and the word DELETE, and it cannot be undone.",
      "To correct something, change it on your account page, or contact us.",
    ],
  },
  {
    id: "children-rules",
    title: "Children under 13, and teenagers",
    paragraphs: [
      "Children under 13 cannot sign up by themselves: the sign-up form refuses them. This follows COPPA, the U.S. law that protects children's information online. Their parent or guardian adds them on their account page, and may invite them to a login of their own.",
      "The parent or guardian uses these rights for the child: they see and correct the child's name and date of birth on their account page, get them in their own “Download my data”, and can remove a child who has no login of their own. A child who has a login can delete it on their own account page, or you can contact us.",
      "Young people of 13 to 17 can sign up alone, but they need a parent or guardian linked to their account, and staff must confirm the family, before they can message a coach.",
    ],
  },
  {
    id: "sharing",
    title: "We do not sell or share it",
    paragraphs: [
      "We never sell information about you or your children, and we do not give it to other companies. There is no advertising and no tracking on this site. Cookies are used only to keep you signed in and to show the result of a form you sent.",
      "Email goes only to addresses given to us: yours, or one a family member typed to invite someone. It is sent through the organisation's mail service, which only delivers it, and it has no tracking images.",
      "Our server keeps a log of the pages asked for, to find problems: the page's address, the time, and whether it worked. It never keeps what you typed, your internet address or your name.",
      "Videos play from YouTube or Facebook, and “Continue with Google” signs you in through Google if you choose it. Those companies see that visit under their own privacy rules.",
    ],
  },
  {
    id: "questions",
    title: "Questions",
    paragraphs: ["To ask a question, correct something, or have something removed, write to {email} or call {phone}."],
  },
];

export const PRIVACY_EN: PrivacyWords = {
  page: PRIVACY_PAGE,
  updated: PRIVACY_UPDATED,
  accountLink: PRIVACY_ACCOUNT_LINK,
  sections: PRIVACY_SECTIONS,
};
