/**
 * The console's screens that had English paths before every console URL was made French, old segment
 * under /admin → new one. An old path, and anything under it, answers a permanent redirect to the new
 * path with its query string, so that bookmarks and links kept from before keep working. Entries stay:
 * removing one breaks those links.
 */
export const RENAMED_CONSOLE_PATHS = {
  blog: "articles",
  testimonials: "temoignages",
  users: "utilisateurs",
  statistics: "statistiques",
  settings: "parametres",
  calendar: "calendrier",
} as const satisfies Record<string, string>;

export type RenamedConsolePath = keyof typeof RENAMED_CONSOLE_PATHS;

const isRenamed = (segment: string): segment is RenamedConsolePath =>
  Object.hasOwn(RENAMED_CONSOLE_PATHS, segment);

/**
 * Where `url` (an old console path: `/admin/statistics/entonnoir.csv?periode=12-mois`) now lives
 * (`/admin/statistiques/entonnoir.csv?periode=12-mois`), or null when it is not an old path.
 */
export function renamedConsoleUrl(url: URL): string | null {
  const match = /^\/admin\/([^/]+)(\/.*)?$/.exec(url.pathname);
  const [, segment = "", rest = ""] = match ?? [];
  if (!isRenamed(segment)) return null;
  return `/admin/${RENAMED_CONSOLE_PATHS[segment]}${rest}${url.search}`;
}
