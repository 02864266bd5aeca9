import type { ReactNode } from "react";
import { pathWithoutLocale } from "~/i18n/language";
import { useLocation } from "react-router";

/**
 * Which part of the site a page belongs to decides its banner's colours and drawing, so a family can tell at a
 * glance whether they are reading about programs, the organisation, support, media or their account.
 */
type Section = "programs" | "organisation" | "support" | "media" | "account";

const SECTION_OF: Array<[RegExp, Section]> = [
  [/^\/(programs|calendar)/, "programs"],
  [/^\/(donate|scholarships|awarded-grants)/, "support"],
  [/^\/(gallery|vlog|video)/, "media"],
  [/^\/(messages|appointments|signin|signup)/, "account"],
];

export function sectionOf(pathname: string): Section {
  return SECTION_OF.find(([re]) => re.test(pathname))?.[1] ?? "organisation";
}

const STYLES: Record<Section, { band: string; intro: string }> = {
  programs: { band: "bg-court-800 text-white", intro: "text-court-50" },
  organisation: { band: "bg-navy-800 text-white", intro: "text-slate-100" },
  support: { band: "bg-ball-300 text-navy-900", intro: "text-navy-800" },
  media: { band: "bg-navy-900 text-white", intro: "text-slate-200" },
  account: { band: "bg-court-50 text-navy-900 border-b border-court-200", intro: "text-slate-700" },
};

/** The band at the top of an information page: its one h1, an optional lead paragraph, and its section's drawing. */
export function PageHeader({ heading, intro, children }: { heading: string; intro?: string | undefined; children?: ReactNode }) {
  const section = sectionOf(pathWithoutLocale(useLocation().pathname));
  const style = STYLES[section];
  return (
    <div className={`relative overflow-hidden ${style.band}`} data-section={section}>
      <Motif section={section} />
      <div className="relative mx-auto max-w-7xl px-4 py-12 sm:py-14">
        <h1 className="max-w-3xl font-display text-3xl font-bold tracking-tight text-balance sm:text-4xl">{heading}</h1>
        {intro ? <p className={`mt-3 max-w-2xl text-lg ${style.intro}`}>{intro}</p> : null}
        {children}
      </div>
    </div>
  );
}

/** A decorative drawing at the band's right edge; hidden on phones, where the heading needs the width. */
function Motif({ section }: { section: Section }) {
  const common = "pointer-events-none absolute inset-y-0 right-0 hidden h-full w-[26rem] md:block";
  switch (section) {
    case "programs": // court lines seen from above
      return (
        <svg aria-hidden viewBox="0 0 416 200" preserveAspectRatio="xMaxYMid slice" className={`${common} opacity-30`}>
          <g fill="none" stroke="#fff" strokeWidth="3">
            <rect x="60" y="20" width="330" height="160" />
            <line x1="60" y1="40" x2="390" y2="40" />
            <line x1="60" y1="160" x2="390" y2="160" />
            <line x1="225" y1="20" x2="225" y2="180" strokeDasharray="6 5" />
            <line x1="140" y1="40" x2="140" y2="160" />
            <line x1="310" y1="40" x2="310" y2="160" />
            <line x1="140" y1="100" x2="310" y2="100" />
          </g>
          <circle cx="330" cy="70" r="14" fill="#dcec2f" />
        </svg>
      );
    case "support": // hands of support: overlapping circles
      return (
        <svg aria-hidden viewBox="0 0 416 200" preserveAspectRatio="xMaxYMid slice" className={`${common} opacity-60`}>
          <circle cx="300" cy="100" r="90" fill="#fff" fillOpacity=".35" />
          <circle cx="370" cy="60" r="60" fill="#136a3d" fillOpacity=".25" />
          <path d="M262 112c14-22 48-22 56 0 8-22 42-22 56 0-10 30-56 52-56 52s-46-22-56-52z" fill="#136a3d" fillOpacity=".55" />
        </svg>
      );
    case "media": // a frame and a play mark
      return (
        <svg aria-hidden viewBox="0 0 416 200" preserveAspectRatio="xMaxYMid slice" className={`${common} opacity-40`}>
          <rect x="200" y="36" width="170" height="118" rx="14" fill="none" stroke="#fff" strokeWidth="4" />
          <rect x="120" y="70" width="120" height="86" rx="12" fill="#136a3d" />
          <path d="M272 78v36l30-18z" fill="#dcec2f" />
        </svg>
      );
    case "account":
      return (
        <svg aria-hidden viewBox="0 0 416 200" preserveAspectRatio="xMaxYMid slice" className={`${common} opacity-70`}>
          <rect x="210" y="46" width="150" height="64" rx="18" fill="#b3e6c6" />
          <rect x="250" y="96" width="130" height="56" rx="18" fill="#dcec2f" fillOpacity=".7" />
        </svg>
      );
    default: // the organisation: a ball in flight
      return (
        <svg aria-hidden viewBox="0 0 416 200" preserveAspectRatio="xMaxYMid slice" className={`${common} opacity-50`}>
          <path d="M40 180C140 40 260 30 360 90" fill="none" stroke="#fff" strokeWidth="3" strokeDasharray="2 10" strokeLinecap="round" />
          <circle cx="360" cy="90" r="26" fill="#dcec2f" />
          <path d="M340 74q20 16 0 32M380 74q-20 16 0 32" fill="none" stroke="#fff" strokeWidth="3" />
        </svg>
      );
  }
}
