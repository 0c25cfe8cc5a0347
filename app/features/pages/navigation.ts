import type { PageId } from "./definitions";
import type { FormationKinds } from "./formation-kinds";

export interface NavLink {
  to: string;
  label: string;
  children?: readonly NavLink[];
}

/**
 * Links to the pages of the centre's own words show once the page is published (features/pages,
 * `centreText`): before that the page says nothing of the centre, so nothing points to it. Contact
 * is always offered: its form and the centre's details need no text of the centre's.
 */
const CENTRE_PAGES: readonly (NavLink & { page: PageId })[] = [
  { to: "/financements", label: "Financements", page: "financements" },
  { to: "/notre-centre", label: "Notre centre", page: "notre-centre" },
  { to: "/ressources", label: "Ressources", page: "ressources" },
];

const CONTACT: NavLink = { to: "/contact", label: "Contact" };

function centreLinks(published: readonly string[]): NavLink[] {
  return CENTRE_PAGES.filter((link) => published.includes(link.page)).map(({ to, label }) => ({
    to,
    label,
  }));
}

/** Header links: the catalogue's sub-lists only for the kinds of formation the centre has. */
export function headerLinks(published: readonly string[], kinds: FormationKinds): NavLink[] {
  const children = [
    kinds.alternance ? { to: "/formations/alternance", label: "Formations en alternance" } : null,
    kinds.courte ? { to: "/formations/courtes", label: "Formations courtes" } : null,
  ].filter((link) => link !== null);
  return [
    { to: "/", label: "Accueil" },
    { to: "/formations", label: "Formations", ...(children.length > 1 ? { children } : {}) },
    ...centreLinks(published),
    CONTACT,
  ];
}

/** Footer links. 'Nos formations' lists the active formations from the database. */
export function footerCentreLinks(published: readonly string[]): NavLink[] {
  return [...centreLinks(published), CONTACT];
}

export const FOOTER_LEGAL = [
  { to: "/mentions-legales", label: "Mentions légales" },
  { to: "/politique-confidentialite", label: "Politique de confidentialité" },
  { to: "/cgu", label: "CGU" },
  { to: "/reclamation", label: "Faire une réclamation" },
] as const;
