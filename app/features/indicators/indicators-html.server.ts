import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { IndicatorsSection } from "./components/indicators-section";
import type { PublishedIndicators } from "./indicators";

/**
 * The course page's results section as HTML, written by the loader: the page injects it as it
 * injects its presentation, so neither the component nor the vocabulary reach the browser's
 * JavaScript. Null when the formation has nothing to publish yet (no learner, no survey, no archive).
 */
export function indicatorsHtml(indicators: PublishedIndicators): string | null {
  if (indicators.years.length === 0 && indicators.archives.length === 0) return null;
  return renderToStaticMarkup(createElement(IndicatorsSection, { indicators }));
}
