import { and, asc, desc, eq } from "drizzle-orm";
import type { CatalogueItem } from "~/lib/catalogue";
import type { Db } from "./db/client.server";
import { type Formation, formationAliases, formations } from "./db/schema.server";

/**
 * Public reads of the catalogue (DESIGN.md §4.1). Every query here filters on `active = true`:
 * an inactive formation does not exist for visitors.
 */
const isActive = eq(formations.active, true);

const cardColumns = {
  slug: formations.slug,
  title: formations.title,
  description: formations.description,
  formationType: formations.formationType,
  levelRequired: formations.levelRequired,
  skills: formations.skills,
  duration: formations.duration,
  format: formations.format,
  badge: formations.badge,
  rncpCode: formations.rncpCode,
  funding: formations.funding,
};

/** Active formations as catalogue cards, newest first like the console (the seed keeps SPEC.md's order). */
export async function listActiveFormations(db: Db): Promise<CatalogueItem[]> {
  return db
    .select(cardColumns)
    .from(formations)
    .where(isActive)
    .orderBy(desc(formations.createdAt), asc(formations.title));
}

export async function getActiveFormation(db: Db, slug: string): Promise<Formation | null> {
  const [row] = await db
    .select()
    .from(formations)
    .where(and(eq(formations.slug, slug), isActive))
    .limit(1);
  return row ?? null;
}

/** The canonical slug an alias points to, when that formation is active (DESIGN.md §4.2). */
export async function canonicalSlugForAlias(db: Db, alias: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: formations.slug })
    .from(formationAliases)
    .innerJoin(formations, eq(formations.id, formationAliases.formationId))
    .where(and(eq(formationAliases.alias, alias), isActive))
    .limit(1);
  return row?.slug ?? null;
}

/** For the sitemap: every active formation's slug and last change. */
export async function listActiveFormationSlugs(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: formations.slug, updatedAt: formations.updatedAt })
    .from(formations)
    .where(isActive)
    .orderBy(desc(formations.updatedAt));
}
