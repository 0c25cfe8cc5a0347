import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import { can } from "~/features/accounts";
import { crudAction } from "~/features/audit/index.server";
import { type Formation, formationAliases, formations } from "~/features/catalogue/schema.server";
import {
  forgetVersions,
  idsWithDraft,
  publishRecord,
  saveEdit,
  unpublishRecord,
} from "~/features/publishing/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import { countRows, readPage, searchMatch } from "~/platform/console/paging.server";
import type { Db } from "~/platform/db/client.server";
import { searchQuery } from "~/platform/form-schema";
import { applicationUses } from "./application-uses.server";
import { type FormationInput, formationSchema } from "./formation-schema";
import { assertSlugsFree, formationVersions, SLUG_TAKEN, writeFormation } from "./formation-versions.server";

const DRAFT_SAVED = "Brouillon enregistré : la version publiée reste en ligne jusqu'à « Publier »";

function refusePublication(): never {
  throw new AdminInputError(
    "Publier ou dépublier est réservé aux administrateurs : laissez « En ligne sur le site » comme il était, la modification sera un brouillon.",
    "active",
  );
}

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
  return { ...list, items: await forEditor(db, list.items) };
}

/**
 * Formations as the console shows and edits them: with their aliases, the pending draft over the
 * row (the editor opens on the changes staff are working on), and what the Lhéo export still needs.
 */
async function forEditor(db: Db, rows: Formation[]) {
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
  const [lheo, drafts] = await Promise.all([lheoReadiness(db, rows), idsWithDraft(db, formationVersions)]);
  return rows.map((row) => ({
    ...row,
    aliases: aliases.filter((a) => a.formationId === row.id).map((a) => a.alias),
    ...(drafts.get(row.id) as Partial<Formation> | undefined),
    hasDraft: drafts.has(row.id),
    /** What the Lhéo export still needs of it (empty: it is in the export while active). */
    lheoMissing: lheo.get(row.id) ?? [],
  }));
}

/** One formation for its editor page; null when there is none of that id. */
export async function formationForEditor(db: Db, id: string) {
  const rows = await db.select().from(formations).where(eq(formations.id, id));
  const [formation] = await forEditor(db, rows);
  return formation ?? null;
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
  async save(tx, input, id, actor, _app, role) {
    const { active, publish, ...snapshot } = input;
    // 'En ligne sur le site' on a formation not yet public is 'Publier': the publishers' (permissions.ts).
    const mayPublish = can(role, "content:publish");
    if (!id) {
      if (active && !mayPublish) refusePublication();
      await assertSlugsFree(tx, snapshot, null);
      const { aliases: _aliases, ...columns } = snapshot;
      const [created] = await tx
        .insert(formations)
        .values({ ...columns, active: false })
        .returning({ id: formations.id });
      if (!created) return undefined;
      await writeFormation(tx, created.id, snapshot);
      if (active) await publishRecord(tx, formationVersions, created.id, actor);
      return created.id;
    }
    const [exists] = await tx.select({ id: formations.id }).from(formations).where(eq(formations.id, id));
    if (!exists) return undefined;
    // A published formation keeps what visitors see: the edit is its draft until 'Publier'…
    if ((await saveEdit(tx, formationVersions, id, snapshot, actor)) === "draft") {
      if (active && !publish) return { id, toast: DRAFT_SAVED };
      // 'Publier' beside 'Enregistrer le brouillon': the draft just saved goes public.
      if (!mayPublish) refusePublication();
      if (active) {
        await publishRecord(tx, formationVersions, id, actor);
        return id;
      }
      // 'En ligne sur le site' turned off: it leaves the site, the edit in its row.
      await unpublishRecord(tx, formationVersions, id);
      return id;
    }
    if (active) {
      if (!mayPublish) refusePublication();
      await publishRecord(tx, formationVersions, id, actor);
    }
    return id;
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
    await forgetVersions(tx, formationVersions, id);
    // Applications keep their session (ON DELETE RESTRICT), so a formation that received some stays.
    if (await applicationUses().formationApplied(tx, id)) {
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
