// The public pages search engines should index: the site's links (app/content/site.ts) that have a sitemap entry,
// and the six program pages.
import { PROGRAM_LINKS, SITE_LINKS } from "./site";

export type SitemapEntry = { path: string; changefreq: "daily" | "weekly" | "monthly" | "yearly"; priority: number };

export const SITEMAP_PATHS: SitemapEntry[] = [
  ...SITE_LINKS.flatMap((l) => ("sitemap" in l ? [{ path: l.to, ...l.sitemap }] : [])),
  ...PROGRAM_LINKS.map((p) => ({ path: p.to, changefreq: "monthly" as const, priority: 0.7 })),
];

/** Paths that are private or per-person: never crawled. */
export const DISALLOWED_PATHS = ["/appointments", "/messages", "/signin", "/signup", "/signout", "/auth/", "/api/", "/staff"];
