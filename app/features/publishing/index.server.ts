export {
  type ConsoleKind,
  previewHref,
  publicationAction,
  publicationLoader,
} from "./console-publication.server";
export * from "./preview.server";
export { PublicationScheduler, type Publishable, type ScheduledRow } from "./scheduler.server";
export * from "./versions.server";
