import { Mail, MapPin, Phone } from "lucide-react";
import { LanguageSwitch } from "~/components/language-switch";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { Picture } from "~/components/ui/picture";
import { PARTNER_LOGOS } from "~/content/images";
import { FOOTER_LINKS, SERVICE_AREAS, TAGLINE } from "~/content/site";
import { telHref } from "~/lib/phone";
import type { SiteConfig } from "~/lib/site-config";

// order-2: the chat launcher (order-1) stands between the page and the footer (chat-widget.tsx).
const FOOTER_CLASS = "order-2 mt-16 bg-navy-900 text-slate-200";

/**
 * The footer is the server's (issue 27): it is the same on every page of a language and never changes while the page
 * is open, so the browser keeps the server's HTML and its code, words and logos are not in the JavaScript signed-in
 * pages load (`import.meta.env.SSR` leaves the server's part out of the browser's build). It stays in the page on
 * every route and is hidden on screens (a conversation), so it never has to be drawn again in the browser. Its links
 * are plain links and its language switch a plain form: they need no React.
 */
export function Footer({ site, year, hidden }: { site: SiteConfig; year: number; hidden: boolean }) {
  if (import.meta.env.SSR) return <FooterContent site={site} year={year} hidden={hidden} />;
  return <footer className={FOOTER_CLASS} hidden={hidden} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
}

/** `year` is today's, on the site's clock: the copyright line is never a year behind. */
function FooterContent({ site, year, hidden }: { site: SiteConfig; year: number; hidden: boolean }) {
  return (
    <footer className={FOOTER_CLASS} hidden={hidden}>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{site.orgName}</p>
          <p className="mt-1 text-ball-300">{TAGLINE()}</p>
          <p className="mt-3 text-sm text-slate-300">{m.footer_about()}</p>
        </div>
        <nav aria-label={m.footer_nav_label()}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{m.footer_explore()}</h2>
          <ul className="mt-3 grid grid-cols-2 gap-2 text-sm">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <a href={localHref(l.to)} className="hover:text-white hover:underline">
                  {l.label()}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{m.footer_contact()}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <Phone aria-hidden className="size-4 text-ball-300" />
              <a href={telHref(site.phone)} className="hover:text-white hover:underline">
                {site.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Mail aria-hidden className="size-4 text-ball-300" />
              <a href={`mailto:${site.email}`} className="break-all hover:text-white hover:underline">
                {site.email}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{m.footer_serving()}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {SERVICE_AREAS.map((area) => (
              <li key={area} className="flex items-center gap-2">
                <MapPin aria-hidden className="size-4 text-ball-300" /> {area}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 md:flex-row md:items-center md:justify-between">
          <ul aria-label={m.footer_partners()} className="flex flex-wrap gap-3">
            {PARTNER_LOGOS.map((p) => (
              <li key={p.name}>
                <Picture image={p} sizes="100px" className="h-10 w-auto" />
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-4">
            <p className="text-sm text-slate-300">{m.footer_rights({ year: String(year), orgName: site.orgName })}</p>
            <LanguageSwitch className="[&_button]:text-ball-300 [&_button]:hover:text-white" />
          </div>
        </div>
      </div>
    </footer>
  );
}
