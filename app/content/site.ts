import type { PROGRAM_SLUGS } from "~/lib/program-slugs";
import { m } from "~/paraglide/messages";

// The organisation's fixed words used across the site chrome. Phone, email and the calendar address are
// configuration (see README), not content.
export const TAGLINE = m.footer_tagline;
export const SHORT_NAME = "NLTE";
export const SERVICE_AREAS = ["Washington DC", "Baltimore MD", "Atlanta GA", "Chesapeake VA"] as const;

type ChangeFrequency = "daily" | "weekly" | "monthly" | "yearly";

/**
 * Every page a person can reach from the site's chrome, in the header's order: the header, the footer and the
 * sitemap all read this one list, so a page added here appears in each place it is marked for.
 * `in` says where the link is shown; `sitemap` (absent for private pages) how often search engines should look.
 */
export const SITE_LINKS = [
  { to: "/", label: m.nav_home, in: ["header"], sitemap: { changefreq: "weekly", priority: 1 } },
  { to: "/general", label: m.nav_general, in: ["header"], sitemap: { changefreq: "weekly", priority: 0.8 } },
  { to: "/about", label: m.nav_about, in: ["header", "footer"], sitemap: { changefreq: "monthly", priority: 0.8 } },
  { to: "/programs", label: m.nav_programs, in: ["footer"], sitemap: { changefreq: "monthly", priority: 0.9 } },
  { to: "/programs/registration", label: m.nav_registration, in: ["footer"], sitemap: { changefreq: "monthly", priority: 0.8 } },
  { to: "/calendar", label: m.nav_calendar, in: ["header", "footer"], sitemap: { changefreq: "weekly", priority: 0.7 } },
  { to: "/awarded-grants", label: m.nav_awarded_grants, in: ["header", "footer"], sitemap: { changefreq: "monthly", priority: 0.6 } },
  { to: "/gallery", label: m.nav_gallery, in: ["header", "footer"], sitemap: { changefreq: "monthly", priority: 0.6 } },
  { to: "/scholarships", label: m.nav_scholarships, in: ["header", "footer"], sitemap: { changefreq: "monthly", priority: 0.7 } },
  { to: "/vlog", label: m.nav_vlog, in: ["header", "footer"], sitemap: { changefreq: "weekly", priority: 0.6 } },
  { to: "/appointments", label: m.nav_appointments, in: ["header"], coachOnly: true },
  { to: "/faq", label: m.nav_faq, in: ["header", "footer"], sitemap: { changefreq: "monthly", priority: 0.7 } },
  { to: "/contact", label: m.nav_contact, in: ["header", "footer"], sitemap: { changefreq: "yearly", priority: 0.7 } },
  { to: "/donate", label: m.nav_donate, in: ["header", "footer"], sitemap: { changefreq: "yearly", priority: 0.8 } },
  { to: "/terms", label: m.nav_terms, in: ["footer"], sitemap: { changefreq: "yearly", priority: 0.2 } },
  { to: "/privacy", label: m.nav_privacy, in: ["footer"], sitemap: { changefreq: "yearly", priority: 0.3 } },
] as const satisfies ReadonlyArray<{
  to: string;
  /** The link's words in the reader's language (the catalog's message). */
  label: () => string;
  in: ReadonlyArray<"header" | "footer">;
  coachOnly?: true;
  sitemap?: { changefreq: ChangeFrequency; priority: number };
}>;

type SiteLink = (typeof SITE_LINKS)[number];

/** The header's links (Programs is its own dropdown of PROGRAM_LINKS). */
export const NAV_LINKS: ReadonlyArray<SiteLink> = SITE_LINKS.filter((l) => (l.in as ReadonlyArray<string>).includes("header"));

/** The footer's links. */
export const FOOTER_LINKS: ReadonlyArray<SiteLink> = SITE_LINKS.filter((l) => (l.in as ReadonlyArray<string>).includes("footer"));

/** `label` is the program's English name, also what the registration form stores; `name` what a reader sees. */
export const PROGRAM_LINKS = [
  { slug: "spring", to: "/programs/spring", label: "Spring Programs", name: m.nav_program_spring },
  { slug: "summer", to: "/programs/summer", label: "Summer Camp", name: m.nav_program_summer },
  { slug: "fall", to: "/programs/fall", label: "Fall Programs", name: m.nav_program_fall },
  { slug: "winter", to: "/programs/winter", label: "Winter Programs", name: m.nav_program_winter },
  { slug: "after-school", to: "/programs/after-school", label: "After School Programming", name: m.nav_program_after_school },
  { slug: "school-without-walls", to: "/programs/school-without-walls", label: "School Without Walls", name: m.nav_program_school_without_walls },
] as const;

/** The programs overview and the registration form, first in the phone menu's Programs. */
export const PROGRAM_OVERVIEW_LINKS = [
  { to: "/programs", name: m.nav_all_programs },
  { to: "/programs/registration", name: m.nav_register },
] as const;

export type ProgramSlug = (typeof PROGRAM_LINKS)[number]["slug"];

// The links name every program key of app/lib/program-slugs.ts and no other: a program added to one and not the other
// fails the typecheck here.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const linksNameEveryProgram: SameKeys<ProgramSlug, (typeof PROGRAM_SLUGS)[number]> = true;
void linksNameEveryProgram;
