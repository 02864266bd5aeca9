// /general/feed.xml: the announcements as an Atom feed (RFC 4287), the posts' HTML as the same safe Markdown output.
// At /es/general/feed.xml the feed's own words and links are Spanish, and each post's title and text are the Spanish
// a coach wrote beside the English. Where there is none, the English is written as it is: a feed reader shows no
// mark of ours, so nothing is added to the words; the element only says xml:lang="en" (RFC 4287 allows it on any
// element), which readers that care about the language can use.
import type { Route } from "./+types/general.feed.xml";
import { renderPostBody } from "~/announcements/markdown";
import { inReaderLanguage, type TypedText } from "~/lib/typed-content";
import { pageWords } from "~/content/words.server";
import { getLocale, localHref } from "~/i18n/locale";
import { withoutUnsafeCharacters } from "~/lib/safe-text";
import { getAnnouncements } from "~/announcements/index.server";

// Control characters cannot be written in XML even as references: one stored before forms refused them would make
// the whole feed unreadable, so they are dropped.
const escapeXml = (s: string) => withoutUnsafeCharacters(s).replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** ` xml:lang="en"` on an element holding English that stands in for a missing Spanish. */
const langOf = (t: Pick<TypedText, "lang" | "fallback">) => (t.fallback ? ` xml:lang="${t.lang}"` : "");

export async function loader({ context }: Route.LoaderArgs) {
  const locale = getLocale();
  const base = context.config.publicUrl;
  const general = `${base}${localHref("/general")}`;
  const posts = await getAnnouncements(context.db, 50);
  const updated = posts.reduce((latest, p) => (p.updatedAt > latest ? p.updatedAt : latest), new Date(0));
  const entries = posts.map((p) => {
    const url = `${general}/${p.id}`;
    const title = inReaderLanguage({ en: p.title, es: p.titleEs }, locale);
    const body = renderPostBody(p, locale);
    return [
      "  <entry>",
      `    <title${langOf(title)}>${escapeXml(title.text)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <id>urn:uuid:${p.id}</id>`,
      `    <published>${p.publishedAt.toISOString()}</published>`,
      `    <updated>${p.updatedAt.toISOString()}</updated>`,
      `    <content type="html"${langOf(body)}>${escapeXml(body.html)}</content>`,
      "  </entry>",
    ].join("\n");
  });
  const xml = [
    '<?xml version="1.0" encoding="utf-8"?>',
    locale === "es" ? '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">' : '<feed xmlns="http://www.w3.org/2005/Atom">',
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
