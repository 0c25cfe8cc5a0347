import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import { type Formation, formationAliases, formations } from "~/features/catalogue/schema.server";
import { cardPicture, pictureColumns } from "~/features/media/index.server";
import { media } from "~/features/media/schema.server";
import { hasControlCharacters } from "~/platform/control-characters";
import { parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import type { CatalogueItem } from "./catalogue";
import { fundingLabel } from "./funding";
import { levelLabel } from "./levels";
import type { FormationType } from "./vocabulary";

/**
 * Public reads of the catalogue. Every query here filters on `active = true`:
 * an inactive formation does not exist for visitors.
 */
const isActive = eq(formations.active, true);

const cardColumns = {
  slug: formations.slug,
  title: formations.title,
  description: formations.description,
  formationType: formations.formationType,
  entryLevel: formations.entryLevel,
  exitLevel: formations.exitLevel,
  skills: formations.skills,
  duration: formations.duration,
  format: formations.format,
  badge: formations.badge,
  rncpCode: formations.rncpCode,
  funding: formations.funding,
  goals: formations.goals,
};

/**
 * The first start among a formation's sessions still taking applications (closed ones left out).
 * The outer column is written with its table: Drizzle renders it unqualified in a select list.
 */
const nextSession = (today: string) =>
  sql<string | null>`(select min(s.start_date)::text from formation_sessions s
    where s.formation_id = "formations"."id" and not s.closed and s.start_date >= ${today}
      and coalesce(s.application_deadline, s.start_date) >= ${today})`;

/** Every public list follows the order staff set (position), newest first among equals. */
const publicOrder = [asc(formations.position), desc(formations.createdAt), asc(formations.title)];

/**
 * Active formations as catalogue cards, in the staff-set order. `list`: the catalogue's list, whose
 * pictures are thumbnails on a phone and whose first picture is the page's largest from 640 px,
 * fetched first.
 */
export async function listActiveFormations(
  db: Db,
  { list = false }: { list?: boolean } = {},
): Promise<CatalogueItem[]> {
  const rows = await db
    .select({ ...cardColumns, nextSession: nextSession(parisToday()), image: pictureColumns })
    .from(formations)
    .leftJoin(media, eq(media.id, formations.imageId))
    .where(isActive)
    .orderBy(...publicOrder);
  return rows.map(({ image, ...row }, i) => ({
    ...row,
    picture: image && cardPicture(image, { priority: list && i === 0, thumbnailOnPhones: list }),
    funding: row.funding.map(fundingLabel),
    entryLevelLabel: levelLabel(row.entryLevel),
  }));
}

/** A formation as a link or a form choice: the footer, the contact form, the callback dialog. */
export interface FormationLink {
  slug: string;
  title: string;
  /** What the footer, the navigation and the catalogue's introduction say the centre offers. */
  formationType: FormationType;
}

/** Active formations' titles and slugs, in the staff-set order (small: it rides on every public page). */
export async function listFormationLinks(db: Db): Promise<FormationLink[]> {
  return db
    .select({ slug: formations.slug, title: formations.title, formationType: formations.formationType })
    .from(formations)
    .where(isActive)
    .orderBy(...publicOrder);
}

/**
 * The active formation a form value names: its slug, one of its aliases (the footer's short slugs)
 * or its title, any case. Null for an unknown or deactivated formation, which the forms refuse.
 */
export async function findActiveFormation(db: Db, value: string): Promise<FormationLink | null> {
  const needle = value.trim().toLowerCase();
  if (!needle) return null;
  const [row] = await db
    .select({ slug: formations.slug, title: formations.title, formationType: formations.formationType })
    .from(formations)
    .leftJoin(formationAliases, eq(formationAliases.formationId, formations.id))
    .where(
      and(
        isActive,
        or(
          eq(formations.slug, needle),
          eq(formationAliases.alias, needle),
          eq(sql`lower(${formations.title})`, needle),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function getActiveFormation(db: Db, slug: string): Promise<Formation | null> {
  // An address with a NUL ('/formation/%00') names no formation; PostgreSQL would refuse the query.
  if (hasControlCharacters(slug)) return null;
  const [row] = await db
    .select()
    .from(formations)
    .where(and(eq(formations.slug, slug), isActive))
    .limit(1);
  // Funders named as visitors know them, here rather than in the page (no code for it in the browser).
  return row ? { ...row, funding: row.funding.map(fundingLabel) } : null;
}

/** The canonical slug an alias points to, when that formation is active. */
export async function canonicalSlugForAlias(db: Db, alias: string): Promise<string | null> {
  if (hasControlCharacters(alias)) return null;
  const [row] = await db
    .select({ slug: formations.slug })
    .from(formationAliases)
    .innerJoin(formations, eq(formations.id, formationAliases.formationId))
    .where(and(eq(formationAliases.alias, alias), isActive))
    .limit(1);
  return row?.slug ?? null;
}

/** For the sitemap: every active formation's slug and last change. */
export async function listActiveFormationSlugs(
  db: Db,
): Promise<{ slug: string; updatedAt: Date; formationType: string }[]> {
  return db
    .select({
      slug: formations.slug,
      updatedAt: formations.updatedAt,
      formationType: formations.formationType,
    })
    .from(formations)
    .where(isActive)
    .orderBy(desc(formations.updatedAt));
}
