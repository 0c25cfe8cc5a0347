/** Header links (SPEC.md §2.2). */
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

/** Footer links (SPEC.md §2.1). The short course slugs answer 301 to the canonical pages. */
export const FOOTER_FORMATIONS = [
  { to: "/formation/assistant-rh", label: "TP Assistant Ressources Humaines" },
  { to: "/formation/assistant-commercial", label: "TP Assistant Commercial" },
  { to: "/formation/bac-pro-logistique", label: "Bac Pro Logistique" },
  { to: "/formation/wordpress", label: "Formation WordPress" },
  { to: "/formation/developpeur-web", label: "Formation Développeur Web" },
] as const;

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
] as const;
