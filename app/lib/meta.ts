import type { MetaDescriptor } from "react-router";
import { getLocale } from "~/i18n/language";
import type { PageInfo } from "~/content/pages";
import { SERVICE_AREAS, SHORT_NAME } from "~/content/site";

type MetaMatch = { id: string; data?: unknown; loaderData?: unknown } | undefined;
type MetaContext = { matches: MetaMatch[]; location: { pathname: string } };

/** The site's public address, from the root loader (context.config.publicUrl). */
export function publicUrlFrom(matches: MetaMatch[]): string | null {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { publicUrl?: string } | undefined;
  return data?.publicUrl ?? null;
}

/**
 * The meta tags every page carries: a unique title and description, and, given the route's meta arguments,
 * the canonical address and Open Graph tags built from PUBLIC_URL.
 */
export function pageMeta(page: Pick<PageInfo, "title" | "description">, ctx?: MetaContext): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Next Level Tennis & Education" },
    { property: "og:locale", content: getLocale() === "es" ? "es_US" : "en_US" },
    { name: "twitter:card", content: "summary" },
  ];
  const base = ctx ? publicUrlFrom(ctx.matches) : null;
  if (ctx && base) {
    const url = new URL(ctx.location.pathname, base).href;
    tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  }
  return tags;
}

/** JSON-LD describing the organisation: a non-profit sports organisation, where it serves and how to reach it. */
export function organizationJsonLd(site: { orgName: string; phone: string; email: string }, publicUrl: string): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": ["SportsOrganization", "NGO"],
      name: site.orgName,
      alternateName: SHORT_NAME,
      url: `${publicUrl}/`,
      logo: `${publicUrl}/favicon.svg`,
      slogan: "Fun For All Starts Here",
      description:
        "A youth tennis and education non-profit steering student-athletes, many underprivileged, toward academic circles and college scholarships.",
      sport: "Tennis",
      foundingDate: "1998",
      nonprofitStatus: "Nonprofit501c3",
      telephone: site.phone,
      email: site.email,
      areaServed: SERVICE_AREAS.map((name) => ({ "@type": "City", name })),
      contactPoint: { "@type": "ContactPoint", contactType: "customer support", telephone: site.phone, email: site.email, areaServed: "US" },
    },
  };
}

/** The root loader's `site` (phone, email, org name) as seen from a route's meta function. */
export function siteFrom(matches: MetaMatch[]) {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { site?: { orgName: string; phone: string; email: string } } | undefined;
  return data?.site ?? null;
}
