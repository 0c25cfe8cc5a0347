import { and, asc, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { entityId, likePattern } from "~/lib/schemas/admin-common";
import { type FormationInput, formationSchema } from "~/lib/schemas/admin-formation";
import type { Db } from "../db/client.server";
import { formationAliases, formations } from "../db/schema.server";
import type { AppRuntime } from "../runtime.server";
import {
  AdminInputError,
  attempt,
  failure,
  intentOf,
  invalid,
  pgErrorCode,
  UNIQUE_VIOLATION,
  unknownIntent,
} from "./action.server";
import { type Actor, writeAudit } from "./audit.server";

export interface FormationFilters {
  q: string;
  type: "alternance" | "courte" | null;
}

export function formationFiltersFrom(params: URLSearchParams): FormationFilters {
  const type = params.get("type");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    type: type === "alternance" || type === "courte" ? type : null,
  };
}

/** Every formation, newest first, with its aliases, filtered by title/short description and type. */
export async function listFormations(db: Db, filters: FormationFilters) {
  const where: SQL[] = [];
  if (filters.q) {
    const pattern = likePattern(filters.q);
    const match = or(ilike(formations.title, pattern), ilike(formations.description, pattern));
    if (match) where.push(match);
  }
  if (filters.type) where.push(eq(formations.formationType, filters.type));
  const rows = await db
    .select()
    .from(formations)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(formations.createdAt));
  const aliases = rows.length
    ? await db
        .select()
        .from(formationAliases)
        .where(
          inArray(
            formationAliases.formationId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    ...row,
    aliases: aliases.filter((a) => a.formationId === row.id).map((a) => a.alias),
  }));
}

export type AdminFormation = Awaited<ReturnType<typeof listFormations>>[number];

/** The testimonial form's choices (SPEC.md §7): active formations, by title. */
export async function activeFormationChoices(db: Db) {
  return db
    .select({ id: formations.id, title: formations.title })
    .from(formations)
    .where(eq(formations.active, true))
    .orderBy(asc(formations.title));
}

const SLUG_TAKEN = "Ce slug est déjà utilisé par une autre formation. Choisissez-en un autre.";

/** Refuses a slug or alias that another formation already answers to, with a French message. */
async function assertSlugsFree(tx: Db, input: FormationInput, id: string | null) {
  const [bySlug] = await tx
    .select({ id: formations.id })
    .from(formations)
    .where(inArray(formations.slug, [input.slug, ...input.aliases]));
  if (bySlug && bySlug.id !== id) {
    throw new AdminInputError(SLUG_TAKEN, "slug");
  }
  const [byAlias] = await tx
    .select({ alias: formationAliases.alias, formationId: formationAliases.formationId })
    .from(formationAliases)
    .where(inArray(formationAliases.alias, [input.slug, ...input.aliases]));
  if (byAlias && byAlias.formationId !== id) {
    const field = byAlias.alias === input.slug ? "slug" : "aliases";
    throw new AdminInputError(
      field === "slug"
        ? SLUG_TAKEN
        : `L'alias « ${byAlias.alias} » est déjà utilisé par une autre formation.`,
      field,
    );
  }
}

async function saveFormation(app: AppRuntime, actor: Actor, input: FormationInput, id: string | null) {
  const { aliases, ...columns } = input;
  try {
    await app.db.transaction(async (tx) => {
      await assertSlugsFree(tx, input, id);
      let savedId = id;
      if (id) {
        const updated = await tx
          .update(formations)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(formations.id, id))
          .returning({ id: formations.id });
        if (!updated.length) throw new AdminInputError("Cette formation n'existe plus.");
        await tx.delete(formationAliases).where(eq(formationAliases.formationId, id));
      } else {
        const [created] = await tx.insert(formations).values(columns).returning({ id: formations.id });
        savedId = created?.id ?? null;
      }
      if (!savedId) throw new Error("formation not saved");
      if (aliases.length) {
        await tx.insert(formationAliases).values(aliases.map((alias) => ({ alias, formationId: savedId })));
      }
      await writeAudit(tx, actor, {
        action: id ? "update" : "create",
        entity: "formation",
        entityId: savedId,
        details: { title: input.title, slug: input.slug },
      });
    });
  } catch (error) {
    // Two staff saving the same slug at once: the unique index decides, the message stays French.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AdminInputError(SLUG_TAKEN, "slug");
    throw error;
  }
  await app.events.publish({ table: "formations", op: id ? "update" : "insert" });
}

async function deleteFormation(app: AppRuntime, actor: Actor, id: string) {
  await app.db.transaction(async (tx) => {
    // Testimonials that pointed here become general (ON DELETE SET NULL); aliases go with it.
    const deleted = await tx
      .delete(formations)
      .where(eq(formations.id, id))
      .returning({ title: formations.title, slug: formations.slug });
    if (!deleted.length) throw new AdminInputError("Cette formation n'existe plus.");
    await writeAudit(tx, actor, { action: "delete", entity: "formation", entityId: id, details: deleted[0] });
  });
  await app.events.publish({ table: "formations", op: "delete" });
}

/** The formations screen's action: intent = create | update | delete. */
export async function formationAction(app: AppRuntime, actor: Actor, form: FormData) {
  const intent = intentOf(form);
  const fields = Object.fromEntries(form) as Record<string, string>;
  if (intent === "create" || intent === "update") {
    const id = intent === "update" ? entityId.safeParse(fields.id) : null;
    if (id && !id.success) return failure(intent, "Erreur lors de la sauvegarde", 400, "Formation inconnue.");
    const parsed = formationSchema.safeParse(fields);
    if (!parsed.success) return invalid(intent, "Erreur lors de la sauvegarde", parsed.error);
    return attempt(
      app,
      intent,
      "Erreur lors de la sauvegarde",
      intent === "create" ? "Formation créée avec succès" : "Formation mise à jour avec succès",
      () => saveFormation(app, actor, parsed.data, id?.data ?? null),
    );
  }
  if (intent === "delete") {
    const id = entityId.safeParse(fields.id);
    if (!id.success) return failure(intent, "Erreur lors de la suppression", 400, "Formation inconnue.");
    return attempt(app, intent, "Erreur lors de la suppression", "Formation supprimée avec succès", () =>
      deleteFormation(app, actor, id.data),
    );
  }
  return unknownIntent(intent);
}
