// The public pages search engines should index, with how often each tends to change.
import { PROGRAM_LINKS } from "./site";

export const SITEMAP_PATHS: Array<{ path: string; changefreq: "daily" | "weekly" | "monthly" | "yearly"; priority: number }> = [
  { path: "/", changefreq: "weekly", priority: 1 },
  { path: "/general", changefreq: "weekly", priority: 0.8 },
  { path: "/about", changefreq: "monthly", priority: 0.8 },
  { path: "/programs", changefreq: "monthly", priority: 0.9 },
  ...PROGRAM_LINKS.map((p) => ({ path: p.to, changefreq: "monthly" as const, priority: 0.7 })),
  { path: "/programs/registration", changefreq: "monthly", priority: 0.8 },
  { path: "/calendar", changefreq: "weekly", priority: 0.7 },
  { path: "/awarded-grants", changefreq: "monthly", priority: 0.6 },
  { path: "/scholarships", changefreq: "monthly", priority: 0.7 },
  { path: "/gallery", changefreq: "monthly", priority: 0.6 },
  { path: "/vlog", changefreq: "weekly", priority: 0.6 },
  { path: "/faq", changefreq: "monthly", priority: 0.7 },
  { path: "/contact", changefreq: "yearly", priority: 0.7 },
  { path: "/donate", changefreq: "yearly", priority: 0.8 },
  { path: "/terms", changefreq: "yearly", priority: 0.2 },
];

/** Paths that are private or per-person: never crawled. */
export const DISALLOWED_PATHS = ["/appointments", "/messages", "/signin", "/signup", "/signout", "/auth/", "/api/"];
