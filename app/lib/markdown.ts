// Announcements are Markdown: links, lists, emphasis, headings, quotes. Raw HTML is refused when a coach saves (so the
// coach learns why) and escaped when rendered (so nothing stored earlier can run). Images are off: a post links to
// photos in the gallery rather than pulling in pictures from other sites.
import MarkdownIt from "markdown-it";

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

/** The first raw HTML tag in a text ("<script>"), or null. Code spans and blocks may show tags as text. */
export function findHtmlTag(text: string): string | null {
  const withoutCode = text.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  const match = /<\/?[a-z][a-z0-9-]*(?:\s[^>]*)?\/?>|<!--/i.exec(withoutCode);
  if (!match) return null;
  const name = /<\/?([a-z][a-z0-9-]*)/i.exec(match[0]);
  return name ? `<${name[1]!.toLowerCase()}>` : "<!-- -->";
}

/** Plain text of a Markdown text, for feed summaries and meta descriptions. */
export function markdownToPlainText(text: string): string {
  return renderMarkdown(text)
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
