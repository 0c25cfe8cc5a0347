import { desc, eq, ilike, or } from "drizzle-orm";
import { likePattern } from "~/lib/schemas/admin-common";
import { type TestimonialInput, testimonialSchema } from "~/lib/schemas/admin-testimonial";
import type { Db } from "../db/client.server";
import { formations, testimonials } from "../db/schema.server";
import { AdminInputError } from "./action.server";
import { crudAction } from "./crud.server";

/** Every testimonial, newest first, with its formation's title, filtered on name, content or company. */
export async function listTestimonials(db: Db, q: string) {
  const pattern = likePattern(q);
  const rows = await db
    .select({ testimonial: testimonials, formationTitle: formations.title })
    .from(testimonials)
    .leftJoin(formations, eq(testimonials.formationId, formations.id))
    .where(
      q
        ? or(
            ilike(testimonials.name, pattern),
            ilike(testimonials.content, pattern),
            ilike(testimonials.company, pattern),
          )
        : undefined,
    )
    .orderBy(desc(testimonials.createdAt));
  return rows.map(({ testimonial, formationTitle }) => ({ ...testimonial, formationTitle }));
}

export type AdminTestimonial = Awaited<ReturnType<typeof listTestimonials>>[number];

async function assertFormationExists(tx: Db, formationId: string | null) {
  if (!formationId) return;
  const [row] = await tx.select({ id: formations.id }).from(formations).where(eq(formations.id, formationId));
  if (!row) throw new AdminInputError("Cette formation n'existe plus.", "formationId");
}

/** The testimonials screen's action: intent = create | update | delete. */
export const testimonialAction = crudAction<TestimonialInput>({
  permission: "testimonials:write",
  schema: testimonialSchema,
  entity: "testimonial",
  table: "testimonials",
  messages: {
    unknown: "Témoignage inconnu.",
    gone: "Ce témoignage n'existe plus.",
    created: "Témoignage créé avec succès",
    updated: "Témoignage mis à jour avec succès",
    deleted: "Témoignage supprimé avec succès",
  },
  async save(tx, input, id) {
    await assertFormationExists(tx, input.formationId);
    const [saved] = id
      ? await tx
          .update(testimonials)
          .set(input)
          .where(eq(testimonials.id, id))
          .returning({ id: testimonials.id })
      : await tx.insert(testimonials).values(input).returning({ id: testimonials.id });
    return saved?.id;
  },
  details: (input) => ({ name: input.name, active: input.active }),
  async remove(tx, id) {
    const [deleted] = await tx
      .delete(testimonials)
      .where(eq(testimonials.id, id))
      .returning({ name: testimonials.name });
    return deleted;
  },
});
