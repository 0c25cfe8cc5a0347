/**
 * A testimonial as the public cards show it. It lives here, not beside the card, so that server
 * modules import no component file.
 */

export interface TestimonialView {
  id: string;
  name: string;
  content: string;
  company: string | null;
  position: string | null;
  avatarUrl: string | null;
  rating: number;
}
