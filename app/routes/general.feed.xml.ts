// /general/feed.xml: the announcements as an Atom feed (RFC 4287), the posts' HTML as the same safe Markdown output.
// At /es/general/feed.xml the feed's own words and links are Spanish; the posts are as coaches wrote them.
import type { Route } from "./+types/general.feed.xml";
import { renderMarkdown } from "~/announcements/markdown";
import { pageWords } from "~/content/words.server";
import { getLocale, localHref } from "~/i18n/locale";
import { withoutUnsafeCharacters } from "~/lib/safe-text";
import { getAnnouncements } from "~/announcements/announcements.server";

// Control characters cannot be written in XML even as references: one stored before forms refused them would make
// the whole feed unreadable, so they are dropped.
const escapeXml = (s: string) => withoutUnsafeCharacters(s).replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function loader({ context }: Route.LoaderArgs) {
  const base = context.config.publicUrl;
  const general = `${base}${localHref("/general")}`;
  const posts = await getAnnouncements(context.db, 50);
  const updated = posts.reduce((latest, p) => (p.updatedAt > latest ? p.updatedAt : latest), new Date(0));
  const entries = posts.map((p) => {
    const url = `${general}/${p.id}`;
    return [
      "  <entry>",
      `    <title>${escapeXml(p.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <id>urn:uuid:${p.id}</id>`,
      `    <published>${p.publishedAt.toISOString()}</published>`,
      `    <updated>${p.updatedAt.toISOString()}</updated>`,
      `    <content type="html">${escapeXml(renderMarkdown(p.body))}</content>`,
      "  </entry>",
    ].join("\n");
  });
  const xml = [
    '<?xml version="1.0" encoding="utf-8"?>',
    getLocale() === "es" ? '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">' : '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${escapeXml(context.config.site.orgName)}: ${escapeXml(pageWords("general").heading)}</title>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(general)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${base}${localHref("/general/feed.xml")}`)}"/>`,
    `  <id>${escapeXml(general)}</id>`,
    `  <updated>${(posts.length ? updated : new Date(0)).toISOString()}</updated>`,
    `  <author><name>${escapeXml(context.config.site.orgName)}</name></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
  return new Response(xml, { headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "no-cache" } });
}
