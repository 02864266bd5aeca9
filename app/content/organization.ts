// The organisation as search engines read it (the home page's JSON-LD): from the site's standing words (./site), so it
// lives with them, above app/lib's page meta (decision 0053's layers).
import type { MetaDescriptor } from "react-router";
import { SERVICE_AREAS, SHORT_NAME } from "./site";

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
