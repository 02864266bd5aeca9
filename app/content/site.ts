// The organisation's fixed words used across the site chrome. Phone, email and the calendar address are
// configuration (see README), not content.
export const TAGLINE = "Fun For All Starts Here";
export const SHORT_NAME = "NLTE";
export const SERVICE_AREAS = ["Washington DC", "Baltimore MD", "Atlanta GA", "Chesapeake VA"] as const;
export const COPYRIGHT_YEAR = 2024;

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/general", label: "General" },
  { to: "/about", label: "About" },
  { to: "/calendar", label: "Calendar" },
  { to: "/awarded-grants", label: "Awarded Grants" },
  { to: "/gallery", label: "Gallery" },
  { to: "/scholarships", label: "Scholarships" },
  { to: "/vlog", label: "Vlog" },
  { to: "/appointments", label: "Appointments", coachOnly: true },
  { to: "/faq", label: "FAQ" },
  { to: "/contact", label: "Contact" },
  { to: "/donate", label: "Donate" },
] as const;

export const PROGRAM_LINKS = [
  { slug: "spring", to: "/programs/spring", label: "Spring Programs" },
  { slug: "summer", to: "/programs/summer", label: "Summer Camp" },
  { slug: "fall", to: "/programs/fall", label: "Fall Programs" },
  { slug: "winter", to: "/programs/winter", label: "Winter Programs" },
  { slug: "after-school", to: "/programs/after-school", label: "After School Programming" },
  { slug: "school-without-walls", to: "/programs/school-without-walls", label: "School Without Walls" },
] as const;

export type ProgramSlug = (typeof PROGRAM_LINKS)[number]["slug"];

export const PARTNERS = [
  { name: "USTA Mid-Atlantic", short: "USTA" },
  { name: "Local Rotary Club", short: "Rotary" },
  { name: "National Junior Tennis & Learning", short: "NJTL" },
  { name: "DC Public Schools", short: "DCPS" },
] as const;
