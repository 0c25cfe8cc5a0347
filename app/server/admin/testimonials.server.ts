import { desc, eq, ilike, or } from "drizzle-orm";
import { entityId, likePattern } from "~/lib/schemas/admin-common";
import { type TestimonialInput, testimonialSchema } from "~/lib/schemas/admin-testimonial";
import type { Db } from "../db/client.server";
import { formations, testimonials } from "../db/schema.server";
import type { AppRuntime } from "../runtime.server";
import { AdminInputError, attempt, failure, intentOf, invalid, unknownIntent } from "./action.server";
import { type Actor, writeAudit } from "./audit.server";

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

async function saveTestimonial(app: AppRuntime, actor: Actor, input: TestimonialInput, id: string | null) {
  await app.db.transaction(async (tx) => {
    await assertFormationExists(tx, input.formationId);
    let savedId = id;
    if (id) {
      const updated = await tx
        .update(testimonials)
        .set(input)
        .where(eq(testimonials.id, id))
        .returning({ id: testimonials.id });
      if (!updated.length) throw new AdminInputError("Ce témoignage n'existe plus.");
    } else {
      const [created] = await tx.insert(testimonials).values(input).returning({ id: testimonials.id });
      savedId = created?.id ?? null;
    }
    await writeAudit(tx, actor, {
      action: id ? "update" : "create",
      entity: "testimonial",
      entityId: savedId,
      details: { name: input.name, active: input.active },
    });
  });
  await app.events.publish({ table: "testimonials", op: id ? "update" : "insert" });
}

async function deleteTestimonial(app: AppRuntime, actor: Actor, id: string) {
  await app.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(testimonials)
      .where(eq(testimonials.id, id))
      .returning({ name: testimonials.name });
    if (!deleted.length) throw new AdminInputError("Ce témoignage n'existe plus.");
    await writeAudit(tx, actor, {
      action: "delete",
      entity: "testimonial",
      entityId: id,
      details: deleted[0],
    });
  });
  await app.events.publish({ table: "testimonials", op: "delete" });
}

/** The testimonials screen's action: intent = create | update | delete. */
export async function testimonialAction(app: AppRuntime, actor: Actor, form: FormData) {
  const intent = intentOf(form);
  const fields = Object.fromEntries(form) as Record<string, string>;
  if (intent === "create" || intent === "update") {
    const id = intent === "update" ? entityId.safeParse(fields.id) : null;
    if (id && !id.success) return failure(intent, "Erreur lors de la sauvegarde", 400, "Témoignage inconnu.");
    const parsed = testimonialSchema.safeParse(fields);
    if (!parsed.success) return invalid(intent, "Erreur lors de la sauvegarde", parsed.error);
    return attempt(
      app,
      intent,
      "Erreur lors de la sauvegarde",
      intent === "create" ? "Témoignage créé avec succès" : "Témoignage mis à jour avec succès",
      () => saveTestimonial(app, actor, parsed.data, id?.data ?? null),
    );
  }
  if (intent === "delete") {
    const id = entityId.safeParse(fields.id);
    if (!id.success) return failure(intent, "Erreur lors de la suppression", 400, "Témoignage inconnu.");
    return attempt(app, intent, "Erreur lors de la suppression", "Témoignage supprimé avec succès", () =>
      deleteTestimonial(app, actor, id.data),
    );
  }
  return unknownIntent(intent);
}
