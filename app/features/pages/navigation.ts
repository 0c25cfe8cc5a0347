/** Header links. */
export const HEADER_LINKS = [
  { to: "/", label: "Accueil" },
  {
    to: "/formations",
    label: "Formations",
    children: [
      { to: "/formations/alternance", label: "Formations en alternance" },
      { to: "/formations/courtes", label: "Formations courtes" },
    ],
  },
  { to: "/financements", label: "Financements" },
  { to: "/notre-centre", label: "Notre centre" },
  { to: "/ressources", label: "Ressources" },
  { to: "/contact", label: "Contact" },
] as const;

/** Footer links. 'Nos formations' lists the active formations from the database. */
export const FOOTER_CENTRE = [
  { to: "/financements", label: "Financements" },
  { to: "/notre-centre", label: "Notre centre" },
  { to: "/ressources", label: "Ressources" },
  { to: "/contact", label: "Contact" },
] as const;

export const FOOTER_LEGAL = [
  { to: "/mentions-legales", label: "Mentions légales" },
  { to: "/politique-confidentialite", label: "Politique de confidentialité" },
  { to: "/cgu", label: "CGU" },
  { to: "/reclamation", label: "Faire une réclamation" },
] as const;
