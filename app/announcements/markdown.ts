// Announcements are Markdown: links, lists, emphasis, headings, quotes. Raw HTML is refused when a coach saves (so the
// coach learns why) and escaped when rendered (so nothing stored earlier can run). Images are off: a post links to
// photos in the gallery rather than pulling in pictures from other sites.
import MarkdownIt from "markdown-it";
import type { Locale } from "~/i18n/language";
import { inReaderLanguage } from "~/lib/typed-content";

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
md.disable(["image"]);

// Links open in the same tab; links to other sites are marked so search engines do not count them as endorsements.
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet("href") ?? "");
  if (/^https?:\/\//i.test(href)) tokens[idx]!.attrSet("rel", "nofollow noopener");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Safe HTML for a Markdown text: every tag in it comes from the Markdown, never from the text. */
export function renderMarkdown(text: string): string {
  return md.render(text);
}

/**
 * A post's text in the reader's language (the Spanish a coach wrote, or the English standing in for it), rendered:
 * the Spanish goes through the same renderer, and was refused on saving for the same HTML, as the English.
 */
export function renderPostBody(post: { body: string; bodyEs: string | null }, locale: Locale) {
  const body = inReaderLanguage({ en: post.body, es: post.bodyEs }, locale);
  return { html: renderMarkdown(body.text), text: body.text, lang: body.lang, fallback: body.fallback };
}

/** Plain text of a Markdown text, for feed summaries and meta descriptions: its words, from markdown-it's tokens. */
export function markdownToPlainText(text: string): string {
  const words: string[] = [];
  for (const token of md.parse(text, {})) {
    if (token.type === "fence" || token.type === "code_block") words.push(token.content);
    for (const c of token.children ?? []) {
      if (c.type === "text" || c.type === "code_inline") words.push(c.content);
      else if (c.type === "softbreak" || c.type === "hardbreak") words.push(" ");
    }
    words.push(" ");
  }
  return words.join("").replace(/\s+/g, " ").trim();
}
