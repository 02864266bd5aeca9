import type { MetaDescriptor } from "react-router";
import { getLocale } from "~/i18n/language";

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
export function pageMeta(page: { title: string; description: string }, ctx?: MetaContext): MetaDescriptor[] {
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

/** The root loader's `site` (phone, email, org name) as seen from a route's meta function. */
export function siteFrom(matches: MetaMatch[]) {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { site?: { orgName: string; phone: string; email: string } } | undefined;
  return data?.site ?? null;
}
