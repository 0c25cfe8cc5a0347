// The pages feature's browser-safe face for the routes and other features: they import from here, never from
// its files (docs/architecture.md).

export { SiteFooter } from "./components/footer";
export { SiteHeader } from "./components/header";
export { LegalPage } from "./components/legal-page";
export { PageEditor } from "./components/page-editor";
export type { PageContent, PageId } from "./definitions";
export { isPageId, PAGES, type PageItem, pageDefinition, pageItems } from "./definitions";
export { type FormationKinds, formationKindsLabel, formationKindsOf } from "./formation-kinds";
export { controllerSections, publisherSections } from "./legal";
export { FOOTER_LEGAL, footerCentreLinks, headerLinks } from "./navigation";
export { centrePageMeta } from "./page-meta";
export { filterResources, resourcesOf } from "./resources";
