/**
 * The catalogue's filters, pure so that the server filters the first render
 * and the browser filters live as the visitor types, with exactly the same rules.
 */
import { FORMATION_LEVELS, type FormationLevel } from "./levels";
import { FORMATION_TYPES, type FormationType } from "./vocabulary";

export const TYPE_FILTERS = ["all", ...FORMATION_TYPES] as const;
/**
 * The two level filters, on the national framework (levels.ts), or all: 'Niveau' (`niveau`) is the
 * level of the diploma or title obtained, what a visitor looking for a Bac+2 means by 'Niveau 5';
 * 'Niveau requis' (`requis`) is the level needed to enter.
 */
export const LEVEL_FILTERS = ["all", ...FORMATION_LEVELS] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];
export type LevelFilter = (typeof LEVEL_FILTERS)[number];

export interface CatalogueFilters {
  q: string;
  type: TypeFilter;
  /** The level reached ('Niveau'). */
  level: LevelFilter;
  /** The level required to enter ('Niveau requis'). */
  required: LevelFilter;
  /** A goal id from the home page's picker (features/catalogue/goals.ts), or "" for none. */
  objectif: string;
}

/** What a card needs and what the filters read. */
export interface CatalogueItem {
  slug: string;
  title: string;
  description: string;
  formationType: FormationType;
  /** The level required to enter ('Niveau requis'). */
  entryLevel: FormationLevel | null;
  /** Its label, from the server (the card shows it; features/catalogue/levels.ts stays out of the page). */
  entryLevelLabel?: string | null;
  /** The level of the diploma or title obtained ('Niveau de sortie'); null: none. */
  exitLevel: FormationLevel | null;
  skills: string[];
  duration: string;
  format: string | null;
  badge: string | null;
  rncpCode: string | null;
  funding: string[];
  /** The goal picker's goals this formation serves (app/features/catalogue/goals.ts ids). */
  goals: string[];
  /** Start date (YYYY-MM-DD) of the next session still taking applications, if any. */
  nextSession?: string | null;
  /** Its picture from the médiathèque, as markup the server wrote (none: the card has no picture). */
  picture?: string | null;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/**
 * The `niveau` values shared links used before the filters followed the national framework, and
 * the filter each now stands for: 'Débutant' offered courses open to all (nothing required), 'Niveau
 * 4' and 'Niveau 5' the courses leading to a Bac or a Bac+2.
 */
const LEGACY_LEVELS: Record<string, { param: "niveau" | "requis"; level: FormationLevel }> = {
  debutant: { param: "requis", level: "sans-niveau" },
  niveau4: { param: "niveau", level: "niveau-4" },
  niveau5: { param: "niveau", level: "niveau-5" },
};

/**
 * The address an old `niveau` value (a link shared or bookmarked before) now lives at, the other
 * parameters kept; null when the address is current.
 */
export function currentLevelSearch(params: URLSearchParams): string | null {
  const legacy = LEGACY_LEVELS[params.get("niveau") ?? ""];
  if (!legacy) return null;
  const next = new URLSearchParams(params);
  if (legacy.param === "requis") next.delete("niveau");
  next.set(legacy.param, legacy.level);
  return `?${next.toString()}`;
}

/** Unknown values fall back to "all" rather than failing: a mistyped shared link still shows results. */
export function parseFilters(params: URLSearchParams, forcedType?: TypeFilter): CatalogueFilters {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    type: forcedType ?? oneOf(TYPE_FILTERS, params.get("type"), "all"),
    level: oneOf(LEVEL_FILTERS, params.get("niveau"), "all"),
    required: oneOf(LEVEL_FILTERS, params.get("requis"), "all"),
    objectif: (params.get("objectif") ?? "").slice(0, 40),
  };
}

/** The query string of a filtered view (defaults left out), for shareable URLs. */
export function filtersToSearch(filters: CatalogueFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.type !== "all") params.set("type", filters.type);
  if (filters.level !== "all") params.set("niveau", filters.level);
  if (filters.required !== "all") params.set("requis", filters.required);
  if (filters.objectif) params.set("objectif", filters.objectif);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** 'Niveau requis' keeps the courses whose required level is the one chosen. */
export function matchesRequiredLevel(entryLevel: FormationLevel | null, level: LevelFilter): boolean {
  return level === "all" || entryLevel === level;
}

/**
 * 'Niveau' keeps the courses leading to a diploma or title of the level chosen; 'Sans niveau
 * spécifique' the courses leading to none (no level of exit said).
 */
export function matchesReachedLevel(exitLevel: FormationLevel | null, level: LevelFilter): boolean {
  return level === "all" || (exitLevel ?? "sans-niveau") === level;
}

/** Case-insensitive substring on title, description or any skill. */
export function matchesSearch(item: CatalogueItem, q: string): boolean {
  const needle = q.trim().toLocaleLowerCase("fr");
  if (!needle) return true;
  const has = (text: string) => text.toLocaleLowerCase("fr").includes(needle);
  return has(item.title) || has(item.description) || item.skills.some(has);
}

/** All filters combined with AND. `goal` (a known goal id) restricts to the formations serving it. */
export function filterCatalogue<T extends CatalogueItem>(
  items: readonly T[],
  filters: CatalogueFilters,
  goal?: string | null,
): T[] {
  return items.filter(
    (item) =>
      (filters.type === "all" || item.formationType === filters.type) &&
      matchesReachedLevel(item.exitLevel, filters.level) &&
      matchesRequiredLevel(item.entryLevel, filters.required) &&
      matchesSearch(item, filters.q) &&
      (!goal || item.goals.includes(goal)),
  );
}
