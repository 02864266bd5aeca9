// Whether a Markdown text holds raw HTML, and which tag first (announcements refuse it when a coach saves, so the coach
// learns why: app/lib/site-content-schemas.ts). Pure (markdown-it only), so the forms' schemas in app/lib may ask it;
// rendering is announcements' own (app/announcements/markdown.ts).
import MarkdownIt from "markdown-it";

// The same Markdown read with HTML on, only to find it: markdown-it's own tokens say what is HTML (code spans and
// blocks that show a tag are code, "8 < 12" is text), where a regular expression could only guess.
const withHtml = new MarkdownIt({ html: true, linkify: true });

/** The first raw HTML tag in a text ("<script>"), or null. Code spans and blocks may show tags as text. */
export function findHtmlTag(text: string): string | null {
  for (const token of withHtml.parse(text, {})) {
    const html =
      token.type === "html_block"
        ? token.content
        : token.type === "inline"
          ? token.children?.find((c) => c.type === "html_inline")?.content
          : undefined;
    if (!html) continue;
    const name = /<\/?([a-z][a-z0-9-]*)/i.exec(html);
    return name ? `<${name[1]!.toLowerCase()}>` : "<!-- -->";
  }
  return null;
}
