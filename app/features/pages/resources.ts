import { pageItems } from "./definitions";

/** A document of the resources centre, as Pages › Ressources lists it (title, address, description). */
export interface Resource {
  title: string;
  href: string;
  description: string;
}

/** The documents field: each block's first line its title, its second the address, the rest its description. */
export function resourcesOf(source: string | undefined): Resource[] {
  return pageItems(source).map(({ title, lines: [href = "", ...rest] }) => ({
    title,
    href,
    description: rest.join(" "),
  }));
}

/** Case-insensitive on the title or the description. */
export function filterResources(resources: readonly Resource[], query: string): Resource[] {
  const needle = query.trim().toLocaleLowerCase("fr");
  if (!needle) return [...resources];
  return resources.filter(
    (r) =>
      r.title.toLocaleLowerCase("fr").includes(needle) ||
      r.description.toLocaleLowerCase("fr").includes(needle),
  );
}
