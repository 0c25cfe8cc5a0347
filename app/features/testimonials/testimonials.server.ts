import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { testimonials } from "~/platform/db/schema.server";
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
  avatarUrl: testimonials.avatarUrl,
  rating: testimonials.rating,
};

/** Active testimonials, newest first, 6 at most. */
export async function listActiveTestimonials(db: Db, limit = 6): Promise<PublicTestimonial[]> {
  return db
    .select(publicColumns)
    .from(testimonials)
    .where(isActive)
    .orderBy(desc(testimonials.createdAt))
    .limit(limit);
}

/** The active testimonials linked to one formation, for its course page. */
export async function listFormationTestimonials(db: Db, formationId: string): Promise<PublicTestimonial[]> {
  return db
    .select(publicColumns)
    .from(testimonials)
    .where(and(isActive, eq(testimonials.formationId, formationId)))
    .orderBy(desc(testimonials.createdAt))
    .limit(6);
}
