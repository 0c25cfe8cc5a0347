// The trainers feature's browser-safe face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export { ExpiringDocumentsCard } from "./components/expiring-documents-card";
export { TrainerDialog } from "./components/trainer-dialog";
export { TrainerDocuments } from "./components/trainer-documents";
export { trainerFiltersFrom } from "./trainer-schema";
export { TRAINER_DOCUMENT_KIND_LABELS, type TrainerDocumentKind, trainerName } from "./vocabulary";
