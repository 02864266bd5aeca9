// The account mails in the recipient's language (issue 27, decision 0027): the words, the frame, the HTML's language
// and the unsubscribe link; the English mails keep their words.
import { describe, expect, it } from "vitest";
import { localeStore } from "../../tests/support/locale-store";
import { ACCOUNT_MAIL } from "./account-mail";
import { SUBMISSION_MAIL } from "./submission-mail";
import { renderMail, UNSUBSCRIBE_LINK_TEXT } from "./template.server";

// What server/languages.ts does for each request: the request's language, read by every message.
const store = localeStore();

const settings = { orgName: "Test Tennis", publicUrl: "http://localhost:3000", secret: "s".repeat(40) };
/** Words every English sentence has and Spanish never writes (as tests/e2e/untranslated.test.ts reads pages). */
const ENGLISH = /\b(the|and|your|you|with|our|this|that|will|please|from|are|is|for|of|to|what|when|how|who)\b/i;
const END_FUTURE_EMAILS = /\b(?:stop|end|discontinue|remove)\s+(?:all\s+|these\s+|future\s+)*e-?mails?\b/i;

const url = "http://localhost:3000/es/verify-email?token=t";
const everyMail = (locale: "en" | "es") => [
  ACCOUNT_MAIL.resetPassword(url, locale),
  ACCOUNT_MAIL.passwordChanged("http://localhost:3000/es/forgot-password", locale),
  ACCOUNT_MAIL.signUpAttempt("http://localhost:3000/es/forgot-password", locale),
  ACCOUNT_MAIL.verifyEmail(url, locale),
  ACCOUNT_MAIL.confirmNewEmail(url, locale),
];

describe("the account mails", () => {
  it("are wholly Spanish for a Spanish account, frame included", () => {
    for (const content of everyMail("es")) {
      const mail = renderMail(settings, content);
      const words = mail.text.replaceAll(/https?:\/\/\S+/g, "").replaceAll(settings.orgName, "");
      expect(
        words.split("\n").filter((line) => ENGLISH.test(line)),
        content.kind,
      ).toEqual([]);
      expect(mail.html).toMatch(/^<!doctype html>\n<html lang="es">/);
    }
    const verify = renderMail(settings, ACCOUNT_MAIL.verifyEmail(url, "es"));
    expect(verify.subject).toBe("Confirme su correo electrónico");
    expect(verify.text).toContain(`Confirmar mi correo electrónico: ${url}`);
    expect(verify.html).toContain("O abra esta dirección:");
  });

  it("keep their English words for an English account", () => {
    const [reset, changed] = everyMail("en").map((c) => renderMail(settings, c));
    expect(reset!.subject).toBe("Reset your password");
    expect(reset!.text).toContain("Someone (hopefully you) asked to reset the password of your account.");
    expect(reset!.html).toContain("Or open this address:");
    expect(reset!.html).toMatch(/<html lang="en">/);
    expect(changed!.text).toContain("If this was not you, choose a new password now: http://localhost:3000/es/forgot-password");
  });

  it("confirm a registration in the language of the page it was sent from, naming the program in it", () => {
    const mail = renderMail(
      settings,
      store.run("es", () => SUBMISSION_MAIL.confirmation("registration", "Summer Camp")),
    );
    expect(mail.subject).toBe("Recibimos su solicitud de inscripción");
    expect(mail.text).toContain("¡Gracias! Recibimos su solicitud de inscripción para Campamento de verano.");
    expect(mail.html).toMatch(/<html lang="es">/);
    const english = renderMail(settings, SUBMISSION_MAIL.confirmation("registration", "Summer Camp"));
    expect(english.subject).toBe("We received your registration request");
    expect(english.text).toContain("Thank you! We received your registration request for Summer Camp.");
  });
});

describe("the mail frame", () => {
  it("words and links the unsubscribe line in the recipient's language, never as SpamAssassin's spam phrases", () => {
    const content = { subject: "s", paragraphs: ["p"], unsubscribe: { userId: "u1", topic: "messages" as const } };
    const es = renderMail(settings, { ...content, locale: "es" });
    expect(es.text).toContain("Desactivar estos avisos: http://localhost:3000/es/unsubscribe?token=");
    expect(es.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/es\/unsubscribe\?token=/);
    const en = renderMail(settings, content);
    expect(en.text).toContain(`${UNSUBSCRIBE_LINK_TEXT}: http://localhost:3000/unsubscribe?token=`);
    for (const mail of [es, en]) {
      expect(mail.text).not.toMatch(END_FUTURE_EMAILS);
      expect(mail.html).not.toMatch(END_FUTURE_EMAILS);
    }
  });
});
