// The mail template's words: what spam filters read in every mail the site sends.
import { describe, expect, it } from "vitest";
import { renderMail, UNSUBSCRIBE_LINK_TEXT } from "./template.server";

// SpamAssassin's END_FUTURE_EMAILS family: "stop these emails", "end future e-mails", "discontinue all emails" ...
const END_FUTURE_EMAILS = /\b(?:stop|end|discontinue|remove)\s+(?:all\s+|these\s+|future\s+)*e-?mails?\b/i;

describe("renderMail", () => {
  it("words the unsubscribe link without the phrases SpamAssassin scores as spam, in the text and the HTML", () => {
    const mail = renderMail(
      { orgName: "Test Tennis", publicUrl: "http://localhost:3000", secret: "s".repeat(40) },
      {
        subject: "New messages from Coach Vega",
        paragraphs: ["Coach Vega sent you a message."],
        action: { label: "Open the conversation", url: "http://localhost:3000/messages/1" },
        unsubscribe: { userId: "u1", topic: "messages" },
      },
    );
    expect(mail.text).toContain(`${UNSUBSCRIBE_LINK_TEXT}: http://localhost:3000/unsubscribe?`);
    expect(mail.html).toContain(`>${UNSUBSCRIBE_LINK_TEXT}</a>`);
    expect(mail.text).not.toMatch(END_FUTURE_EMAILS);
    expect(mail.html).not.toMatch(END_FUTURE_EMAILS);
  });
});
