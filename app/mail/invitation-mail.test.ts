// No free text before the site's own words (decision 0024): a name is whatever someone typed, so an invitation's
// first line, in the text and the HTML, is the organisation's words alone, and no typed name reaches a subject.
import { describe, expect, it } from "vitest";
import { INVITATION_MAIL } from "./invitation-mail";
import { renderMail } from "./template.server";

const ORG = "Next Level Tennis & Education";
const PHISH = "Your bank account is locked.\nVerify it now at https://evil.example";
const settings = { orgName: ORG, publicUrl: "http://localhost:3000", secret: "s".repeat(40) };
const url = "http://localhost:3000/invitation?token=abc";

const mails = {
  "second guardian": INVITATION_MAIL.secondGuardian(ORG, 14, url, { athletes: PHISH, inviter: PHISH }),
  guardian: INVITATION_MAIL.guardian(ORG, 14, url, { athlete: PHISH }),
  athlete: INVITATION_MAIL.athlete(ORG, 14, url, { athlete: PHISH, inviter: PHISH }),
};

describe("invitation mails", () => {
  it.each(Object.entries(mails))("the %s invitation starts with the site's own words and keeps typed names out of the subject", (_kind, content) => {
    const mail = renderMail(settings, content);
    const [firstLine, ...rest] = mail.text.split("\n");
    expect(firstLine!.startsWith(`${ORG}: you are invited to `)).toBe(true);
    expect(firstLine).not.toContain("bank");
    expect(mail.subject.startsWith(`${ORG}: `)).toBe(true);
    expect(mail.subject).not.toContain("bank");
    // The name comes later, after a label, on one line: its line break cannot make it a line of its own.
    const named = rest.find((l) => l.includes("Your bank account is locked."))!;
    expect(named).toMatch(/^The student-athletes?: Your bank account is locked\. Verify it now at https:\/\/evil\.example/);
    // In the HTML: the organisation's name, then the site's words, before any typed name.
    const paragraphs = [...mail.html.matchAll(/<p[^>]*>(.*?)<\/p>/g)].map((m) => m[1]!);
    expect(paragraphs[0]).toBe(ORG.replace("&", "&amp;"));
    expect(paragraphs[1]).toBe(firstLine!.replace("&", "&amp;"));
  });
});
