import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import {
  AdminInputError,
  countRows,
  crudAction,
  readPage,
  searchMatch,
} from "~/features/console/index.server";
import { assertImageExists } from "~/features/media/index.server";
import type { Db } from "~/platform/db/client.server";
import { applications, formationAliases, formationSessions, formations } from "~/platform/db/schema.server";
import { searchQuery } from "~/platform/form-schema";
import { type FormationInput, formationSchema } from "./formation-schema";
import { lheoReadiness } from "./lheo/lheo.server";

export interface FormationFilters {
  q: string;
  type: "alternance" | "courte" | null;
}

export function formationFiltersFrom(params: URLSearchParams): FormationFilters {
  const type = params.get("type");
  return {
    q: searchQuery(params),
    type: type === "alternance" || type === "courte" ? type : null,
  };
}

/**
 * One page of formations in the public order (staff-set position, then newest first), with their
 * aliases, filtered by title/short description and type.
 */
export async function formationsPage(db: Db, filters: FormationFilters, page: number) {
  const where: SQL[] = [];
  if (filters.q) where.push(searchMatch(filters.q, formations.title, formations.description));
  if (filters.type) where.push(eq(formations.formationType, filters.type));
  const clause = where.length ? and(...where) : undefined;
  const list = await readPage(
    page,
    () => countRows(db, formations, clause),
    (limit, offset) =>
      db
        .select()
        .from(formations)
        .where(clause)
        .orderBy(asc(formations.position), desc(formations.createdAt), desc(formations.id))
        .limit(limit)
        .offset(offset),
  );
  const rows = list.items;
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
  const lheo = await lheoReadiness(db, rows);
  return {
    ...list,
    items: rows.map((row) => ({
      ...row,
      aliases: aliases.filter((a) => a.formationId === row.id).map((a) => a.alias),
      /** What the Lhéo export still needs of it (empty: it is in the export while active). */
      lheoMissing: lheo.get(row.id) ?? [],
    })),
  };
}

export type AdminFormation = Awaited<ReturnType<typeof formationsPage>>["items"][number];

/** The testimonial form's choices: active formations, by title. */
export async function activeFormationChoices(db: Db) {
  const rows = await db
    .select({ id: formations.id, title: formations.title })
    .from(formations)
    .where(eq(formations.active, true));
  // Sorted as a French reader expects ('existante' before 'WordPress', 'é' beside 'e'), the same on
  // both drivers: the database's collation may sort by byte, capitals first.
  return rows.sort((a, b) => frenchOrder.compare(a.title, b.title));
}

const frenchOrder = new Intl.Collator("fr", { sensitivity: "base" });

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

/** The formations screen's action: intent = create | update | delete. */
export const formationAction = crudAction<FormationInput>({
  permission: "formations:write",
  schema: formationSchema,
  entity: "formation",
  table: "formations",
  messages: {
    unknown: "Formation inconnue.",
    gone: "Cette formation n'existe plus.",
    created: "Formation créée avec succès",
    updated: "Formation mise à jour avec succès",
    deleted: "Formation supprimée avec succès",
    slugTaken: SLUG_TAKEN,
  },
  async save(tx, input, id) {
    await assertSlugsFree(tx, input, id);
    await assertImageExists(tx, input.imageId);
    const { aliases, ...columns } = input;
    const [saved] = id
      ? await tx
          .update(formations)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(formations.id, id))
          .returning({ id: formations.id })
      : await tx.insert(formations).values(columns).returning({ id: formations.id });
    if (!saved) return undefined;
    // The aliases are replaced as a whole: the form always posts the complete list.
    if (id) await tx.delete(formationAliases).where(eq(formationAliases.formationId, id));
    if (aliases.length) {
      await tx.insert(formationAliases).values(aliases.map((alias) => ({ alias, formationId: saved.id })));
    }
    return saved.id;
  },
  async current(tx, id) {
    const [row] = await tx.select().from(formations).where(eq(formations.id, id));
    if (!row) return undefined;
    const aliases = await tx
      .select({ alias: formationAliases.alias })
      .from(formationAliases)
      .where(eq(formationAliases.formationId, id));
    return { ...row, aliases: aliases.map((a) => a.alias) };
  },
  title: (_tx, input) => input.title,
  async remove(tx, id) {
    // Applications keep their session (ON DELETE RESTRICT), so a formation that received some stays.
    const [applied] = await tx
      .select({ id: applications.id })
      .from(applications)
      .innerJoin(formationSessions, eq(formationSessions.id, applications.sessionId))
      .where(eq(formationSessions.formationId, id))
      .limit(1);
    if (applied) {
      throw new AdminInputError("Cette formation a reçu des candidatures : désactivez-la plutôt.");
    }
    // Testimonials that pointed here become general (ON DELETE SET NULL); aliases and sessions go with it.
    const [deleted] = await tx
      .delete(formations)
      .where(eq(formations.id, id))
      .returning({ title: formations.title });
    return deleted;
  },
});
