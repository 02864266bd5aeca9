// The organisation's fixed words used across the site chrome. Phone, email and the calendar address are
// configuration (see README), not content.
export const TAGLINE = "Fun For All Starts Here";
export const SHORT_NAME = "NLTE";
export const SERVICE_AREAS = ["Washington DC", "Baltimore MD", "Atlanta GA", "Chesapeake VA"] as const;
export const COPYRIGHT_YEAR = 2024;

type ChangeFrequency = "daily" | "weekly" | "monthly" | "yearly";

/**
 * Every page a person can reach from the site's chrome, in the header's order: the header, the footer and the
 * sitemap all read this one list, so a page added here appears in each place it is marked for.
 * `in` says where the link is shown; `sitemap` (absent for private pages) how often search engines should look.
 */
export const SITE_LINKS = [
  { to: "/", label: "Home", in: ["header"], sitemap: { changefreq: "weekly", priority: 1 } },
  { to: "/general", label: "General", in: ["header"], sitemap: { changefreq: "weekly", priority: 0.8 } },
  { to: "/about", label: "About", in: ["header", "footer"], sitemap: { changefreq: "monthly", priority: 0.8 } },
  { to: "/programs", label: "Programs", in: ["footer"], sitemap: { changefreq: "monthly", priority: 0.9 } },
  { to: "/programs/registration", label: "Registration", in: ["footer"], sitemap: { changefreq: "monthly", priority: 0.8 } },
  { to: "/calendar", label: "Calendar", in: ["header", "footer"], sitemap: { changefreq: "weekly", priority: 0.7 } },
  { to: "/awarded-grants", label: "Awarded Grants", in: ["header", "footer"], sitemap: { changefreq: "monthly", priority: 0.6 } },
  { to: "/gallery", label: "Gallery", in: ["header", "footer"], sitemap: { changefreq: "monthly", priority: 0.6 } },
  { to: "/scholarships", label: "Scholarships", in: ["header", "footer"], sitemap: { changefreq: "monthly", priority: 0.7 } },
  { to: "/vlog", label: "Vlog", in: ["header", "footer"], sitemap: { changefreq: "weekly", priority: 0.6 } },
  { to: "/appointments", label: "Appointments", in: ["header"], coachOnly: true },
  { to: "/faq", label: "FAQ", in: ["header", "footer"], sitemap: { changefreq: "monthly", priority: 0.7 } },
  { to: "/contact", label: "Contact", in: ["header", "footer"], sitemap: { changefreq: "yearly", priority: 0.7 } },
  { to: "/donate", label: "Donate", in: ["header", "footer"], sitemap: { changefreq: "yearly", priority: 0.8 } },
  { to: "/terms", label: "Terms of Service", in: ["footer"], sitemap: { changefreq: "yearly", priority: 0.2 } },
  { to: "/privacy", label: "Privacy Notice", in: ["footer"], sitemap: { changefreq: "yearly", priority: 0.3 } },
] as const satisfies ReadonlyArray<{
  to: string;
  label: string;
  in: ReadonlyArray<"header" | "footer">;
  coachOnly?: true;
  sitemap?: { changefreq: ChangeFrequency; priority: number };
}>;

type SiteLink = (typeof SITE_LINKS)[number];

/** The header's links (Programs is its own dropdown of PROGRAM_LINKS). */
export const NAV_LINKS: ReadonlyArray<SiteLink> = SITE_LINKS.filter((l) => (l.in as ReadonlyArray<string>).includes("header"));

/** The footer's links. */
export const FOOTER_LINKS: ReadonlyArray<SiteLink> = SITE_LINKS.filter((l) => (l.in as ReadonlyArray<string>).includes("footer"));

export const PROGRAM_LINKS = [
  { slug: "spring", to: "/programs/spring", label: "Spring Programs" },
  { slug: "summer", to: "/programs/summer", label: "Summer Camp" },
  { slug: "fall", to: "/programs/fall", label: "Fall Programs" },
  { slug: "winter", to: "/programs/winter", label: "Winter Programs" },
  { slug: "after-school", to: "/programs/after-school", label: "After School Programming" },
  { slug: "school-without-walls", to: "/programs/school-without-walls", label: "School Without Walls" },
] as const;

/** The programs overview and the registration form, first in the phone menu's Programs. */
export const PROGRAM_OVERVIEW_LINKS = [
  { to: "/programs", label: "All programs" },
  { to: "/programs/registration", label: "Register" },
] as const;

export type ProgramSlug = (typeof PROGRAM_LINKS)[number]["slug"];
