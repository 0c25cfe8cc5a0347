/**
 * The shapes the server hands to shared components. They live here, not beside the components, so
 * that server modules import no component file (imports go one way: components and server → lib).
 */

/** A testimonial as the public cards show it. */
export interface TestimonialView {
  id: string;
  name: string;
  content: string;
  company: string | null;
  position: string | null;
  avatarUrl: string | null;
  rating: number;
}

/** The label of a post without a category (cards, the /ressources filter and its query). */
export const DEFAULT_POST_CATEGORY = "Actualités";
