// The one place every mail gets its shape: the organisation's name, a plain-text part and an HTML part made from
// the same words, no images or tracking, and for bulk-style mail a one-click unsubscribe link (RFC 8058). The frame's
// words, the HTML's language and the site's links are in the recipient's language (`locale`, decision 0027).
import crypto from "node:crypto";
import { localizePath, type Locale } from "~/i18n/language";
import { m } from "~/paraglide/messages";

/**
 * The unsubscribe link's words (this is its English; `unsubscribeLinkText` says it in a language). Not "Stop these
 * emails": SpamAssassin's END_FUTURE_EMAILS rule scores that phrase as spam, and every mail the site sends must score 0.
 */
export const UNSUBSCRIBE_LINK_TEXT = m.account_mail_unsubscribe({}, { locale: "en" });
export const unsubscribeLinkText = (locale: Locale) => m.account_mail_unsubscribe({}, { locale });

export type MailSettings = { orgName: string; publicUrl: string; secret: string };

/** What a notice may be unsubscribed from: each is a preference on /account. */
export const UNSUBSCRIBE_TOPICS = ["messages", "submissions", "cancellations"] as const;
export type UnsubscribeTopic = (typeof UNSUBSCRIBE_TOPICS)[number];

export type MailContent = {
  /** The recipient's language: the account's (null: English), or the page's for a visitor's form. English unless told. */
  locale?: Locale | null | undefined;
  subject: string;
  /** Paragraphs of plain text, shown in order. */
  paragraphs: string[];
  /** Quoted lines (for example the last messages of a conversation), shown after the paragraphs. */
  quote?: string[];
  /** The one button of the mail: a link to the site. */
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  footnote?: string[];
  /** Set for bulk-style mail (notices): adds List-Unsubscribe headers and a link at the bottom. */
  unsubscribe?: { userId: string; topic: UnsubscribeTopic };
};

export type RenderedMail = { subject: string; text: string; html: string; headers: Record<string, string> };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function sign(settings: MailSettings, payload: string) {
  return crypto.createHmac("sha256", settings.secret).update(`unsubscribe:${payload}`).digest("base64url");
}

/** A token that turns off one topic for one person. Signed: it cannot be changed to name another person. */
export function unsubscribeToken(settings: MailSettings, userId: string, topic: UnsubscribeTopic) {
  const payload = `${Buffer.from(userId).toString("base64url")}.${topic}`;
  return `${payload}.${sign(settings, payload)}`;
}

export function readUnsubscribeToken(settings: MailSettings, token: string): { userId: string; topic: UnsubscribeTopic } | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [id, topic, mac] = parts as [string, string, string];
  const expected = sign(settings, `${id}.${topic}`);
  if (mac.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return null;
  if (!(UNSUBSCRIBE_TOPICS as readonly string[]).includes(topic)) return null;
  return { userId: Buffer.from(id, "base64url").toString(), topic: topic as UnsubscribeTopic };
}

export function renderMail(settings: MailSettings, content: MailContent): RenderedMail {
  const locale = content.locale ?? "en";
  const headers: Record<string, string> = {};
  let unsubscribeUrl: string | undefined;
  if (content.unsubscribe) {
    const token = unsubscribeToken(settings, content.unsubscribe.userId, content.unsubscribe.topic);
    unsubscribeUrl = `${settings.publicUrl}${localizePath("/unsubscribe", locale)}?token=${token}`;
    headers["List-Unsubscribe"] = `<${unsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  const text = [
    ...content.paragraphs,
    ...(content.quote?.length ? [content.quote.map((l) => `> ${l}`).join("\n")] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...(content.footnote ?? []),
    `— ${settings.orgName}\n${settings.publicUrl}`,
    ...(unsubscribeUrl ? [`${unsubscribeLinkText(locale)}: ${unsubscribeUrl}`] : []),
  ].join("\n\n");

  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s).replace(/\n/g, "<br>")}</p>`;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-weight:700;color:#14532d">${escapeHtml(settings.orgName)}</p>
${content.paragraphs.map(p).join("\n")}
${content.quote?.length ? `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #cbd5e1;color:#334155">${content.quote.map(p).join("")}</blockquote>` : ""}
${content.action ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#166534;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:14px;color:#475569">${escapeHtml(m.account_mail_open_address({}, { locale }))} ${escapeHtml(content.action.url)}</p>` : ""}
${(content.footnote ?? []).map(p).join("\n")}
<p style="margin:24px 0 0;font-size:14px;color:#475569">${escapeHtml(settings.orgName)} · <a href="${escapeHtml(settings.publicUrl)}" style="color:#166534">${escapeHtml(settings.publicUrl)}</a></p>
${unsubscribeUrl ? `<p style="margin:8px 0 0;font-size:14px;color:#475569"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#166534">${escapeHtml(unsubscribeLinkText(locale))}</a></p>` : ""}
</div></body></html>`;
  return { subject: content.subject, text, html, headers };
}
