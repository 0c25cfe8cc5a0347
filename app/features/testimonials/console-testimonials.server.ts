import { desc, eq } from "drizzle-orm";
import { crudAction } from "~/features/audit/index.server";
import { formations } from "~/features/catalogue/schema.server";
import { assertImageExists } from "~/features/media/index.server";
import { testimonials } from "~/features/testimonials/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import { countRows, readPage, searchMatch } from "~/platform/console/paging.server";
import type { Db } from "~/platform/db/client.server";
import { testimonialTitle } from "./audit-record.server";
import { type TestimonialInput, testimonialSchema } from "./testimonial-schema";

/** One page of testimonials, newest first, with their formation's title, filtered on name, content or company. */
export async function testimonialsPage(db: Db, q: string, page: number) {
  const clause = q
    ? searchMatch(q, testimonials.name, testimonials.content, testimonials.company)
    : undefined;
  const list = await readPage(
    page,
    () => countRows(db, testimonials, clause),
    (limit, offset) =>
      db
        .select({ testimonial: testimonials, formationTitle: formations.title })
        .from(testimonials)
        .leftJoin(formations, eq(testimonials.formationId, formations.id))
        .where(clause)
        .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
        .limit(limit)
        .offset(offset),
  );
  return {
    ...list,
    items: list.items.map(({ testimonial, formationTitle }) => ({ ...testimonial, formationTitle })),
  };
}

export type AdminTestimonial = Awaited<ReturnType<typeof testimonialsPage>>["items"][number];

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
    await assertImageExists(tx, input.imageId);
    const [saved] = id
      ? await tx
          .update(testimonials)
          .set(input)
          .where(eq(testimonials.id, id))
          .returning({ id: testimonials.id })
      : await tx.insert(testimonials).values(input).returning({ id: testimonials.id });
    return saved?.id;
  },
  async current(tx, id) {
    const [row] = await tx.select().from(testimonials).where(eq(testimonials.id, id));
    return row;
  },
  // The author's name stays out of the log: a testimonial is named by its reference.
  title: (_tx, _input, id) => testimonialTitle(id),
  async remove(tx, id) {
    const [deleted] = await tx
      .delete(testimonials)
      .where(eq(testimonials.id, id))
      .returning({ id: testimonials.id });
    return deleted && { title: testimonialTitle(deleted.id) };
  },
});
