import type { FormationPricing } from "./pricing";

/**
 * The JSON-LD offer says what staff chose: a price, free, or covered by a funder (no price then, so
 * no search engine reads 0 € as free); nothing when no choice was made. Built by the loader: the
 * browser downloads none of it.
 */
export function courseOffer(formation: {
  pricing: FormationPricing | null;
  price: number;
  financingEligible: boolean;
}): Record<string, unknown> {
  const category = formation.financingEligible ? "Finançable" : "Payant";
  switch (formation.pricing) {
    case "payant":
      return { offers: { "@type": "Offer", price: formation.price, priceCurrency: "EUR", category } };
    case "gratuit":
      return { isAccessibleForFree: true, offers: { "@type": "Offer", price: 0, priceCurrency: "EUR" } };
    case "prise-en-charge":
      return { offers: { "@type": "Offer", category: "Prise en charge par un financeur" } };
    default:
      return {};
  }
}
