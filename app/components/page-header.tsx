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
      {/* The section's drawing (app.css, .page-motif); hidden on phones, where the heading needs the width. */}
      <div aria-hidden className="page-motif pointer-events-none absolute inset-y-0 right-0 hidden h-full w-[26rem] md:block" />
      <div className="relative mx-auto max-w-7xl px-4 py-12 sm:py-14">
        <h1 className="max-w-3xl font-display text-3xl font-bold tracking-tight text-balance sm:text-4xl">{heading}</h1>
        {intro ? <p className={`mt-3 max-w-2xl text-lg ${style.intro}`}>{intro}</p> : null}
        {children}
      </div>
    </div>
  );
}
