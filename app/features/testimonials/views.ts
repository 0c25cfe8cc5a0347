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
  /**
   * The author's photo from the médiathèque, as markup the server wrote (pictureHtml: width and
   * height, srcset, lazy, the library's alternative text); null for the initials instead.
   */
  picture: string | null;
  rating: number;
}
