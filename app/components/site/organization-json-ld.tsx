import { CENTRE } from "~/content/centre";

/** Who publishes the site and the courses it offers (active formations), on every page, for search engines. */
export function OrganizationJsonLd({
  publicUrl,
  formations,
}: {
  publicUrl: string | undefined;
  formations: readonly { slug: string; title: string }[];
}) {
  const url = publicUrl?.replace(/\/$/, "");
  const json = {
    "@context": "https://schema.org",
    "@type": "EducationalOrganization",
    name: CENTRE.name,
    ...(url ? { url, logo: `${url}/favicon.svg` } : {}),
    email: CENTRE.email,
    telephone: CENTRE.phoneHref,
    address: {
      "@type": "PostalAddress",
      streetAddress: CENTRE.street,
      postalCode: CENTRE.postalCode,
      addressLocality: CENTRE.city,
      addressCountry: "FR",
    },
    openingHours: ["Mo-Fr 09:00-18:00", "Sa 09:00-12:00"],
    ...(formations.length
      ? {
          hasOfferCatalog: {
            "@type": "OfferCatalog",
            name: "Nos formations",
            itemListElement: formations.map((f) => ({
              "@type": "Offer",
              itemOffered: {
                "@type": "Course",
                name: f.title,
                ...(url ? { url: `${url}/formation/${f.slug}` } : {}),
              },
            })),
          },
        }
      : {}),
  };
  return (
    <script
      type="application/ld+json"
      // JSON.stringify output with "<" escaped cannot close the script element.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: static data, escaped above.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(json).replace(/</g, "\\u003c") }}
    />
  );
}
