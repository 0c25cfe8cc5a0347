import { type PublicCentre, phoneHref } from "~/features/settings/centre";

/** Who publishes the site and the courses it offers (active formations), on every page, for search engines. */
export function OrganizationJsonLd({
  centre,
  publicUrl,
  formations,
}: {
  centre: PublicCentre;
  publicUrl: string | undefined;
  formations: readonly { slug: string; title: string }[];
}) {
  const url = publicUrl?.replace(/\/$/, "");
  const json = {
    "@context": "https://schema.org",
    "@type": "EducationalOrganization",
    name: centre.name,
    ...(url ? { url, logo: `${url}/favicon.svg` } : {}),
    email: centre.email,
    telephone: phoneHref(centre.phone),
    address: {
      "@type": "PostalAddress",
      streetAddress: centre.street,
      postalCode: centre.postalCode,
      addressLocality: centre.city,
      addressCountry: "FR",
    },
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
