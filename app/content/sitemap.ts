// The public pages search engines should index: the site's links (app/content/site.ts) that have a sitemap entry,
// and the six program pages.
import { PROGRAM_LINKS, SITE_LINKS } from "./site";

export type SitemapEntry = { path: string; changefreq: "daily" | "weekly" | "monthly" | "yearly"; priority: number };

export const SITEMAP_PATHS: SitemapEntry[] = [
  ...SITE_LINKS.flatMap((l) => ("sitemap" in l ? [{ path: l.to, ...l.sitemap }] : [])),
  ...PROGRAM_LINKS.map((p) => ({ path: p.to, changefreq: "monthly" as const, priority: 0.7 })),
];

/** Paths that are private, per-person or editors: never crawled, at their English and Spanish addresses. */
const PRIVATE_PAGES = [
  "/appointments",
  "/messages",
  "/signin",
  "/signup",
  "/signout",
  "/staff",
  "/account",
  "/lessons",
  "/enroll/",
  "/rosters",
  "/reports/",
  "/families/",
  "/safeguarding",
  "/calendar/events",
  "/programs/edit",
  "/programs/*/edit",
];
export const DISALLOWED_PATHS = ["/auth/", "/api/", ...PRIVATE_PAGES, ...PRIVATE_PAGES.map((p) => `/es${p}`)];
