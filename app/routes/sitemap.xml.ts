import type { Route } from "./+types/sitemap.xml";
import { SITEMAP_PATHS } from "~/content/sitemap";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function loader({ context }: Route.LoaderArgs) {
  const base = context.config.publicUrl;
  const urls = SITEMAP_PATHS.map(
    (p) =>
      `  <url><loc>${escapeXml(new URL(p.path, base).href)}</loc><changefreq>${p.changefreq}</changefreq><priority>${p.priority.toFixed(1)}</priority></url>`,
  ).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
