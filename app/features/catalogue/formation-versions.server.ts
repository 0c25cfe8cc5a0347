import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { type Formation, formationAliases, formations } from "~/features/catalogue/schema.server";
import { assertImageExists } from "~/features/media/index.server";
import { pendingDraft, type Snapshot, type VersionedKind } from "~/features/publishing/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import { hasControlCharacters } from "~/platform/control-characters";
import type { Db } from "~/platform/db/client.server";
import type { FormationInput } from "./formation-schema";
import { fundingLabel } from "./funding";

/** What a draft or a version of a formation holds: its form, less 'Publié' (the record's state). */
export type FormationSnapshot = Omit<FormationInput, "active" | "publish">;

// Columns that are the record's state or bookkeeping, never its content.
const NOT_CONTENT = new Set([
  "id",
  "active",
  "demo",
  "createdAt",
  "updatedAt",
  "publishAt",
  "unpublishAt",
  "imageUrl",
]);

const SLUG_TAKEN = "Ce slug est déjà utilisé par une autre formation. Choisissez-en un autre.";

/** Refuses a slug or alias that another formation already answers to, with a French message. */
export async function assertSlugsFree(
  tx: Db,
  input: Pick<FormationSnapshot, "slug" | "aliases">,
  id: string | null,
) {
  const names = [input.slug, ...input.aliases];
  const [bySlug] = await tx
    .select({ id: formations.id })
    .from(formations)
    .where(inArray(formations.slug, names));
  if (bySlug && bySlug.id !== id) {
    throw new AdminInputError(SLUG_TAKEN, "slug");
  }
  const [byAlias] = await tx
    .select({ alias: formationAliases.alias, formationId: formationAliases.formationId })
    .from(formationAliases)
    .where(inArray(formationAliases.alias, names));
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

export { SLUG_TAKEN };

/** Writes a formation's content (its columns and its aliases, replaced as a whole) into row `id`. */
export async function writeFormation(tx: Db, id: string, snapshot: FormationSnapshot): Promise<boolean> {
  await assertSlugsFree(tx, snapshot, id);
  await assertImageExists(tx, snapshot.imageId);
  const { aliases, ...columns } = snapshot;
  const [saved] = await tx
    .update(formations)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(formations.id, id))
    .returning({ id: formations.id });
  if (!saved) return false;
  await tx.delete(formationAliases).where(eq(formationAliases.formationId, id));
  if (aliases.length) {
    await tx.insert(formationAliases).values(aliases.map((alias) => ({ alias, formationId: id })));
  }
  return true;
}

/** Row `id` in the snapshot's shape (aliases included), with its state; locked when `lock`. */
export async function readFormation(tx: Db, id: string, lock = false) {
  const query = tx.select().from(formations).where(eq(formations.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return undefined;
  const aliases = await tx
    .select({ alias: formationAliases.alias })
    .from(formationAliases)
    .where(eq(formationAliases.formationId, id));
  const snapshot: Snapshot = { aliases: aliases.map((a) => a.alias) };
  for (const [key, value] of Object.entries(row)) if (!NOT_CONTENT.has(key)) snapshot[key] = value;
  return { row, snapshot };
}

const now = sql`now()`;

/** Formations for drafts, 'Publier', 'Programmer' and 'Historique' (features/publishing). */
export const formationVersions: VersionedKind = {
  entity: "formation",
  table: "formations",
  noun: "la formation",
  async read(tx, id) {
    const found = await readFormation(tx, id, true);
    if (!found) return undefined;
    const { row, snapshot } = found;
    return {
      snapshot,
      published: row.active,
      title: row.title,
      publishAt: row.publishAt,
      unpublishAt: row.unpublishAt,
    };
  },
  async write(tx, id, snapshot) {
    if (!(await writeFormation(tx, id, snapshot as FormationSnapshot))) {
      throw new AdminInputError("Cette formation n'existe plus.");
    }
  },
  async setPublished(tx, id, published) {
    await tx
      .update(formations)
      .set(
        published
          ? { active: true, publishAt: null, updatedAt: new Date() }
          : { active: false, unpublishAt: null, updatedAt: new Date() },
      )
      .where(eq(formations.id, id));
  },
  async setSchedule(tx, id, dates) {
    await tx.update(formations).set(dates).where(eq(formations.id, id));
  },
  async claimDue(tx, what) {
    const rows =
      what === "publish"
        ? await tx
            .update(formations)
            .set({ publishAt: null })
            .where(lte(formations.publishAt, now))
            .returning({ id: formations.id })
        : await tx
            .update(formations)
            .set({ unpublishAt: null })
            // Only once published: a publication still to come goes first.
            .where(and(lte(formations.unpublishAt, now), isNull(formations.publishAt)))
            .returning({ id: formations.id });
    return rows.map((r) => r.id);
  },
};

/**
 * The formation at `slug` as its draft would show it ('Aperçu'): its pending draft over its row,
 * or its row when it is not public (its row is its draft), whatever its state.
 */
export async function draftFormation(db: Db, slug: string): Promise<Formation | null> {
  if (hasControlCharacters(slug)) return null;
  const [row] = await db.select().from(formations).where(eq(formations.slug, slug)).limit(1);
  if (!row) return null;
  const draft = await pendingDraft(db, formationVersions, row.id);
  const { aliases: _aliases, ...content } = (draft?.snapshot ?? {}) as Partial<FormationSnapshot>;
  const merged = { ...row, ...content };
  return { ...merged, funding: merged.funding.map(fundingLabel) };
}
