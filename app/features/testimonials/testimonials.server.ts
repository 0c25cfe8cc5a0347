import { and, desc, eq, type SQL } from "drizzle-orm";
import { type MediaFacts, pictureColumns, pictureHtml } from "~/features/media/index.server";
import { media } from "~/features/media/schema.server";
import { testimonials } from "~/features/testimonials/schema.server";
import type { Db } from "~/platform/db/client.server";
import type { TestimonialView } from "./views";

/** Public reads of testimonials: only `active = true` rows ever reach a visitor. */
const isActive = eq(testimonials.active, true);

/** What a visitor sees of a testimonial: the card's own shape. */
export type PublicTestimonial = TestimonialView;

const publicColumns = {
  id: testimonials.id,
  name: testimonials.name,
  content: testimonials.content,
  company: testimonials.company,
  position: testimonials.position,
  rating: testimonials.rating,
  image: pictureColumns,
};

/** The author's photo as the card draws it: a 48 px circle, below the fold, so loaded lazily. */
export const testimonialPhoto = (image: MediaFacts) =>
  pictureHtml(image, { sizes: "48px", className: "h-12 w-12 rounded-full object-cover", widths: "small" });

async function readTestimonials(db: Db, where: SQL | undefined, limit: number): Promise<PublicTestimonial[]> {
  const rows = await db
    .select(publicColumns)
    .from(testimonials)
    .leftJoin(media, eq(media.id, testimonials.imageId))
    .where(where)
    .orderBy(desc(testimonials.createdAt))
    .limit(limit);
  return rows.map(({ image, ...row }) => ({ ...row, picture: image && testimonialPhoto(image) }));
}

/** Active testimonials, newest first, 6 at most. */
export function listActiveTestimonials(db: Db, limit = 6): Promise<PublicTestimonial[]> {
  return readTestimonials(db, isActive, limit);
}

/** The active testimonials linked to one formation, for its course page. */
export function listFormationTestimonials(db: Db, formationId: string): Promise<PublicTestimonial[]> {
  return readTestimonials(db, and(isActive, eq(testimonials.formationId, formationId)), 6);
}
